import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { INSTITUTE_NAME } from '@app/common/constants';
import { PARENT_CODE } from '@app/common/schemas/parents';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { parentLoginCodes, users } from '../../db/schema.ts';
import { loadSigningSecret } from '../../lib/tokens.ts';
import type { StoredMail } from '../messaging/mail.ts';
import type { Claim, StoredMessage } from '../messaging/notifier.ts';
import { linkGuardiansByPhone } from '../guardians/accounts.ts';
import { findParentChannels } from '../guardians/preferences-store.ts';

// The parent's one-time sign-in code (docs/product-parents.md "Signing in"): six digits from a CSPRNG,
// valid 10 minutes, at most 3 codes an hour to one phone and 3 from one client address, at most 5 wrong
// tries. Only a keyed hash of the code is kept. Every ask is a row of parent_login_codes, known phone or
// not, so the limits count asks and nothing in the answer tells whether the phone is a parent's.

const HOUR_MS = 60 * 60_000;
const VALID_MS = PARENT_CODE.validMinutes * 60_000;

/**
 * The key the codes are hashed with: a code has only a million values, so a plain hash of one is read back
 * by trying them all; keyed, a copy of the table alone tells nothing. Derived from the token secret (every
 * instance agrees: JWT_SECRET, or the one kept under DATA_DIR), random per app on an in-memory test database.
 */
const peppers = new WeakMap<Ctx, Buffer>();
function pepperOf(ctx: Ctx): Buffer {
  let pepper = peppers.get(ctx);
  if (!pepper) {
    const persistent = ctx.dbHandle.kind === 'postgres' || ctx.config.NODE_ENV !== 'test';
    const secret = persistent || ctx.config.JWT_SECRET ? loadSigningSecret(ctx.config.JWT_SECRET, ctx.config.dataDir) : randomBytes(32);
    pepper = createHmac('sha256', secret).update('parent-login-codes').digest();
    peppers.set(ctx, pepper);
  }
  return pepper;
}

/** The stored form of a code: HMAC-SHA-256 of the phone and the code under the pepper. */
export const hashCode = (ctx: Ctx, phone: string, code: string) =>
  createHmac('sha256', pepperOf(ctx)).update(`${phone}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Six digits, leading zeros kept. */
const newCode = () => String(randomInt(0, 10 ** PARENT_CODE.digits)).padStart(PARENT_CODE.digits, '0');

/** The active parent account of this phone, made and linked first when the phone is an active student's guardian's. */
async function findParentByPhone(tx: Tx, phone: string) {
  const find = async () =>
    (
      await tx
        .select({ id: users.id, firstName: users.firstName, email: users.email, isActive: users.isActive })
        .from(users)
        .where(and(eq(users.role, 'parent'), eq(users.phone, phone)))
        .limit(1)
    )[0];
  let parent = await find();
  if (!parent && (await linkGuardiansByPhone(tx, phone))) parent = await find();
  return parent?.isActive ? parent : null;
}

/** The code's messages: SMS always, WhatsApp and e-mail where the parent chose them for any alert. */
async function codeMessages(tx: Tx, parent: { id: string; firstName: string; email: string | null }, phone: string, code: string) {
  const channels = (await findParentChannels(tx, [parent.id])).get(parent.id);
  const chosen = new Set(Object.values(channels ?? {}).flat());
  const text = `${code} is your ${INSTITUTE_NAME} sign-in code. It is valid for ${PARENT_CODE.validMinutes} minutes. Do not share it with anyone.`;
  const base = { kind: 'parent-code', userId: parent.id, to: phone.slice(3), subject: `${INSTITUTE_NAME} sign-in code`, text };
  const template = { name: 'parent_sign_in_code', params: [code, String(PARENT_CODE.validMinutes)] };
  const texts: StoredMessage[] = [{ channel: 'sms', ...base, template }];
  if (chosen.has('whatsapp')) texts.push({ channel: 'whatsapp', ...base, template });
  const mail =
    chosen.has('email') && parent.email
      ? {
          to: parent.email,
          subject: base.subject,
          text: [`Dear ${parent.firstName},`, '', text, '', 'If you did not ask for it, you can ignore this message.'].join('\n'),
        }
      : null;
  return { texts, mail };
}

/**
 * POST /api/auth/parent/code, after the answer: records the ask and, under both hourly limits and for an
 * active parent's phone, sends a new code (the older live ones of the phone stop working: one code is live
 * at a time). The answer is the same in every case and goes out before any of this.
 */
export async function requestParentCode(ctx: Ctx, phone: string, address: string, now = new Date()) {
  const sent = await ctx.db.transaction(async (tx) => {
    // Asks from one phone or one address are counted one after the other, so a burst cannot pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parent-code:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parent-code-address:${address}`}))`);
    const since = new Date(now.getTime() - HOUR_MS);
    const [counts] = await tx
      .select({
        byPhone: sql<number>`count(*) filter (where ${parentLoginCodes.phone} = ${phone})`.mapWith(Number),
        byAddress: sql<number>`count(*) filter (where ${parentLoginCodes.address} = ${address})`.mapWith(Number),
      })
      .from(parentLoginCodes)
      .where(and(gt(parentLoginCodes.createdAt, since), or(eq(parentLoginCodes.phone, phone), eq(parentLoginCodes.address, address))));
    const parent = await findParentByPhone(tx, phone);
    // Past a limit the ask is not recorded either: the hour then runs from the asks that were.
    if ((counts?.byPhone ?? 0) >= PARENT_CODE.perHour || (counts?.byAddress ?? 0) >= PARENT_CODE.perHour) return null;
    const code = newCode();
    const codeHash = hashCode(ctx, phone, code);
    await tx
      .update(parentLoginCodes)
      .set({ expiresAt: now })
      .where(and(eq(parentLoginCodes.phone, phone), isNull(parentLoginCodes.usedAt), gt(parentLoginCodes.expiresAt, now)));
    await tx.insert(parentLoginCodes).values({
      phone,
      address,
      parentId: parent?.id ?? null,
      codeHash: parent ? codeHash : null,
      expiresAt: new Date(now.getTime() + VALID_MS),
      createdAt: now,
    });
    // Asks older than the hourly limit's window count for nothing any more (as revoked tokens that expired).
    await tx.delete(parentLoginCodes).where(lt(parentLoginCodes.createdAt, new Date(now.getTime() - 2 * HOUR_MS)));
    if (!parent) return null;
    const { texts, mail } = await codeMessages(tx, parent, phone, code);
    const claims: Claim[] = await ctx.notifier.storeIn(tx, texts);
    const mails: StoredMail[] = mail ? await ctx.mailer.storeAllIn(tx, [mail]) : [];
    return { claims, mails };
  });
  if (!sent) return;
  // Sent after the commit; without a provider the messages stay in the outbox (the development mailbox).
  ctx.notifier.deliverSoon(sent.claims);
  if (ctx.mailer.usesSmtp) for (const m of sent.mails) ctx.notifier.track(ctx.mailer.sendStored(m.id, m.message).catch(() => false));
}

export type CodeCheck =
  | { ok: true; parentId: string }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'too-many'; retryAfterSeconds: number };

/**
 * Checks a code against the phone's live code (unused, unexpired, sent to a parent) and claims it: a claim
 * is one conditional update, so two requests with the same code cannot both sign in. A wrong code counts a
 * try on the live code; once it has had its 5 wrong tries, every further one is refused with 429.
 */
export async function checkParentCode(ctx: Ctx, phone: string, code: string, now = new Date()): Promise<CodeCheck> {
  const given = hashCode(ctx, phone, code);
  const [live] = await ctx.db
    .select()
    .from(parentLoginCodes)
    .where(
      and(
        eq(parentLoginCodes.phone, phone),
        isNull(parentLoginCodes.usedAt),
        gt(parentLoginCodes.expiresAt, now),
        isNotNull(parentLoginCodes.codeHash),
        isNotNull(parentLoginCodes.parentId),
      ),
    )
    .orderBy(desc(parentLoginCodes.createdAt))
    .limit(1);
  if (!live?.codeHash || !live.parentId) return { ok: false, reason: 'expired' };
  if (live.tries >= PARENT_CODE.maxTries) return { ok: false, reason: 'too-many', retryAfterSeconds: await retryAfter(ctx, phone, now) };
  if (!sameHash(live.codeHash, given)) {
    const counted = await ctx.db
      .update(parentLoginCodes)
      .set({ tries: sql`${parentLoginCodes.tries} + 1` })
      .where(and(eq(parentLoginCodes.id, live.id), lt(parentLoginCodes.tries, PARENT_CODE.maxTries)))
      .returning({ tries: parentLoginCodes.tries });
    // A try racing this one took the last: this one is past the limit too.
    if (counted.length === 0) return { ok: false, reason: 'too-many', retryAfterSeconds: await retryAfter(ctx, phone, now) };
    return { ok: false, reason: 'wrong' };
  }
  const claimed = await ctx.db
    .update(parentLoginCodes)
    .set({ usedAt: now })
    .where(and(eq(parentLoginCodes.id, live.id), isNull(parentLoginCodes.usedAt), gt(parentLoginCodes.expiresAt, now)))
    .returning({ parentId: parentLoginCodes.parentId });
  if (!claimed[0]?.parentId) return { ok: false, reason: 'expired' };
  return { ok: true, parentId: claimed[0].parentId };
}

/**
 * Retry-After of a code past its tries: the seconds until this phone may be sent a new code (at once while it
 * is under the hourly limit, else when its oldest ask of the hour leaves the hour). A new code is what the
 * answer asks the parent for; waiting for the spent code to expire would not help.
 */
async function retryAfter(ctx: Ctx, phone: string, now: Date): Promise<number> {
  const asks = await ctx.db
    .select({ at: parentLoginCodes.createdAt })
    .from(parentLoginCodes)
    .where(and(eq(parentLoginCodes.phone, phone), gt(parentLoginCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(parentLoginCodes.createdAt));
  if (asks.length < PARENT_CODE.perHour) return 1;
  const oldestCounted = asks[PARENT_CODE.perHour - 1].at.getTime();
  return Math.max(1, Math.ceil((oldestCounted + HOUR_MS - now.getTime()) / 1000));
}
