import type { User } from '@app/common/schemas/auth';
import type { centres, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;
type CentreRow = typeof centres.$inferSelect;
type BatchRef = { id: string; name: string };

/** Who the account is, as every account's API shape begins (a user here, a staff member in staff/service.ts). */
export const personDto = (u: UserRow) => ({
  _id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  fullName: `${u.firstName} ${u.lastName}`.trim(),
  email: u.email,
  phone: u.phone,
});

/** The API shape of a user (docs/product.md section 3): never the hash, ISO dates, `_id`. */
export function toUserDto(u: UserRow, centre?: CentreRow | null, batch?: BatchRef | null): User {
  return {
    ...personDto(u),
    role: u.role,
    registrationNumber: u.registrationNumber,
    isActive: u.isActive,
    courseInterest: u.courseInterest,
    education: u.education,
    centre: u.centreId,
    centreDetails: centre ? { id: centre.id, name: centre.name, location: centre.location } : null,
    batch: batch ? { _id: batch.id, name: batch.name } : null,
    createdAt: u.createdAt.toISOString(),
    lastLogin: u.lastLogin?.toISOString() ?? null,
  };
}
