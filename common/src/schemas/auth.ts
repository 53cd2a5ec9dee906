import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { USER_ROLES } from '../permissions.ts';
import { blankAsMissing, email, phone, text } from './fields.ts';

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email });

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort)
  .max(256, 'Password is too long');

const confirmed = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
  }
};

export const resetPasswordBody = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the password' }).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort),
  })
  .superRefine(confirmed);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST /api/auth/change-password: the signed-in user's own password (docs/product.md section 5). */
export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(1024),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the password' }).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
    }
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
/** A fresh token for the session that changed the password: every other one has ended. */
export const changePasswordResponse = z.object({ message: z.string(), token: z.string() });

export const createAdminBody = z
  .object({
    firstName: text('First name', 100),
    lastName: text('Last name', 100),
    email,
    phone: blankAsMissing(phone('Phone number').optional()),
    password: newPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
    }
  });
export type CreateAdminBody = z.input<typeof createAdminBody>;

export const centreDetailsSchema = z.object({ id: z.string(), name: z.string(), location: z.string() });

export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  /** Null only for a parent who signs in by phone alone (docs/product-parents.md). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  registrationNumber: z.string().nullable(),
  isActive: z.boolean(),
  courseInterest: z.string().nullable(),
  education: z.string().nullable(),
  centre: z.string().nullable(),
  centreDetails: centreDetailsSchema.nullable(),
  /** The student's batch (docs/product.md section 4); null for none. */
  batch: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponse = z.object({ token: z.string(), user: userSchema });
/**
 * GET /api/auth/profile. docs/product.md section 7: "{user} in one use, the user object directly in another",
 * so the answer is both: the user's fields, and the same user under `user`.
 */
export const profileResponse = userSchema.extend({ user: userSchema });
export const messageResponse = z.object({ message: z.string() });
