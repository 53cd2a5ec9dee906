import type { PDFPage, RGB } from '@cantoo/pdf-lib';
import { colour, type PdfFonts } from '../../lib/pdf-fonts.ts';

// The page the invoice documents are written on (render.ts): A4, its margin and colours, and a sheet
// that writes top to bottom.

/** The box the logo is scaled into, keeping its proportions. */
export const LOGO_MAX_HEIGHT = 40;
export const LOGO_MAX_WIDTH = 160;

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
const INK = colour(0.1, 0.1, 0.1);
export const GREY = colour(0.38, 0.38, 0.38);
export const NAVY = colour(0.118, 0.165, 0.29);
const LINE = colour(0.7, 0.7, 0.7);

/** A page being written top to bottom. */
export class Sheet {
  y: number;
  constructor(
    readonly page: PDFPage,
    readonly fonts: PdfFonts,
  ) {
    this.y = page.getHeight() - MARGIN;
  }
  get right() {
    return this.page.getWidth() - MARGIN;
  }
  text(t: string, x: number, size: number, opts: { bold?: boolean; color?: RGB } = {}) {
    return this.fonts.draw(this.page, t, { x, y: this.y, size, weight: opts.bold ? 'bold' : 'regular', color: opts.color ?? INK });
  }
  textRight(t: string, right: number, size: number, opts: { bold?: boolean; color?: RGB } = {}) {
    const w = this.fonts.widthOf(t, size, opts.bold ? 'bold' : 'regular');
    this.text(t, right - w, size, opts);
  }
  /** Wrapped text from x, at most `width` wide; moves down past it. */
  para(t: string, x: number, width: number, size: number, opts: { bold?: boolean; color?: RGB } = {}) {
    const lines = this.fonts.wrap(t, size, width, opts.bold ? 'bold' : 'regular');
    lines.forEach((line, i) => {
      if (i > 0) this.y -= size + 4;
      this.text(line, x, size, opts);
    });
    return lines.length;
  }
  rule(gapAbove = 10, gapBelow = 18) {
    this.y -= gapAbove;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.right, y: this.y }, thickness: 0.75, color: LINE });
    this.y -= gapBelow;
  }
  /** Label and value rows in two columns. */
  pairs(rows: [string, string][], x: number, labelWidth: number, valueWidth: number) {
    for (const [label, value] of rows) {
      this.text(label, x, 9.5, { color: GREY });
      this.para(value, x + labelWidth, valueWidth, 10.5, { bold: true });
      this.y -= 17;
    }
  }
}
