import fs from 'node:fs';
import { count } from 'drizzle-orm';
import type { NluCutoff } from '@app/common/schemas/nlu';
import { checkCutoffFile } from '../modules/nlu/import.ts';
import { NLU_SAMPLE_CSV } from '../paths.ts';
import type { Db } from './client.ts';
import { nluCutoffs } from './schema.ts';

// The NLU helper's sample cut-offs (demo content, docs/product-admissions-desk.md, "NLU counselling
// helper"): a dozen NLUs, five categories and NUJS's West Bengal domicile quota, in the round named
// "Sample round" so that the public page says they are illustrative, not official. The figures are made
// up to show the page working; the institute deletes the round at /admin/nlu and imports the official
// allotment data it trusts. Added only while no cut-off is stored, read through the import's own checks.

export async function seedDemoNluCutoffs(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(nluCutoffs);
  if (n > 0 || !fs.existsSync(NLU_SAMPLE_CSV)) return;
  const rows = checkCutoffFile(fs.readFileSync(NLU_SAMPLE_CSV), 'nlu-cutoffs-sample.csv');
  const cutoffs = rows.map((r) => r.cutoff).filter((c): c is NluCutoff => !!c);
  await db.insert(nluCutoffs).values(cutoffs).onConflictDoNothing();
}
