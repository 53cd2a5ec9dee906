import { readCsv as parse } from './csv-read.ts';
import { describe, expect, it } from 'vitest';
import { csvNumber, guardCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('prefixes text cells that a spreadsheet would run as a formula', () => {
    for (const s of ['=1+1', '+91 98300', '-2', '-LSAT', '@SUM(A1)', '\tx', '\rx']) expect(guardCell(s)).toBe(`'${s}`);
    for (const s of ['plain', 'a=b', '9830', '']) expect(guardCell(s)).toBe(s);
    expect(guardCell(null)).toBe('');
  });

  it('writes numbers as numbers, a negative one too', () => {
    expect(guardCell(42)).toBe('42');
    expect(guardCell(-0.25)).toBe('-0.25');
    expect(guardCell(csvNumber(-0.25, { decimals: 2 }))).toBe('-0.25');
    expect(guardCell(csvNumber(4, { decimals: 2 }))).toBe('4.00');
    expect(guardCell(csvNumber(-5.5, { percent: true }))).toBe('-5.5%');
    // Not a number a spreadsheet knows: text, and guarded as text is.
    expect(guardCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
    expect(guardCell(csvNumber(Number.NaN, { decimals: 2 }))).toBe('NaN');
    expect(parse(toCsv(['Marks', 'Note'], [[csvNumber(-0.25, { decimals: 2 }), '-0.25']]))).toEqual([
      ['Marks', 'Note'],
      ['-0.25', "'-0.25"],
    ]);
  });

  it('starts with the UTF-8 byte-order mark, so that Excel reads Bengali and Devanagari names', () => {
    const bytes = Buffer.from(toCsv(['Name'], [['অর্পিতা সেন'], ['अर्पिता शर्मा']]), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Name\r\nঅর্পিতা সেন\r\nअर्पिता शर्मा\r\n');
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
