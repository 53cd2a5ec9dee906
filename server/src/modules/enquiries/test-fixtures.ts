import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CreateEnquiryBody } from '@app/common/schemas/enquiries';
import type { TestApp } from '../../../test/helpers.ts';
import { enquiries } from '../../db/schema.ts';

// Shared by the desk's test files.

let n = 0;
/** A phone number of its own for each enquiry (the merge rule would otherwise join them). */
export const freshPhone = () => `9${String(Date.now() % 1e5).padStart(5, '0')}${String(++n).padStart(4, '0')}`;

export const deskBody = (patch: Partial<CreateEnquiryBody> = {}): CreateEnquiryBody => ({
  name: 'Riya Sen',
  phone: freshPhone(),
  email: `riya-${randomUUID().slice(0, 8)}@example.com`,
  classYear: 'Class 12',
  centre: 'kasba',
  source: 'walk_in',
  ...patch,
});

type Client = TestApp['admin'];

/** Records an enquiry at the desk as `client` and answers its id. */
export async function recordEnquiry(client: Client, patch: Partial<CreateEnquiryBody> = {}) {
  const res = await client.post('/api/enquiries', deskBody(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

export const enquiryRow = async (t: TestApp, id: string) => {
  const [row] = await t.ctx.db.select().from(enquiries).where(eq(enquiries.id, id));
  return row;
};
