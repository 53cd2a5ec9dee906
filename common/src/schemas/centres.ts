import { z } from 'zod';

export const centreSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  address: z.string(),
  phone: z.string(),
  facilities: z.array(z.string()),
});
export type Centre = z.infer<typeof centreSchema>;

/** PUT /api/centres/{id} (admin): a centre's address and phone, as the institute settings page edits them. */
export const centreContactBody = z.object({
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(500, 'Address is too long'),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .max(20, 'Phone is too long')
    .regex(/^\+?[0-9][0-9\-\s()]{5,}$/, 'Phone: please enter a valid phone number'),
});
export type CentreContactBody = z.infer<typeof centreContactBody>;
