import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';

// The centres a staff member works with (docs/product-staff.md, "Centre scope"): every centre filter and
// picker of the back office lists these, by name, so a centre manager never sees another centre's id.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const names = (res: { json: () => unknown }) => (res.json() as { id: string; name: string }[]).map((c) => [c.id, c.name]);

describe('GET /api/centres/mine', () => {
  it('answers a centre manager their own centres only, named', async () => {
    const manager = await createStaffMember(t, 'centre_manager', { centres: ['kasba'] });
    const res = await manager.client.get('/api/centres/mine');
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res)).toEqual([['kasba', 'Kasba/Ballygunge Centre']]);

    const two = await createStaffMember(t, 'centre_manager', { centres: ['shrirampur', 'dumdum'] });
    expect(names(await two.client.get('/api/centres/mine'))).toEqual([
      ['dumdum', 'Dumdum Centre'],
      ['shrirampur', 'Shrirampur Centre'],
    ]);
  });

  it('answers a full admin and the roles without centres every centre', async () => {
    const all = [
      ['dumdum', 'Dumdum Centre'],
      ['kasba', 'Kasba/Ballygunge Centre'],
      ['shrirampur', 'Shrirampur Centre'],
    ];
    expect(names(await t.admin.get('/api/centres/mine'))).toEqual(all);
    for (const role of ['faculty', 'accountant'] as const) {
      const staff = await createStaffMember(t, role);
      expect(names(await staff.client.get('/api/centres/mine')), role).toEqual(all);
    }
  });

  it('is the back office’s: a student 403, a visitor 401', async () => {
    const student = await t.createStudent();
    expect((await student.client.get('/api/centres/mine')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/centres/mine')).statusCode).toBe(401);
  });
});
