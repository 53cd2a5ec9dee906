import { z } from 'zod';
import { phone, text } from './fields.ts';

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
  address: text('Address', 500),
  phone: phone('Phone', 'Phone: please enter a valid phone number'),
});
export type CentreContactBody = z.infer<typeof centreContactBody>;
