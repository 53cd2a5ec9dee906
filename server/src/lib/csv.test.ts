import { readCsv as parse } from './csv-read.ts';
import { describe, expect, it } from 'vitest';
import { guardCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('prefixes cells that a spreadsheet would run as a formula', () => {
    for (const s of ['=1+1', '+91 98300', '-2', '@SUM(A1)', '\tx', '\rx']) expect(guardCell(s)).toBe(`'${s}`);
    for (const s of ['plain', 'a=b', '9830', '']) expect(guardCell(s)).toBe(s);
    expect(guardCell(null)).toBe('');
    expect(guardCell(42)).toBe('42');
  });

  it('quotes commas, quotes and newlines so the document reads back cell for cell', () => {
    const rows = [['Roy, Asha', 'say "hi"', 'line1\nline2', '=HYPERLINK("x")']];
    const out = toCsv(['A', 'B', 'C', 'D'], rows);
    expect(out).toContain('"Roy, Asha"');
    expect(out).toContain('"say ""hi"""');
    expect(parse(out)).toEqual([
      ['A', 'B', 'C', 'D'],
      ['Roy, Asha', 'say "hi"', 'line1\nline2', `'=HYPERLINK("x")`],
    ]);
  });
});
