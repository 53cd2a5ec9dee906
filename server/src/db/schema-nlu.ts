import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { NLU_CATEGORIES } from '@app/common/schemas/nlu';
import { createdAt, id } from './columns.ts';

// The NLU counselling helper's cut-offs (docs/product-admissions-desk.md, "NLU counselling helper"): the
// closing ranks the institute imports from the official allotment data it trusts, one row per year,
// round, NLU, category and quota. The product ships none of its own but the demo's labelled sample.
// Re-exported by schema.ts.

export const nluCutoffs = pgTable(
  'nlu_cutoffs',
  {
    id: id(),
    year: integer('year').notNull(),
    /** As the institute names it: "Round 1", "Round 2"; ordered by its number (common/src/rules/nlu-chance.ts). */
    round: text('round').notNull(),
    nlu: text('nlu').notNull(),
    category: text('category', { enum: NLU_CATEGORIES }).notNull(),
    /** "All India" or "<state> domicile" (common/src/schemas/nlu.ts, nluQuotaOf). */
    quota: text('quota').notNull(),
    closingRank: integer('closing_rank').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nlu_cutoffs_key').on(t.year, t.round, t.nlu, t.category, t.quota),
    index('nlu_cutoffs_nlu_idx').on(t.nlu),
    check('nlu_cutoffs_rank_positive', sql`${t.closingRank} >= 1`),
  ],
);

/** The counselling rounds' calendar as the institute entered it: a short list, replaced whole at /admin/nlu. */
export const nluCalendar = pgTable(
  'nlu_calendar',
  {
    id: id(),
    /** India's calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    round: text('round').notNull(),
    what: text('what').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('nlu_calendar_day_idx').on(t.day)],
);
