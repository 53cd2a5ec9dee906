import { describe, expect, it } from 'vitest';
import { nluCategoryOf, type NluCutoff, nluQuotaOf, nluPredictQuery } from '../schemas/nlu.ts';
import { chanceOf, compareRounds, predictNlus } from './nlu-chance.ts';

const row = (nlu: string, closingRank: number, over: Partial<NluCutoff> = {}): NluCutoff => ({
  year: 2025,
  round: 'Round 1',
  nlu,
  category: 'General',
  quota: 'All India',
  closingRank,
  ...over,
});

describe('the NLU chance rule (docs/product-admissions-desk.md, "NLU counselling helper")', () => {
  it('likely up to 90% of the closing rank, borderline up to 110%, else unlikely: exact, nothing rounded', () => {
    expect(chanceOf(90, 100)).toBe('likely');
    expect(chanceOf(91, 100)).toBe('borderline');
    expect(chanceOf(110, 100)).toBe('borderline');
    expect(chanceOf(111, 100)).toBe('unlikely');
    // 90% of 95 is 85.5: 85 is likely, 86 is not; 110% of 95 is 104.5: 104 borderline, 105 unlikely.
    expect(chanceOf(85, 95)).toBe('likely');
    expect(chanceOf(86, 95)).toBe('borderline');
    expect(chanceOf(104, 95)).toBe('borderline');
    expect(chanceOf(105, 95)).toBe('unlikely');
    expect(chanceOf(1, 1)).toBe('borderline');
  });

  it('rounds are ordered by their number; a round without one comes first', () => {
    expect(compareRounds('Round 2', 'Round 10')).toBeLessThan(0);
    expect(compareRounds('Round 3', 'Round 1')).toBeGreaterThan(0);
    expect(compareRounds('Special round', 'Round 1')).toBeLessThan(0);
  });

  it("takes each NLU's latest year and, of it, its last round only", () => {
    const answer = predictNlus(
      [
        row('NLSIU Bengaluru', 100, { year: 2024, round: 'Round 5' }),
        row('NLSIU Bengaluru', 120, { year: 2025, round: 'Round 1' }),
        row('NLSIU Bengaluru', 140, { year: 2025, round: 'Round 3' }),
        row('NALSAR Hyderabad', 200, { year: 2024, round: 'Round 2' }),
      ],
      { rank: 120, category: 'General' },
    );
    expect(answer).toEqual([
      { nlu: 'NLSIU Bengaluru', closingRank: 140, year: 2025, round: 'Round 3', quota: 'All India', chance: 'likely' },
      { nlu: 'NALSAR Hyderabad', closingRank: 200, year: 2024, round: 'Round 2', quota: 'All India', chance: 'likely' },
    ]);
  });

  it("the visitor's category only; an NLU without a row for it is left out", () => {
    const answer = predictNlus([row('NLU Delhi', 50), row('NLU Jodhpur', 900, { category: 'SC' })], { rank: 850, category: 'SC' });
    expect(answer.map((a) => a.nlu)).toEqual(['NLU Jodhpur']);
    expect(answer[0].chance).toBe('borderline');
  });

  it('the domicile quota counts only for a visitor of that domicile, and the better of the two is taken', () => {
    const cutoffs = [row('WBNUJS Kolkata', 300), row('WBNUJS Kolkata', 900, { quota: 'West Bengal domicile' }), row('NLU Odisha', 760)];
    const outsider = predictNlus(cutoffs, { rank: 700, category: 'General' });
    expect(outsider).toEqual([
      { nlu: 'NLU Odisha', closingRank: 760, year: 2025, round: 'Round 1', quota: 'All India', chance: 'borderline' },
      { nlu: 'WBNUJS Kolkata', closingRank: 300, year: 2025, round: 'Round 1', quota: 'All India', chance: 'unlikely' },
    ]);
    const bengal = predictNlus(cutoffs, { rank: 700, category: 'General', domicile: 'West Bengal' });
    expect(bengal[0]).toEqual({
      nlu: 'WBNUJS Kolkata',
      closingRank: 900,
      year: 2025,
      round: 'Round 1',
      quota: 'West Bengal domicile',
      chance: 'likely',
    });
    // Another state's domicile quota is not theirs.
    expect(predictNlus(cutoffs, { rank: 700, category: 'General', domicile: 'Odisha' })[1].closingRank).toBe(300);
  });

  it('sorted likely, borderline, unlikely, each by closing rank', () => {
    const answer = predictNlus([row('C', 1000), row('A', 100), row('B', 2000), row('D', 520)], { rank: 500, category: 'General' });
    expect(answer.map((a) => `${a.nlu} ${a.chance}`)).toEqual(['C likely', 'B likely', 'D borderline', 'A unlikely']);
  });

  it('no cut-offs: no answer, never an invented figure', () => {
    expect(predictNlus([], { rank: 10, category: 'General' })).toEqual([]);
  });
});

describe('categories and quotas as typed', () => {
  it('categories in any case, with the common spellings', () => {
    expect(nluCategoryOf('general')).toBe('General');
    expect(nluCategoryOf(' UR ')).toBe('General');
    expect(nluCategoryOf('obc')).toBe('OBC-NCL');
    expect(nluCategoryOf('OBC-NCL')).toBe('OBC-NCL');
    expect(nluCategoryOf('pwd')).toBe('PwD');
    expect(nluCategoryOf('NRI')).toBeNull();
  });

  it('quotas: All India or a state domicile', () => {
    expect(nluQuotaOf('all india')).toBe('All India');
    expect(nluQuotaOf('west bengal domicile')).toBe('West Bengal domicile');
    expect(nluQuotaOf('West Bengal')).toBe('West Bengal domicile');
    expect(nluQuotaOf('Atlantis domicile')).toBeNull();
  });

  it('the predict query', () => {
    expect(nluPredictQuery.parse({ rank: '250', category: 'sc', domicile: 'west bengal' })).toEqual({
      rank: 250,
      category: 'SC',
      domicile: 'West Bengal',
    });
    const bad = nluPredictQuery.safeParse({ rank: '0', category: 'x', domicile: 'Atlantis' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['category', 'domicile', 'rank']);
    expect(nluPredictQuery.safeParse({ rank: '2.5', category: 'General' }).success).toBe(false);
    expect(nluPredictQuery.safeParse({ category: 'General' }).success).toBe(false);
  });
});
