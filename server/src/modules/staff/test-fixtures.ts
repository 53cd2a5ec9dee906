import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@app/common/permissions';
import type { TestApp } from '../../../test/helpers.ts';

export const STAFF_PASSWORD = 'Staff-Password-7';

/** A staff member made through POST /api/staff by the test admin, with a client signed in as them. */
export async function createStaffMember(
  t: TestApp,
  role: StaffRole,
  options: { centres?: string[]; firstName?: string; lastName?: string } = {},
) {
  const res = await t.admin.post('/api/staff', {
    firstName: options.firstName ?? 'Staff',
    lastName: options.lastName ?? role.replace('_', ' '),
    email: `${role}-${randomUUID().slice(0, 8)}@test.local`,
    password: STAFF_PASSWORD,
    role,
    ...(options.centres ? { centres: options.centres } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`creating a ${role} failed: ${res.statusCode} ${res.body}`);
  const staff = res.json().staff as { _id: string; email: string };
  const token = await t.tokenFor(staff.email, STAFF_PASSWORD);
  return { id: staff._id, email: staff.email, token, client: t.withToken(token) };
}
