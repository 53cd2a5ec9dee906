import { ENQUIRY_STAGE_LABELS, type EnquiryStage } from '@app/common/schemas/enquiries';
import { Badge } from '../../../components/badge.tsx';
import { STAGE_TONES } from '../desk-format.ts';

export function StageBadge({ stage }: { stage: EnquiryStage }) {
  return <Badge tone={STAGE_TONES[stage]}>{ENQUIRY_STAGE_LABELS[stage]}</Badge>;
}
