import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ParentAlertKind, ParentChannel } from '@app/common/schemas/parents';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './schema.ts';

// Parents and guardians (docs/product-parents.md). A guardian is a line on a student's record (name,
// relation, phone, e-mail); once the student is admitted each guardian with a phone or an e-mail has a
// parent account (`users` of role parent), one for siblings: the same phone links every child.
// Re-exported by schema.ts.

export const studentGuardians = pgTable(
  'student_guardians',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 or 2: the order the forms and the admin list them in. */
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    relation: text('relation').notNull(),
    /** +91 and 10 digits (common/schemas/parents.ts `parentPhoneOf`). */
    phone: text('phone'),
    email: text('email'),
    /** The parent account behind this guardian; null while the student has no account or no contact is given. */
    parentId: uuid('parent_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('student_guardians_position_key').on(t.studentId, t.position),
    index('student_guardians_parent_idx').on(t.parentId),
    check('student_guardians_position_check', sql`${t.position} between 1 and 2`),
    check('student_guardians_contact_check', sql`${t.phone} is not null or ${t.email} is not null`),
  ],
);

/** One-time sign-in codes sent to a parent's phone; only the code's hash is kept. */
export const parentLoginCodes = pgTable(
  'parent_login_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    /** The client's address the code was asked from (at most 3 codes an hour from one address). */
    address: text('address').notNull(),
    /** The parent account, or null when the phone is nobody's (no code is sent then, but the ask is counted). */
    parentId: uuid('parent_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('parent_login_codes_phone_idx').on(t.phone, t.createdAt),
    index('parent_login_codes_address_idx').on(t.address, t.createdAt),
  ],
);

/** A parent's channels per alert; no row means DEFAULT_PARENT_CHANNELS. */
export const parentPreferences = pgTable('parent_preferences', {
  parentId: uuid('parent_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<Record<ParentAlertKind, ParentChannel[]>>().notNull(),
  updatedAt: updatedAt(),
});
