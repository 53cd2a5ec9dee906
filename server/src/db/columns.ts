import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column builders every table of the schema uses.
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Marks and penalties: fractional with two decimals, may be negative (a score after penalties). */
export const marksColumn = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
