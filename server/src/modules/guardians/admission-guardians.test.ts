import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm } from '@app/common/schemas/admissions';
import { PARENT_MSG } from '@app/common/schemas/parents';
import type { TestApp } from '../../../test/helpers.ts';
import { studentGuardians, users } from '../../db/schema.ts';
import { application, formFor, startAdmissionsApp, submitAs } from '../admissions/admissions-fixture.ts';

// The admission forms ask for a parent or guardian (docs/product-parents.md "Guardians"); on approval each
// becomes a guardian of the new student with a parent account, siblings sharing one.

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  ({ t, courseId } = await startAdmissionsApp());
});
afterAll(() => t?.close());

const approve = async (id: string) => {
  const res = await t.admin.patch(`/api/admission-requests/admin/${id}/approve`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user._id as string;
};
const { emergencyContactName: _n, emergencyContactRelation: _r, emergencyContactPhone: _p, ...applicationOnly } = application;

describe('guardians on the admission request', () => {
  it('takes guardians (1-2), shows them on the request and links parent accounts on approval', async () => {
    const guardians = [
      { name: 'Meera Sen', relation: 'Mother', phone: '9830111111' },
      { name: 'Arun Sen', relation: 'Father', phone: '', email: 'arun.sen@example.com' },
    ];
    const r = await submitAs(t, courseId, { ...applicationOnly, guardians });
    const shown = (await t.admin.get(`/api/admission-requests/admin/${r._id}`)).json();
    expect(shown.request?.guardians ?? shown.guardians).toEqual([
      { name: 'Meera Sen', relation: 'Mother', phone: '+919830111111', email: null },
      { name: 'Arun Sen', relation: 'Father', phone: null, email: 'arun.sen@example.com' },
    ]);
    const studentId = await approve(r._id);
    const lines = await t.ctx.db.select().from(studentGuardians).where(eq(studentGuardians.studentId, studentId));
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.parentId)).toBe(true);
    const list = (await t.admin.get(`/api/users/${studentId}/guardians`)).json();
    expect(list.map((g: { name: string }) => g.name)).toEqual(['Meera Sen', 'Arun Sen']);
    const [mum] = await t.ctx.db.select().from(users).where(eq(users.id, list[0].parentId));
    expect(mum).toMatchObject({ role: 'parent', phone: '+919830111111' });

    // A sibling admitted later with the same mother's phone: the same account.
    const sibling = await submitAs(t, courseId, { guardians: [{ name: 'Meera Sen', relation: 'Mother', phone: '+91 98301 11111' }] });
    const siblingId = await approve(sibling._id);
    const [line] = await t.ctx.db.select().from(studentGuardians).where(eq(studentGuardians.studentId, siblingId));
    expect(line.parentId).toBe(list[0].parentId);
  });

  it('still accepts the old emergency contact fields as the first guardian', async () => {
    const r = await submitAs(t, courseId, application);
    expect((await t.admin.get(`/api/admission-requests/admin/${r._id}`)).json().request.guardians).toEqual([
      { name: 'Ritu Roy', relation: 'Mother', phone: '+919830022222', email: null },
    ]);
    const studentId = await approve(r._id);
    const list = (await t.admin.get(`/api/users/${studentId}/guardians`)).json();
    expect(list).toMatchObject([{ name: 'Ritu Roy', relation: 'Mother', phone: '+919830022222' }]);
    expect(list[0].parentId).toBeTruthy();
    // A plain request without any guardian stays valid.
    const plain = await submitAs(t, courseId);
    expect((await t.admin.get(`/api/admission-requests/admin/${plain._id}`)).json().request.guardians).toEqual([]);
    const plainId = await approve(plain._id);
    expect((await t.admin.get(`/api/users/${plainId}/guardians`)).json()).toEqual([]);
  });

  it('the web’s Application Form asks for a guardian, the emergency contact being an alias of the first', () => {
    const form = {
      ...formFor(courseId),
      ...applicationOnly,
      emergencyContactName: '',
      emergencyContactRelation: '',
      emergencyContactPhone: '',
    };
    const issues = (v: object) => {
      const r = applicationForm.safeParse(v);
      return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues(form)).toEqual({ guardians: PARENT_MSG.guardianRequired });
    expect(issues({ ...form, guardians: [{ name: 'Meera Sen', relation: 'Mother', phone: '9830111111' }] })).toEqual({});
    expect(issues({ ...form, ...application })).toEqual({});
    expect(issues({ ...form, emergencyContactName: 'Ritu Roy' })).toEqual({
      emergencyContactRelation: 'Emergency contact relation is required',
      emergencyContactPhone: 'Emergency contact phone is required',
    });
  });

  it('checks the guardians with a message per field', async () => {
    const post = (patch: Record<string, unknown>) => t.visitor.post('/api/admission-requests', formFor(courseId, patch));
    const bad = await post({ guardians: [{ name: 'X', relation: 'Mother', phone: '123' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'guardians.0.phone': PARENT_MSG.phoneInvalid });
    const empty = await post({ guardians: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ guardians: PARENT_MSG.guardianRequired });
    const three = await post({ guardians: [1, 2, 3].map(() => ({ name: 'X', relation: 'Mother', phone: '9830111111' })) });
    expect(three.json().fields).toMatchObject({ guardians: PARENT_MSG.guardiansTooMany });
    // The Application Form without guardians nor the emergency contact: the contact's fields are asked for.
    const app = await post({ ...applicationOnly });
    expect(app.statusCode).toBe(400);
    expect(Object.keys(app.json().fields)).toEqual(['emergencyContactName', 'emergencyContactRelation', 'emergencyContactPhone']);
  });
});
