import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { galleryImages, testimonials, toppers } from '../../db/schema.ts';

// The ordered lists of the site (toppers, testimonials, the gallery): `position` numbers them 0, 1, 2, ...
// in the order shown; an item moved or added at a position pushes the ones from there down by one.

type OrderedTable = typeof toppers | typeof testimonials | typeof galleryImages;

/** Renumbers `table` so that `id` stands at `position` (past the end: last), the others keeping their order. */
export async function moveTo(tx: Tx, table: OrderedTable, id: string, position: number | undefined) {
  // Row locks first: two reorders at once are applied one after the other.
  const rows = await tx
    .select({ id: table.id, position: table.position })
    .from(table)
    .orderBy(asc(table.position), asc(table.createdAt), asc(table.id))
    .for('update');
  const others = rows.filter((r) => r.id !== id);
  const at = position === undefined ? others.length : Math.min(position, others.length);
  const order = [...others.slice(0, at).map((r) => r.id), id, ...others.slice(at).map((r) => r.id)];
  const current = new Map(rows.map((r) => [r.id, r.position]));
  for (const [index, rowId] of order.entries()) {
    if (current.get(rowId) !== index) await tx.update(table).set({ position: index }).where(eq(table.id, rowId));
  }
}

/** The position a new item gets when none is asked for: after the last. */
export async function nextPosition(tx: Tx, table: OrderedTable): Promise<number> {
  return tx.$count(table);
}
