import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { notificationSends } from '../../db/schema.ts';

// Shared set-up for the notifications tests (not a test file itself). No provider is configured in
// them: every channel's message is kept in the outbox the development mailbox shows.

export type MailboxItem = { _id: string; channel: string; to: string; subject: string; text: string; status: string };
export const mailbox = async (t: TestApp, to?: string): Promise<MailboxItem[]> => {
  const res = await t.admin.get(`/api/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
export const runJob = (t: TestApp, name: string, now: string) => t.admin.post(`/api/dev/jobs/${name}/run`, { now });
export const sendsFor = (t: TestApp, kind: string, subjectId: string) =>
  t.ctx.db
    .select()
    .from(notificationSends)
    .where(and(eq(notificationSends.kind, kind), eq(notificationSends.subjectId, subjectId)));
