import { randomUUID } from 'node:crypto';
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import type { TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createCourse } from '../payments/test-fixtures.ts';

// Shared set-up for the materials tests (not a test file itself).

export { samplePdf } from './pdf.ts';

/** A course with two batches at Dumdum. */
export async function courseWithBatches(t: TestApp) {
  const course = await createCourse(t);
  const batch = async (label: string) => {
    const res = await t.admin.post('/api/batches', {
      name: `Batch ${label} ${randomUUID().slice(0, 6)}`,
      course: course._id,
      centre: 'dumdum',
      academicYear: '2026-27',
      timing: 'MORNING',
      startsOn: '2026-06-01',
      endsOn: '2027-03-31',
      capacity: 40,
    });
    if (res.statusCode !== 201) throw new Error(`batch: ${res.statusCode} ${res.body}`);
    return res.json()._id as string;
  };
  return { course, batchA: await batch('A'), batchB: await batch('B') };
}

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body of these parts. */
export function multipartBody(parts: Part[]) {
  const boundary = `----materials-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/materials as multipart, as the admin (or the token given). */
export async function uploadPdf(
  t: TestApp,
  fields: Record<string, string>,
  file: { data: Buffer; filename?: string } | null,
  token?: string,
) {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'file', filename: file.filename ?? 'notes.pdf', data: file.data });
  const { payload, contentType } = multipartBody(parts);
  const auth = token ?? (await t.tokenFor('admin@test.local', 'Admin-Password-1'));
  return t.inject({
    method: 'POST',
    url: '/api/materials',
    payload,
    headers: { authorization: `Bearer ${auth}`, 'content-type': contentType },
  });
}

/** The text of each page of a PDF, page by page. */
export async function textPerPage(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const pages: string[] = [];
  for (let i = 0; i < doc.getPageCount(); i++) {
    const one = await PDFDocument.create();
    const [page] = await one.copyPages(doc, [i]);
    one.addPage(page);
    pages.push(pdfText(Buffer.from(await one.save({ useObjectStreams: false }))));
  }
  return pages;
}

/**
 * A PDF of `pages` pages, all showing the first one's text (they share its content stream and resources,
 * so a 2,000-page file is built in a second or two; the stamp still draws on every page).
 */
export async function largePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595.28, 841.89]);
  first.drawText('Law of torts: the notes of the whole course', { x: 50, y: 780, size: 14, font });
  const contents = first.node.get(PDFName.of('Contents'));
  const resources = first.node.get(PDFName.of('Resources'));
  if (!contents || !resources) throw new Error('the first page has no content');
  for (let i = 1; i < pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.node.set(PDFName.of('Contents'), contents);
    page.node.set(PDFName.of('Resources'), resources);
  }
  return Buffer.from(await doc.save());
}
