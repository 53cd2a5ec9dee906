import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfFonts } from '../src/lib/pdf-fonts.ts';
import { pdfText } from './pdf-text.ts';

// The tests' own PDF text reader reads what lib/pdf-fonts.ts writes as a reader would: a shaped run by
// its actual text, with or without object streams.

describe('pdfText', () => {
  it('reads a shaped run as written, whether the fonts are in object streams or not', async () => {
    const doc = await PDFDocument.create();
    const fonts = await PdfFonts.for(doc);
    await fonts.prepare(['অর্পিতা সেন and अर्पिता शर्मा']);
    fonts.draw(doc.addPage(), 'অর্পিতা সেন and अर्पिता शर्मा', { x: 10, y: 10, size: 10 });
    const packed = pdfText(Buffer.from(await doc.save()));
    expect(packed).toBe(pdfText(Buffer.from(await doc.save({ useObjectStreams: false }))));
    expect(packed.split('\n')).toEqual(['অর্পিতা সেন ', 'and ', 'अर्पिता शर्मा']);
  });
});
