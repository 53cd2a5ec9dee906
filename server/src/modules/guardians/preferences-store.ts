import { inArray } from 'drizzle-orm';
import { DEFAULT_PARENT_CHANNELS, type ParentAlertKind, type ParentChannel } from '@app/common/schemas/parents';
import type { Db, Tx } from '../../db/client.ts';
import { parentPreferences } from '../../db/schema.ts';

// A parent's channels per alert (docs/product-parents.md "Alerts"): the parent's own choice, else the
// defaults (SMS for every alert). The parent's preferences route writes them; every guardian alert reads them.

export type ParentChannels = Record<ParentAlertKind, ParentChannel[]>;

/** Whatever was stored, read as a whole set of kinds (a kind added later starts at its default). */
export function channelsOf(stored: Partial<ParentChannels> | null | undefined): ParentChannels {
  const out = { ...DEFAULT_PARENT_CHANNELS };
  for (const kind of Object.keys(out) as ParentAlertKind[]) {
    const list = stored?.[kind];
    if (Array.isArray(list)) out[kind] = [...new Set(list)];
  }
  return out;
}

/** The channels of each of these parents, by parent id. */
export async function findParentChannels(db: Db | Tx, parentIds: string[]): Promise<Map<string, ParentChannels>> {
  const ids = [...new Set(parentIds)];
  const rows = ids.length === 0 ? [] : await db.select().from(parentPreferences).where(inArray(parentPreferences.parentId, ids));
  const stored = new Map(rows.map((r) => [r.parentId, r.channels]));
  return new Map(ids.map((id) => [id, channelsOf(stored.get(id))]));
}
