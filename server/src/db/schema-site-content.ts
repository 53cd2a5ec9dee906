import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './schema-site.ts';
import { centres, users } from './schema.ts';

// The public site's own content, edited at /admin/site (docs/product-site.md): the pages' sections, the
// toppers, the testimonials and the images they show. Re-exported by schema.ts.

/** One row per page section: `home`, `about`, `faq`; `content` is the page's body as its schema parsed it. */
export const siteContent = pgTable('site_content', {
  key: text('key', { enum: ['home', 'about', 'faq'] }).primaryKey(),
  content: jsonb('content').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * An uploaded site image (docs/decisions/0024-site-images-library.md): only its resized copies are kept,
 * one row each in `site_image_files`; `width`/`height` are the largest copy's.
 */
export const siteImages = pgTable('site_images', {
  id: id(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A served copy of a site image, found by its generated key. */
export const siteImageFiles = pgTable(
  'site_image_files',
  {
    storageKey: text('storage_key').primaryKey(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => siteImages.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
  },
  (t) => [index('site_image_files_image_idx').on(t.imageId)],
);

export const toppers = pgTable('toppers', {
  id: id(),
  name: text('name').notNull(),
  exam: text('exam').notNull(),
  year: integer('year').notNull(),
  rank: integer('rank'),
  score: text('score'),
  centreId: text('centre_id')
    .notNull()
    .references(() => centres.id),
  quote: text('quote'),
  courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
  photoUrl: text('photo_url'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const testimonials = pgTable('testimonials', {
  id: id(),
  name: text('name').notNull(),
  course: text('course').notNull(),
  year: integer('year').notNull(),
  text: text('text').notNull(),
  photoUrl: text('photo_url'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
