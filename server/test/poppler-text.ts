import { execFileSync } from 'node:child_process';

// A PDF's text as a reader copies it: poppler's pdftotext (Debian's poppler-utils; .ci/run installs it).
// The tests that check a name reads back as written use it rather than server/test/pdf-text.ts, so
// that what they prove is what a reader's copy and search give.

/** The text of `pdf` as pdftotext gives it, pages apart by form feeds; `layout` keeps columns side by side. */
export function popplerText(pdf: Uint8Array, opts: { layout?: boolean } = {}): string {
  try {
    return execFileSync('pdftotext', [...(opts.layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'], {
      input: pdf,
      maxBuffer: 64 * 1024 * 1024,
    }).toString('utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils) to run this test');
    throw err;
  }
}
