import type { Topper } from '@app/common/schemas/site';

/** The toppers by exam, then by year, newest first; within a year in the institute's own order. */
export function groupToppers(toppers: Topper[]): { exam: string; years: { year: number; toppers: Topper[] }[] }[] {
  const exams = new Map<string, Map<number, Topper[]>>();
  for (const t of toppers) {
    const years = exams.get(t.exam) ?? new Map<number, Topper[]>();
    years.set(t.year, [...(years.get(t.year) ?? []), t]);
    exams.set(t.exam, years);
  }
  return [...exams].map(([exam, years]) => ({
    exam,
    years: [...years].sort(([a], [b]) => b - a).map(([year, list]) => ({ year, toppers: list })),
  }));
}
