import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './schema.ts';

// Study materials (docs/product-materials.md). Re-exported by schema.ts (drizzle-kit reads that file).

/** A PDF (its file in the storage under `storageKey`) or a YouTube / Vimeo link, for courses and batches. */
export const materials = pgTable(
  'materials',
  {
    id: id(),
    kind: text('kind', { enum: ['pdf', 'video'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    subject: text('subject').notNull(),
    courseIds: uuid('course_ids').array().notNull().default(sql`'{}'::uuid[]`),
    batchIds: uuid('batch_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Students see it from this time; null: from its creation. */
    publishAt: ts('publish_at'),
    videoUrl: text('video_url'),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    pageCount: integer('page_count'),
    /** Students' downloads of the PDF (staff copies are not counted). */
    downloads: integer('downloads').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('materials_published_idx').on(sql`coalesce(${t.publishAt}, ${t.createdAt})`)],
);
