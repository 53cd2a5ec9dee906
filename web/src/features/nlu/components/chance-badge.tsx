import { NLU_CHANCE_LABELS, type NluChance } from '@app/common/schemas/nlu';
import { Badge } from '../../../components/badge.tsx';

const TONE = { likely: 'green', borderline: 'amber', unlikely: 'red' } as const;

/** Likely / Borderline / Unlikely: the word and its colour, never the colour alone. */
export function ChanceBadge({ chance }: { chance: NluChance }) {
  return <Badge tone={TONE[chance]}>{NLU_CHANCE_LABELS[chance]}</Badge>;
}
