import { z } from 'zod';

/** Path `:id` of a database row; anything that is not a UUID is simply not found. */
export const idParams = z.object({ id: z.uuid({ error: 'Not found' }) });
