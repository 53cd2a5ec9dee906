import { z } from 'zod';
import { FEE_TYPES } from '../constants.ts';
import { hasAtMostPaise } from '../rules/money.ts';

// Course form rules, docs/product.md section 5.
export const courseBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5000),
  price: z.coerce
    .number({ error: 'Price must be a number' })
    .min(0, 'Price must be at least 0')
    .max(10_000_000, 'Price is too large')
    .refine(hasAtMostPaise, 'Price can have at most 2 decimals'),
  feeType: z.enum(FEE_TYPES, { error: 'Fee type is required' }),
  category: z.string().trim().max(100).optional().default(''),
  duration: z.string({ error: 'Duration is required' }).trim().min(1, 'Duration is required').max(100),
  features: z
    .array(z.string().max(300))
    .max(50)
    .transform((list) => list.map((f) => f.trim()).filter((f) => f.length > 0))
    .refine((list) => list.length > 0, 'Please add at least one feature'),
  isActive: z.boolean().optional(),
});
export type CourseBody = z.input<typeof courseBody>;

export const courseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  feeType: z.enum(FEE_TYPES),
  category: z.string(),
  duration: z.string(),
  features: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;
