import { z } from 'zod';
import { CENTRE_IDS } from '../constants.ts';
import { isCentreScopedRole, STAFF_ROLES } from '../permissions.ts';
import { createAdminBody } from './auth.ts';
import { blankAsMissing, email, phone } from './fields.ts';

// Staff accounts and their roles (docs/product-staff.md).

export const STAFF_MSG = {
  roleRequired: 'Role is required',
  unknownRole: `Role must be one of: ${STAFF_ROLES.join(', ')}`,
  centresRequired: 'A centre manager needs at least one centre',
  counsellorCentresRequired: 'A counsellor needs at least one centre',
  centresNotForRole: 'Only a centre manager has centres',
  unknownCentre: 'Unknown centre',
  notFound: 'Staff member not found',
  created: 'Staff member created',
  deleted: 'Staff member deleted',
  nothingToChange: 'Nothing to change: send role, centres or isActive',
  cannotChangeSelf: 'You cannot change your own role or deactivate yourself',
} as const;

const roleSchema = z.enum(STAFF_ROLES, { error: (i) => (i.input === undefined ? STAFF_MSG.roleRequired : STAFF_MSG.unknownRole) });
const centresSchema = z
  .array(z.enum(CENTRE_IDS, { error: STAFF_MSG.unknownCentre }), { error: 'Centres must be a list of centre ids' })
  .max(CENTRE_IDS.length)
  .transform((list) => [...new Set(list)].sort());

/** The centres rule, for the create and change forms alike: required for a centre manager or counsellor, refused for the rest. */
export function centresProblem(role: string, centres: readonly string[] | undefined): string | null {
  const hasCentres = centres !== undefined && centres.length > 0;
  if (isCentreScopedRole(role)) {
    if (hasCentres) return null;
    return role === 'counsellor' ? STAFF_MSG.counsellorCentresRequired : STAFF_MSG.centresRequired;
  }
  return hasCentres ? STAFF_MSG.centresNotForRole : null;
}

export const createStaffBody = z
  .object({
    firstName: createAdminBody.shape.firstName,
    lastName: createAdminBody.shape.lastName,
    email,
    phone: blankAsMissing(phone('Phone number').optional()),
    password: createAdminBody.shape.password,
    role: roleSchema,
    centres: centresSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const problem = centresProblem(v.role, v.centres);
    if (problem) ctx.addIssue({ code: 'custom', path: ['centres'], message: problem });
  });
export type CreateStaffBody = z.input<typeof createStaffBody>;

export const updateStaffBody = z
  .object({
    role: roleSchema.optional(),
    centres: centresSchema.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.centres !== undefined || v.isActive !== undefined, { message: STAFF_MSG.nothingToChange });
export type UpdateStaffBody = z.input<typeof updateStaffBody>;

export const staffSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  centres: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffSchema>;

export const staffListResponse = z.object({ staff: z.array(staffSchema), total: z.number() });
export const staffOneResponse = z.object({ message: z.string(), staff: staffSchema });
