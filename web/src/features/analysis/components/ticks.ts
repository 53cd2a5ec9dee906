/** Round tick steps: 1, 2, 2.5 and 5 times a power of ten. */
const STEPS = [1, 2, 2.5, 5] as const;
/** About this many steps between the lowest and the highest value. */
const TARGET_STEPS = 5;

/**
 * The y-axis ticks of a chart: round values (steps of 1, 2, 2.5 or 5 × 10^n) from at or below the lowest of
 * the values and 0 to at or above the highest, so 0 is always a tick and negative marks sit below it. The
 * chart's scale runs from the first tick to the last.
 */
export function axisTicks(min: number, max: number): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max, lo === Math.max(0, max) ? 1 : 0);
  const rough = (hi - lo) / TARGET_STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  // The smallest round step at least the rough one (10 × power is the next power's 1).
  const step = (STEPS.map((m) => m * power).find((s) => s >= rough * (1 - 1e-9)) ?? 10 * power) as number;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  // Multiples of the step, cleaned of floating-point noise (0.1 × 3 is 0.30000000000000004); + 0 drops -0.
  for (let k = first; k <= last; k++) ticks.push(Math.round(k * step * 1e6) / 1e6 + 0);
  return ticks;
}
