import { createHash } from 'node:crypto';
import { toIstInput } from '@app/common';
import { MATERIAL_MSG, MATERIAL_PDF_SECONDS } from '@app/common/schemas/materials';
import type { Ctx } from '../../context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { type StampOwner, stampLine } from './pdf.ts';

// A downloaded PDF is stamped once per reader and day in India, then kept on the storage beside the
// material (disk or S3, lib/storage.ts "copies") and served from there for the rest of that day
// (docs/product-materials.md, "Downloads"): stamping every page of a large PDF takes seconds of a worker
// thread, and before it was done again at every download, on the event loop.
//
// Key: copies/stamps/<IST day>/<material id>/<reader id>-<digest>.pdf; the digest covers what the stamp
// says of the reader and which file it was made from, so a name changed today gets a new copy. The
// first download of a new day removes the copies of earlier days; deleting a material removes its own.

const ROOT = 'copies/stamps/';

/** What this app is making now and when it last swept: per app (ctx.caches), never per module. */
export class StampedCopies {
  /** Copies being made, by key: parallel downloads of one reader share one stamping. */
  readonly making = new Map<string, Promise<Buffer>>();
  /** The IST day whose earlier copies were last removed, and that removal (tests wait for it). */
  sweptDay: string | null = null;
  sweeping: Promise<void> = Promise.resolve();
}

/** The calendar day in India: 2026-11-25. */
export const istDay = (at: Date) => toIstInput(at.toISOString()).slice(0, 10);

function copyKey(day: string, source: { materialId: string; storageKey: string }, reader: { id: string; owner: StampOwner }) {
  const { name, registrationNumber, staff } = reader.owner;
  const digest = createHash('sha256')
    .update(JSON.stringify([source.storageKey, name, registrationNumber, staff]))
    .digest('hex')
    .slice(0, 16);
  return `${ROOT}${day}/${source.materialId}/${reader.id}-${digest}.pdf`;
}

const dayOf = (key: string) => key.slice(ROOT.length, ROOT.length + 10);
const materialOf = (key: string) => key.split('/')[3];

async function removeCopies(ctx: Ctx, which: (key: string) => boolean) {
  for (const key of await ctx.storage.listCopies(ROOT)) if (which(key)) await ctx.storage.remove(key);
}

/** Once per day and app, in the background: the copies of earlier days go (a failure is tried again at the next download). */
function sweepEarlierDays(ctx: Ctx, today: string) {
  const state = ctx.caches.stampedCopies;
  if (state.sweptDay === today) return;
  state.sweptDay = today;
  state.sweeping = removeCopies(ctx, (key) => dayOf(key) < today).catch(() => {
    if (state.sweptDay === today) state.sweptDay = null;
  });
}

/** Removes every stamped copy of a material (its deletion). */
export const removeCopiesOf = (ctx: Ctx, materialId: string) => removeCopies(ctx, (key) => materialOf(key) === materialId);

async function makeCopy(ctx: Ctx, storageKey: string, key: string, line: string): Promise<Buffer> {
  const data = await ctx.storage.get(storageKey);
  if (!data) throw notFound(MATERIAL_MSG.notFound);
  let stamped: Uint8Array;
  try {
    stamped = await ctx.workers.run(
      'stampPdf',
      { data, line },
      {
        timeoutMs: MATERIAL_PDF_SECONDS * 1000,
        limits: { time: MATERIAL_MSG.stampTooSlow, memory: MATERIAL_MSG.stampTooMuchMemory, busy: MATERIAL_MSG.busy, code: 'CONFLICT' },
      },
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Every upload was stamped once when it was checked; a file changed in the storage since is not served unstamped.
    throw conflict(MATERIAL_MSG.cannotStamp);
  }
  const copy = Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength);
  await ctx.storage.putCopy(key, copy);
  return copy;
}

/**
 * The material's PDF stamped for this reader today: the day's copy from the storage, else stamped now in
 * a worker thread (the line names the reader and this moment) and kept for the rest of the day.
 */
export async function stampedCopy(
  ctx: Ctx,
  source: { materialId: string; storageKey: string },
  reader: { id: string; owner: StampOwner },
  now: Date,
): Promise<Buffer> {
  const day = istDay(now);
  sweepEarlierDays(ctx, day);
  const key = copyKey(day, source, reader);
  const kept = await ctx.storage.get(key);
  if (kept) return kept;
  const { making } = ctx.caches.stampedCopies;
  let copy = making.get(key);
  if (!copy) {
    copy = makeCopy(ctx, source.storageKey, key, stampLine(reader.owner, now)).finally(() => making.delete(key));
    making.set(key, copy);
  }
  return copy;
}
