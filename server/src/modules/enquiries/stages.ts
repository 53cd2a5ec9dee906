import { ENQUIRY_STAGE_LABELS, type EnquiryStage, FUNNEL_STAGES, type FunnelStage, type LostReason } from '@app/common/schemas/enquiries';
import type { EnquiryRow } from './dto.ts';

// How an enquiry moves through the stages (docs/product-admissions-desk.md, "Stages"). Reaching a stage
// stamps its `*_at` column the first time only; a stage skipped on the way (new straight to visited) gets
// no stamp: the funnel counts it as passed because a later stamp exists.

type StampKey = 'contactedAt' | 'counsellingBookedAt' | 'visitedAt' | 'appliedAt' | 'admittedAt' | 'lostAt';
export const STAMP_OF: Record<Exclude<EnquiryStage, 'new'>, StampKey> = {
  contacted: 'contactedAt',
  counselling_booked: 'counsellingBookedAt',
  visited: 'visitedAt',
  applied: 'appliedAt',
  admitted: 'admittedAt',
  lost: 'lostAt',
};

/** The position of a stage in the funnel (lost has none). */
export const funnelIndex = (stage: EnquiryStage): number => (FUNNEL_STAGES as readonly string[]).indexOf(stage);

type Stamps = Pick<EnquiryRow, StampKey>;

/** The furthest funnel stage an enquiry's stamps show it reached (new when it has none). */
export function furthestStage(row: Stamps): FunnelStage {
  for (let i = FUNNEL_STAGES.length - 1; i > 0; i--) {
    const stage = FUNNEL_STAGES[i] as Exclude<FunnelStage, 'new'>;
    if (row[STAMP_OF[stage]]) return stage;
  }
  return 'new';
}

export type StageChange = Partial<Pick<EnquiryRow, StampKey | 'stage' | 'lostReason' | 'nextFollowUp'>>;

/**
 * The columns that move an enquiry to `stage` at `now`: the stage, its stamp when it has none yet, the
 * reason of a loss (cleared when it is reopened), and no follow-up once it has ended (admitted or lost:
 * nobody is to call them again).
 */
export function moveTo(row: EnquiryRow, stage: EnquiryStage, now: Date, lostReason?: LostReason | null): StageChange {
  const change: StageChange = { stage, lostReason: stage === 'lost' ? (lostReason ?? row.lostReason) : null };
  if (stage !== 'new' && !row[STAMP_OF[stage]]) change[STAMP_OF[stage]] = now;
  if (stage === 'admitted' || stage === 'lost') change.nextFollowUp = null;
  return change;
}

export const stageOutcome = (from: EnquiryStage, to: EnquiryStage, why?: string) =>
  `${ENQUIRY_STAGE_LABELS[from]} → ${ENQUIRY_STAGE_LABELS[to]}${why ? `: ${why}` : ''}`;
