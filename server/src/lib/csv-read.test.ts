import { describe, expect, it } from 'vitest';
import { readCsv, readCsvUpload } from './csv-read.ts';

const refuse = (fault: string) => new Error(fault);
const upload = (text: string, options: { trim?: boolean; relaxQuotes?: boolean } = {}) =>
  readCsvUpload(Buffer.from(text, 'utf8'), refuse, { maxRows: 3, ...options });

describe('reading CSV (csv-parse)', () => {
  it('reads quoted cells back, without the byte-order mark in the first cell', () => {
    expect(readCsv('\uFEFFName,Note\r\n"Roy, Asha","say ""hi"""\r\n"line1\nline2",\r\n')).toEqual([
      ['Name', 'Note'],
      ['Roy, Asha', 'say "hi"'],
      ['line1\nline2', ''],
    ]);
  });

  it("keeps an upload's blank lines and short rows, so each row keeps its line number", () => {
    expect(upload('\uFEFFname,email\r\n\r\nAsha\r\n')).toEqual([['name', 'email'], [''], ['Asha']]);
  });

  it('trims cells and keeps stray quotes only when the import asks', () => {
    expect(upload('name\r\n  Asha  \r\n', { trim: true })).toEqual([['name'], ['Asha']]);
    expect(upload('q\r\nWhat is a 6" rule?\r\n', { relaxQuotes: true })).toEqual([['q'], ['What is a 6" rule?']]);
    expect(() => upload('q\r\nWhat is a 6" rule?\r\n')).toThrow('unreadable');
  });

  it('refuses a file it cannot read, and stops at twice the rows the import takes', () => {
    expect(() => upload('name\r\n"Asha\r\n')).toThrow('unreadable');
    const lines = (n: number) => ['name', ...Array.from({ length: n }, (_, i) => `Student ${i}`)].join('\r\n');
    expect(upload(lines(6))).toHaveLength(7);
    expect(() => upload(lines(7))).toThrow('tooMany');
    expect(() => upload(lines(10_000))).toThrow('tooMany');
  });
});
