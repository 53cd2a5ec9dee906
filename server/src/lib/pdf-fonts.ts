import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ColorTypes, PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { FONTS_DIR } from '../paths.ts';
import { loadFontkit } from './lazy-libs.ts';

// The PDFs the office hands out (receipts, tax invoices, credit notes, the collection report) print ₹ and
// names in Bengali or Devanagari: the standard PDF fonts cannot, so the Noto fonts shipped in
// server/assets/fonts (SIL Open Font License, OFL.txt there) are embedded, subset to the glyphs used.
// A line is drawn as runs, each in the font of its script (docs/product-invoices.md, "Fonts").

/**
 * @pdf-lib/fontkit's shaper for Indic scripts (Bengali conjuncts, Devanagari matras) is one generator
 * compiled by regenerator, which expects regenerator's runtime as a global. This is the part of that
 * runtime it uses (mark, wrap, and a context with prev, next and stop), so no 700-line polyfill is needed.
 */
type RegeneratorContext = { prev: number; next: number | string; done: boolean; stop: () => undefined };
const g = globalThis as { regeneratorRuntime?: unknown };
g.regeneratorRuntime ??= {
  mark: <F>(fn: F) => fn,
  wrap: (inner: (ctx: RegeneratorContext) => unknown) => {
    const ctx: RegeneratorContext = {
      prev: 0,
      next: 0,
      done: false,
      stop() {
        this.done = true;
        return undefined;
      },
    };
    const it = {
      next: () => {
        if (ctx.done) return { done: true, value: undefined };
        const value = inner(ctx);
        return ctx.done ? { done: true, value: undefined } : { done: false, value };
      },
      [Symbol.iterator]: () => it,
    };
    return it;
  },
};

type Script = 'latin' | 'bengali' | 'devanagari';
type Weight = 'regular' | 'bold';

const FILES: Record<Script, Record<Weight, string>> = {
  latin: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  bengali: { regular: 'NotoSansBengali-Regular.ttf', bold: 'NotoSansBengali-Bold.ttf' },
  devanagari: { regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' },
};

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

/** The fonts of one PDF document: embedded on first use, so a receipt in English carries only Noto Sans. */
export class PdfFonts {
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  private readonly ready = new Map<string, PDFFont>();

  private constructor(private readonly doc: PDFDocument) {}

  static async for(doc: PDFDocument): Promise<PdfFonts> {
    doc.registerFontkit(await loadFontkit());
    return new PdfFonts(doc);
  }

  private async font(script: Script, weight: Weight): Promise<PDFFont> {
    const key = `${script}-${weight}`;
    let f = this.embedded.get(key);
    if (!f) {
      f = this.doc.embedFont(fontBytes(FILES[script][weight]), { subset: true });
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
    return scriptRuns(printable(text)).reduce((w, r) => w + this.fontSync(r.script, weight).widthOfTextAtSize(r.text, size), 0);
  }

  /** Draws `text` at (x, y), run by run; answers the width drawn. */
  draw(page: PDFPage, text: string, opts: { x: number; y: number; size: number; weight?: Weight; color?: RGB }): number {
    const weight = opts.weight ?? 'regular';
    let x = opts.x;
    for (const r of scriptRuns(printable(text))) {
      const font = this.fontSync(r.script, weight);
      page.drawText(r.text, { x, y: opts.y, size: opts.size, font, color: opts.color });
      x += font.widthOfTextAtSize(r.text, opts.size);
    }
    return x - opts.x;
  }

  /** `text` in lines no wider than `width`: broken at spaces, and a word too long for one line broken where it must. */
  wrap(text: string, size: number, width: number, weight: Weight = 'regular'): string[] {
    const fits = (t: string) => this.widthOf(t, size, weight) <= width;
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
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
