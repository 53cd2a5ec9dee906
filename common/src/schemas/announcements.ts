import { z } from 'zod';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TYPES,
  DEFAULT_ANNOUNCEMENT_LIMIT,
  MAX_ANNOUNCEMENT_LIMIT,
} from '../constants.ts';
import { optionalDate } from './fields.ts';

/** Absent, blank or null: none (the publish date then defaults to now, the expiry to never). */
const announcementDate = optionalDate('Please enter a valid date').transform((d) => d ?? null);

// Announcement form rules, docs/product.md section 5: publish date defaults to now, expiry optional.
export const announcementBody = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
    content: z.string({ error: 'Content is required' }).trim().min(1, 'Content is required').max(10_000),
    type: z.enum(ANNOUNCEMENT_TYPES, { error: 'Type is required' }).default('announcement'),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES, { error: 'Priority is required' }).default('medium'),
    targetAudience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Target audience is required' }).default('all'),
    publishDate: announcementDate,
    expiryDate: announcementDate,
    isActive: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.expiryDate && v.publishDate && v.expiryDate <= v.publishDate) {
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Expiry date must be after the publish date' });
    }
  });
export type AnnouncementBody = z.input<typeof announcementBody>;

export const announcementQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ANNOUNCEMENT_LIMIT).default(DEFAULT_ANNOUNCEMENT_LIMIT),
});

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  type: z.enum(ANNOUNCEMENT_TYPES),
  publishDate: z.string(),
  expiryDate: z.string().nullable(),
  targetAudience: z.enum(ANNOUNCEMENT_AUDIENCES),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

// The rule lives in rules/ so that pages can use it without bundling zod; re-exported for existing imports.
export { formatAnnouncementType } from '../rules/text.ts';
