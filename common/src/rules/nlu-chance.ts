import {
  ALL_INDIA_QUOTA,
  domicileQuota,
  type IndianState,
  type NluCategory,
  type NluChance,
  type NluCutoff,
  type NluPrediction,
} from '../schemas/nlu.ts';

// The NLU helper's rule, its one home (docs/product-admissions-desk.md, "NLU counselling helper"):
//
// 1. For each NLU, the cut-offs of its latest year, and of that year its last round (rounds ordered by
//    the number in their name: "Round 2" after "Round 1"; a round with no number before the numbered
//    ones; equal numbers by name). Older years and rounds are ignored for that NLU.
// 2. In that round, the closing rank for the visitor's category in the All India quota and, when the
//    visitor's domicile is given and the NLU has that state's domicile quota, in it too; the better of the
//    two (the larger closing rank) is compared. An NLU with neither row for the category is left out:
//    no figure is ever invented.
// 3. rank ≤ 90% of the closing rank → likely; rank ≤ 110% → borderline; else unlikely. Compared in whole
//    numbers (10 × rank ≤ 9 × closing, 10 × rank ≤ 11 × closing), so nothing is rounded: a rank exactly at
//    90% or 110% is the better word.
// 4. Sorted likely first, then borderline, then unlikely; within each, by closing rank (the most sought
//    NLU first), then by name.

/** The word for a rank against a closing rank (step 3). */
export function chanceOf(rank: number, closingRank: number): NluChance {
  if (10 * rank <= 9 * closingRank) return 'likely';
  if (10 * rank <= 11 * closingRank) return 'borderline';
  return 'unlikely';
}

/** The number a round's name carries ("Round 3" → 3), or -1 when it has none. */
const roundNumber = (round: string) => {
  const m = round.match(/\d+/);
  return m ? Number(m[0]) : -1;
};

/** Negative when round a comes before round b in a year's counselling. */
export function compareRounds(a: string, b: string): number {
  return roundNumber(a) - roundNumber(b) || a.localeCompare(b);
}

const ORDER: Record<NluChance, number> = { likely: 0, borderline: 1, unlikely: 2 };

export type PredictInput = { rank: number; category: NluCategory; domicile?: IndianState | null };

/** Steps 1 to 4 on the cut-offs the institute entered. */
export function predictNlus(cutoffs: readonly NluCutoff[], { rank, category, domicile }: PredictInput): NluPrediction[] {
  const latest = new Map<string, { year: number; round: string }>();
  for (const c of cutoffs) {
    const at = latest.get(c.nlu);
    if (!at || c.year > at.year || (c.year === at.year && compareRounds(c.round, at.round) > 0))
      latest.set(c.nlu, { year: c.year, round: c.round });
  }
  const quotas = new Set([ALL_INDIA_QUOTA, ...(domicile ? [domicileQuota(domicile)] : [])]);
  const best = new Map<string, NluCutoff>();
  for (const c of cutoffs) {
    const at = latest.get(c.nlu);
    if (!at || c.year !== at.year || c.round !== at.round || c.category !== category || !quotas.has(c.quota)) continue;
    const had = best.get(c.nlu);
    // The better of All India and the domicile quota: the larger closing rank; a tie keeps All India.
    if (!had || c.closingRank > had.closingRank || (c.closingRank === had.closingRank && c.quota === ALL_INDIA_QUOTA)) best.set(c.nlu, c);
  }
  return [...best.values()]
    .map((c) => ({
      nlu: c.nlu,
      closingRank: c.closingRank,
      year: c.year,
      round: c.round,
      quota: c.quota,
      chance: chanceOf(rank, c.closingRank),
    }))
    .sort((a, b) => ORDER[a.chance] - ORDER[b.chance] || a.closingRank - b.closingRank || a.nlu.localeCompare(b.nlu));
}
