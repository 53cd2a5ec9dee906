import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ColorTypes, PDFDocument, PDFFont, PDFHexString, PDFName, PDFOperator, PDFPage, RGB } from '@cantoo/pdf-lib';
import { FONTS_DIR } from '../paths.ts';
import { loadFontkit, loadPdfLib, type PdfLib } from './lazy-libs.ts';

// Every PDF the product makes (receipts, tax invoices, credit notes, the collection report, the merit
// list, the stamp on a downloaded study material) prints ₹ and names in Bengali or Devanagari: the
// standard PDF fonts cannot, so the Noto fonts shipped in server/assets/fonts (SIL Open Font License,
// OFL.txt there) are embedded, subset to the glyphs used. A line is drawn as runs, each in the font of
// its script (docs/product-invoices.md, "Fonts"), and all text goes through this one helper.

type Script = 'latin' | 'bengali' | 'devanagari';
type Weight = 'regular' | 'bold';

const FILES: Record<Script, Record<Weight, string>> = {
  latin: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  bengali: { regular: 'NotoSansBengali-Regular.ttf', bold: 'NotoSansBengali-Bold.ttf' },
  devanagari: { regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' },
};

/**
 * pdf-lib draws a run as its glyphs, each advancing by its own width: the positions the fonts' GPOS
 * features work out (kerning, marks placed on their base) are never written, so working them out is
 * wasted time (a quarter of a 2,000-row merit list's). The glyphs (GSUB: conjuncts, vowel signs, ligatures)
 * are unchanged: the same PDF, byte for byte.
 */
const NO_POSITIONING = { kern: false, mark: false, mkmk: false, curs: false, dist: false, abvm: false, blwm: false };

const bytesCache = new Map<string, Uint8Array>();
function fontBytes(file: string): Uint8Array {
  let b = bytesCache.get(file);
  if (!b) {
    b = readFileSync(path.join(FONTS_DIR, file));
    bytesCache.set(file, b);
  }
  return b;
}

/** The script a character belongs to, or null for one that goes with its neighbours (space, digits, joiners, danda). */
function scriptOf(ch: string): Script | null {
  const c = ch.codePointAt(0) ?? 0;
  if (c === 0x0964 || c === 0x0965 || c === 0x200c || c === 0x200d || c === 0x20) return null;
  if (c >= 0x0980 && c <= 0x09ff) return 'bengali';
  if ((c >= 0x0900 && c <= 0x097f) || (c >= 0xa8e0 && c <= 0xa8ff) || (c >= 0x1cd0 && c <= 0x1cff)) return 'devanagari';
  return 'latin';
}

/** `text` cut into runs of one script each; a neutral character joins the run before it (or the next one at the start). */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  let pending = '';
  for (const ch of text.normalize('NFC')) {
    const s = scriptOf(ch);
    const last = runs[runs.length - 1];
    if (s === null) {
      if (last) last.text += ch;
      else pending += ch;
      continue;
    }
    if (last && last.script === s) last.text += ch;
    else {
      runs.push({ script: s, text: pending + ch });
      pending = '';
    }
  }
  if (pending) runs.push({ script: 'latin', text: pending });
  return runs;
}

/** Control characters have no glyph: drawn as spaces. */
const printable = (text: string) =>
  [...text]
    .map((ch) => ((ch.codePointAt(0) ?? 0) < 0x20 || ((ch.codePointAt(0) ?? 0) >= 0x7f && (ch.codePointAt(0) ?? 0) < 0xa0) ? ' ' : ch))
    .join('');

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A colour as pdf-lib's `rgb()` makes it (the same plain object), for colours fixed when a module loads:
 * pdf-lib itself is loaded at the first PDF (lib/lazy-libs.ts).
 */
export const colour = (red: number, green: number, blue: number): RGB => ({ type: 'RGB' as ColorTypes.RGB, red, green, blue });

const BLACK = colour(0, 0, 0);

/** How a line is drawn: its baseline start, size and weight; `rotate` in degrees counter-clockwise, `opacity` 0 to 1. */
export type DrawOptions = { x: number; y: number; size: number; weight?: Weight; color?: RGB; rotate?: number; opacity?: number };

/** The fonts of one PDF document: embedded on first use, so a receipt in English carries only Noto Sans. */
export class PdfFonts {
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  private readonly ready = new Map<string, PDFFont>();

  private constructor(
    private readonly doc: PDFDocument,
    private readonly lib: PdfLib,
  ) {}

  static async for(doc: PDFDocument): Promise<PdfFonts> {
    doc.registerFontkit(await loadFontkit());
    return new PdfFonts(doc, await loadPdfLib());
  }

  private async font(script: Script, weight: Weight): Promise<PDFFont> {
    const key = `${script}-${weight}`;
    let f = this.embedded.get(key);
    if (!f) {
      f = this.doc.embedFont(fontBytes(FILES[script][weight]), { subset: true, features: NO_POSITIONING });
      this.embedded.set(key, f);
      this.ready.set(key, await f);
    }
    return f;
  }

  /** Embeds every font `texts` need, so that the synchronous width and draw calls below can use them. */
  async prepare(texts: string[], weight: Weight = 'regular'): Promise<void> {
    const scripts = new Set<Script>(['latin']);
    for (const t of texts) for (const r of scriptRuns(printable(t))) scripts.add(r.script);
    for (const s of scripts) await this.font(s, weight);
  }

  private fontSync(script: Script, weight: Weight): PDFFont {
    const f = this.ready.get(`${script}-${weight}`);
    if (!f) throw new Error(`PdfFonts: ${script} ${weight} used before prepare()`);
    return f;
  }

  widthOf(text: string, size: number, weight: Weight = 'regular'): number {
    return scriptRuns(printable(text)).reduce((w, r) => w + this.runWidth(this.fontSync(r.script, weight), r.text, size), 0);
  }

  /**
   * Draws `text` from (x, y) along its baseline, run by run; answers the width drawn. A Bengali or
   * Devanagari run is shaped (a vowel sign drawn before its consonant, conjuncts as one glyph), so its
   * glyphs are not in the order of its letters and a reader extracting them would copy "অিপর্তা" for
   * "অর্পিতা": the run is marked with its text as written (/ActualText), which readers copy and search
   * instead (docs/product-invoices.md, "Fonts"). A Latin run's glyphs follow its letters and need no mark.
   */
  draw(page: PDFPage, text: string, opts: DrawOptions): number {
    const weight = opts.weight ?? 'regular';
    const angle = ((opts.rotate ?? 0) * Math.PI) / 180;
    let advance = 0;
    for (const r of scriptRuns(printable(text))) {
      const font = this.fontSync(r.script, weight);
      this.show(page, font, r.text, r.script !== 'latin', {
        ...opts,
        x: opts.x + advance * Math.cos(angle),
        y: opts.y + advance * Math.sin(angle),
      });
      advance += this.runWidth(font, r.text, opts.size);
    }
    return advance;
  }

  /**
   * One run as one text object, written operator by operator rather than with page.drawText: the marked
   * content must sit inside the text object (around the Tj) for poppler to place the actual text where
   * the glyphs are, and the page's font and opacity entries are made once per page, not once per run.
   */
  private show(page: PDFPage, font: PDFFont, text: string, isMarked: boolean, opts: DrawOptions) {
    const l = this.lib;
    const ops: PDFOperator[] = [l.pushGraphicsState()];
    if (opts.opacity !== undefined) ops.push(l.setGraphicsState(this.opacityKey(page, opts.opacity)));
    ops.push(
      l.beginText(),
      l.setFillingColor(opts.color ?? BLACK),
      l.setFontAndSize(this.fontKey(page, font), opts.size),
      l.rotateAndSkewTextDegreesAndTranslate(opts.rotate ?? 0, 0, 0, opts.x, opts.y),
    );
    if (isMarked)
      ops.push(
        l.PDFOperator.of(l.PDFOperatorNames.BeginMarkedContentSequence, [
          l.PDFName.of('Span'),
          // UTF-16BE with its byte-order mark, as the standard asks of a text string.
          `<< /ActualText ${l.PDFHexString.fromText(text).toString()} >>`,
        ]),
      );
    ops.push(l.showText(this.encoded(font, text)));
    if (isMarked) ops.push(l.endMarkedContent());
    ops.push(l.endText(), l.popGraphicsState());
    page.pushOperators(...ops);
  }

  private readonly pageKeys = new WeakMap<PDFPage, Map<unknown, PDFName>>();
  private pageKey(page: PDFPage, of: unknown, make: () => PDFName): PDFName {
    let keys = this.pageKeys.get(page);
    if (!keys) {
      keys = new Map();
      this.pageKeys.set(page, keys);
    }
    let key = keys.get(of);
    if (!key) {
      key = make();
      keys.set(of, key);
    }
    return key;
  }
  private fontKey(page: PDFPage, font: PDFFont): PDFName {
    return this.pageKey(page, font, () => page.node.newFontDictionary(font.name, font.ref));
  }
  private opacityKey(page: PDFPage, opacity: number): PDFName {
    return this.pageKey(page, `opacity ${opacity}`, () =>
      page.node.newExtGState('GS', this.doc.context.obj({ Type: 'ExtGState', ca: opacity })),
    );
  }

  // A run is shaped once for its glyphs and once for its width: a stamp writes the same line on every
  // page of a material, and shaping is most of the cost of a line. Only a drawn run's glyphs are encoded
  // (encoding adds them to the font's subset); a measured one is only measured.
  private readonly shaped = new Map<PDFFont, Map<string, { hex?: PDFHexString; width?: number }>>();
  private shapedRun(font: PDFFont, text: string) {
    let byText = this.shaped.get(font);
    if (!byText) {
      byText = new Map();
      this.shaped.set(font, byText);
    }
    let run = byText.get(text);
    if (!run) {
      run = {};
      byText.set(text, run);
    }
    return run;
  }
  private encoded(font: PDFFont, text: string): PDFHexString {
    const run = this.shapedRun(font, text);
    run.hex ??= font.encodeText(text);
    return run.hex;
  }
  private runWidth(font: PDFFont, text: string, size: number): number {
    const run = this.shapedRun(font, text);
    run.width ??= font.widthOfTextAtSize(text, 1000) / 1000;
    return run.width * size;
  }

  /** `text` in lines no wider than `width`: broken at spaces, and a word too long for one line broken where it must. */
  wrap(text: string, size: number, width: number, weight: Weight = 'regular'): string[] {
    const fits = (t: string) => this.widthOf(t, size, weight) <= width;
    const words = text.split(/\s+/).filter(Boolean);
    // Most texts fit: measured once, and drawn with that measure (a table of 2,000 rows wraps every cell).
    if (fits(words.join(' '))) return [words.join(' ')];
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const { segment: ch } of graphemes.segment(word)) {
        if (line && !fits(line + ch)) {
          lines.push(line);
          line = '';
        }
        line += ch;
      }
    }
    if (line || lines.length === 0) lines.push(line);
    return lines;
  }
}
