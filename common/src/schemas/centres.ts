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
