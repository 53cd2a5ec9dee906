import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { centres, users } from './schema.ts';

// The centres a staff member works for (docs/product-staff.md): a centre manager has one or more; the
// other roles have none. Re-exported by schema.ts (drizzle-kit reads that file).
export const staffCentres = pgTable(
  'staff_centres',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    centreId: text('centre_id')
      .notNull()
      .references(() => centres.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.centreId] }), index('staff_centres_centre_idx').on(t.centreId)],
);
