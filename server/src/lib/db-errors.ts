/** The database error under whatever wrapper the driver or ORM put around it. */
function findDbError(err: unknown): { code?: string; constraint?: string } | null {
  let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 5 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return null;
}

/** True for a unique violation (23505), of the given constraint when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = findDbError(err);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === constraint;
}
