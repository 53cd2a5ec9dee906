import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';

/**
 * The centres a caller's lists, counts, exports and records are limited to (docs/product-staff.md):
 * null for all centres (a full admin, and roles without centres); a centre manager's own centres otherwise.
 */
export type CentreScope = string[] | null;

/** The condition "this centre column is in scope": nothing for all centres, false for none. */
export function inScope(column: AnyColumn, scope: CentreScope | undefined): SQL | undefined {
  if (scope === null || scope === undefined) return undefined;
  return scope.length > 0 ? inArray(column, scope) : sql`false`;
}

/** Whether one centre id is in scope (a record with no centre is in no centre manager's scope). */
export const centreInScope = (centreId: string | null | undefined, scope: CentreScope | undefined) =>
  scope === null || scope === undefined || (centreId != null && scope.includes(centreId));
