import { count, eq } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { loadPdfLib } from '../lib/lazy-libs.ts';
import { courses, materials } from './schema.ts';

// Demo study materials (docs/product-materials.md), only on a database without materials: a short PDF of
// study notes made here with pdf-lib, and a link to a public sample video, both for the CLAT course, so a
// new install shows the library to staff and to the seeded course's students.

/** A public sample video on Vimeo, standing in for a recorded class until the institute adds its own. */
export const DEMO_VIDEO_URL = 'https://vimeo.com/76979871';

const NOTES: { heading: string; lines: string[] }[] = [
  {
    heading: 'How to read a legal reasoning passage',
    lines: [
      'Each question gives a principle (a rule of law) and a set of facts.',
      'Apply only the principle given, even where the real law differs.',
      'Underline the conditions of the principle; check each against the facts.',
      'An answer that needs a fact the passage does not give is usually wrong.',
    ],
  },
  {
    heading: 'Common traps',
    lines: [
      'Extreme options ("always", "never") rarely follow from a narrow principle.',
      'Do not bring in morality or outside knowledge unless the principle asks for it.',
      'When two options both follow, prefer the one closest to the wording of the principle.',
    ],
  },
  {
    heading: 'Practice routine',
    lines: [
      'Solve one passage a day against the clock (about 7 minutes).',
      'Afterwards, write in one line which condition of the principle decided the answer.',
      'Bring doubts to the weekly review class of your batch.',
    ],
  },
];

async function notesPdf(): Promise<{ data: Buffer; pages: number }> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle('Legal Reasoning: reading principles and facts');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, section] of NOTES.entries()) {
    const page = doc.addPage([595.28, 841.89]);
    let y = page.getHeight() - 60;
    page.drawText('Legal Reasoning: reading principles and facts', { x: 50, y, size: 16, font: bold });
    y -= 30;
    page.drawText(section.heading, { x: 50, y, size: 13, font: bold });
    y -= 24;
    for (const line of section.lines) {
      page.drawText(`- ${line}`, { x: 50, y, size: 11, font: regular, maxWidth: 495 });
      y -= 20;
    }
    page.drawText(`Study notes - page ${i + 1} of ${NOTES.length}`, { x: 50, y: 40, size: 9, font: regular });
  }
  return { data: Buffer.from(await doc.save()), pages: NOTES.length };
}

export async function seedDemoMaterials(ctx: Ctx) {
  const { db } = ctx;
  const [{ n }] = await db.select({ n: count() }).from(materials);
  if (n > 0) return;
  const [clat] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, 'CLAT Preparation')).limit(1);
  if (!clat) return;
  await db.insert(materials).values({
    kind: 'video',
    title: 'How a recorded class appears here (sample video)',
    description: "A public sample video standing in for a recorded class: replace it with the institute's own YouTube or Vimeo link.",
    subject: 'Orientation',
    courseIds: [clat.id],
    videoUrl: DEMO_VIDEO_URL,
  });
  const pdf = await notesPdf();
  const storageKey = await ctx.storage.put(pdf.data, 'pdf');
  await db.insert(materials).values({
    kind: 'pdf',
    title: 'Legal Reasoning: reading principles and facts',
    description: 'Three pages of notes on applying a given principle to the facts, the usual traps and a practice routine.',
    subject: 'Legal Reasoning',
    courseIds: [clat.id],
    storageKey,
    fileName: 'legal-reasoning-notes.pdf',
    fileSize: pdf.data.length,
    pageCount: pdf.pages,
  });
}
