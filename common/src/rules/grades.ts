// Grade bands and score colours, docs/product.md section 9.
import { roundHundredths } from './rounding.ts';

export const GRADE_BANDS = [
  { min: 90, grade: 'A+' },
  { min: 80, grade: 'A' },
  { min: 70, grade: 'B+' },
  { min: 60, grade: 'B' },
  { min: 50, grade: 'C' },
] as const;
export type Grade = 'A+' | 'A' | 'B+' | 'B' | 'C' | 'F';

/** Grade for a percentage: 90 and above A+, 80 A, 70 B+, 60 B, 50 C, below 50 F. */
export function gradeFor(percentage: number): Grade {
  for (const band of GRADE_BANDS) if (percentage >= band.min) return band.grade;
  return 'F';
}

export type ScoreColour = 'green' | 'blue' | 'yellow' | 'red' | 'grey';

/** Score colour: 80+ green, 60+ blue, 40+ yellow, below red, none (no published score) grey. */
export function scoreColour(percentage: number | null | undefined): ScoreColour {
  if (percentage === null || percentage === undefined || Number.isNaN(percentage)) return 'grey';
  if (percentage >= 80) return 'green';
  if (percentage >= 60) return 'blue';
  if (percentage >= 40) return 'yellow';
  return 'red';
}

/**
 * Percent of marks over total, two decimals, halves rounded away from zero (as the database's
 * `round` does: the server's SQL form of this formula is in server/src/lib/scores.ts and a test
 * keeps the two equal); a total of 0 gives 0. Multiplied before dividing so that an exact half
 * (0.125 %) stays exact in floating point.
 */
export function percentageOf(marksObtained: number, totalMarks: number): number {
  if (!totalMarks || totalMarks <= 0) return 0;
  return roundHundredths((marksObtained * 10_000) / totalMarks);
}
