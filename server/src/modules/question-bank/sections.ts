import { asc, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { knownSpelling, sectionKey } from '@app/common';
import { EXAM_PRESETS } from '@app/common/schemas/exam-presets';
import type { Db, Tx } from '../../db/client.ts';
import { bankQuestions } from '../../db/schema.ts';

// A bank question's section is matched by its name, ignoring case, punctuation and spacing
// (common/rules/sections.ts, docs/product-question-bank.md "Sections"): the list's filter, the draws of
// the builder and of a paper, and an import all go through here.

/** Every spelling of a section the bank holds (a short list: sections, not questions). */
export async function bankSections(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ v: bankQuestions.section })
    .from(bankQuestions)
    .where(isNotNull(bankQuestions.section))
    .orderBy(asc(bankQuestions.section));
  return rows.map((r) => r.v as string).filter((v) => v !== '');
}

/** The condition "this bank question is of the section `name`", however the bank spells it. */
export async function ofSection(db: Db | Tx, name: string): Promise<SQL> {
  const key = sectionKey(name);
  const spellings = (await bankSections(db)).filter((s) => sectionKey(s) === key);
  if (spellings.length === 0) return sql`false`;
  // lower() on both sides, so the bank's index on lower(section) serves each spelling.
  return or(...spellings.map((s) => sql`lower(${bankQuestions.section}) = lower(${s})`)) as SQL;
}

/** The presets' section titles: the names a paper built from a preset looks for. */
const PRESET_SECTIONS = [...new Set(EXAM_PRESETS.flatMap((p) => p.sections.map((s) => s.title)))];

/**
 * The spellings an import files its sections under: a preset's title, else the spelling the bank (or an
 * earlier row of the file) already uses, else the row's own. Keeps one section one name in the bank.
 */
export function importSpellings(bank: readonly string[]) {
  const known = [...PRESET_SECTIONS, ...bank];
  return (section: string | null) => {
    if (!section) return section;
    const spelling = knownSpelling(section, known);
    if (spelling === section && !known.includes(section)) known.push(section);
    return spelling;
  };
}
