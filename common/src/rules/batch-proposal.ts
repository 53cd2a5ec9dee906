import type { Batch } from '../schemas/batches.ts';

/**
 * The batch proposed for an approved applicant: an active batch of their course at their centre with room,
 * the one of their preferred timing first, then the one starting soonest. Null when none fits.
 */
export function proposeBatch(
  batches: readonly Batch[],
  request: { course: string | null; centre: string; batchPreference: string | null },
): Batch | null {
  const fits = batches.filter(
    (b) => b.isActive && b.course === request.course && b.centre === request.centre && b.studentsCount < b.capacity,
  );
  const score = (b: Batch) => (b.timing === request.batchPreference ? 0 : 1);
  return [...fits].sort((a, b) => score(a) - score(b) || a.startsOn.localeCompare(b.startsOn))[0] ?? null;
}
