import type { PaymentStatus } from '@app/common/schemas/payments';
import { Badge } from '../../../components/badge.tsx';
import { STATUS_LABELS, STATUS_TONES } from '../labels.ts';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
