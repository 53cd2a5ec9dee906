import { eq } from 'drizzle-orm';
import { PARENT_ALERT_KINDS, PARENT_MSG, type ParentPreferences } from '@app/common/schemas/parents';
import type { Ctx } from '../../context.ts';
import { parentPreferences, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { ownParentId, type Scope } from '../../lib/record-scope.ts';
import { channelsOf } from '../guardians/preferences-store.ts';

// GET/PUT /api/parent/preferences (docs/product-parents.md "Alerts"): the channels of each alert the
// parent receives. Every alert reads them through preferences-store.ts.

export async function findParentPreferences(ctx: Ctx, scope: Scope): Promise<ParentPreferences> {
  const parentId = ownParentId(scope);
  const [row] = await ctx.db.select().from(parentPreferences).where(eq(parentPreferences.parentId, parentId)).limit(1);
  return { channels: channelsOf(row?.channels) };
}

export async function saveParentPreferences(ctx: Ctx, scope: Scope, input: ParentPreferences): Promise<ParentPreferences> {
  const parentId = ownParentId(scope);
  const channels = channelsOf(input.channels);
  const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, parentId)).limit(1);
  if (!me?.email) {
    const fields = Object.fromEntries(
      PARENT_ALERT_KINDS.filter((k) => channels[k].includes('email')).map((k) => [`channels.${k}`, PARENT_MSG.emailChannelNeedsEmail]),
    );
    if (Object.keys(fields).length > 0) throw badRequest(PARENT_MSG.emailChannelNeedsEmail, fields);
  }
  const updatedAt = new Date();
  await ctx.db
    .insert(parentPreferences)
    .values({ parentId, channels, updatedAt })
    .onConflictDoUpdate({ target: parentPreferences.parentId, set: { channels, updatedAt } });
  return findParentPreferences(ctx, scope);
}
