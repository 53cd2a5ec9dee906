import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { USER_ROLES } from '../permissions.ts';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());

export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });

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

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

export const phoneSchema = z
  .string()
  .trim()
  .max(20, 'Phone number is too long')
  .regex(/^[0-9+\-\s()]*$/, 'Please enter a valid phone number');

export const createAdminBody = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    email: emailSchema,
    phone: phoneSchema.optional().or(z.literal('')),
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
  email: z.string(),
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
