import zlib from 'node:zlib';
import { strToU8, Zip, ZipDeflate, type ZipInputFile, zipSync } from 'fflate';
import { columnName } from '../src/lib/spreadsheet.ts';

// Spreadsheets, Word files and zip bombs built in code for the import tests: the parts an .xlsx or a
// .docx needs and nothing else, so a test says exactly what its file holds (and no large binary file is
// kept in the repository).

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const xlsxParts = (sheetName = 'Questions') => ({
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
});

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A cell: text as an inline string, a number as a value. */
export const cell = (ref: string, value: string | number) =>
  typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;

/** A row of cells from column A on. */
export const row = (n: number, values: (string | number)[]) =>
  `<row r="${n}">${values.map((v, i) => cell(`${columnName(i + 1)}${n}`, v)).join('')}</row>`;

/** A worksheet of these rows, with the `<dimension>` given (none when left out). */
export const sheetXml = (rows: string[] | string, dimension?: string) =>
  `${XML}<worksheet xmlns="${MAIN}">${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>${
    Array.isArray(rows) ? rows.join('') : rows
  }</sheetData></worksheet>`;

/** An .xlsx file whose first sheet is this XML, compressed at `level` (1 fast, 9 smallest). */
export function xlsxOf(sheet: string, extra: Record<string, string | Uint8Array> = {}, level: 0 | 1 | 6 | 9 = 6): Buffer {
  const parts: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries({ ...xlsxParts(), 'xl/worksheets/sheet1.xml': sheet, ...extra })) {
    parts[name] = typeof text === 'string' ? strToU8(text) : text;
  }
  return Buffer.from(zipSync(parts, { level }));
}

/** A .docx file whose body is these paragraphs of plain text. */
export function docxOf(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      ),
      '_rels/.rels': strToU8(
        `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
      'word/document.xml': strToU8(
        `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    }),
  );
}

const deflated = new Map<number, Promise<{ data: Buffer; crc: number; size: number }>>();

/** `mb` megabytes of spaces deflated (by zlib: a second or two for 300 MB), once per size for the whole test file. */
function deflatedSpaces(mb: number) {
  let found = deflated.get(mb);
  if (!found) {
    found = new Promise((resolve, reject) => {
      const megabyte = Buffer.alloc(1024 * 1024, 0x20);
      const deflate = zlib.createDeflateRaw({ level: 9 });
      const chunks: Buffer[] = [];
      deflate.on('data', (c: Buffer) => chunks.push(c));
      deflate.on('error', reject);
      deflate.on('end', () => {
        let crc = 0;
        for (let i = 0; i < mb; i++) crc = zlib.crc32(megabyte, crc);
        resolve({ data: Buffer.concat(chunks), crc, size: mb * megabyte.length });
      });
      for (let i = 0; i < mb; i++) deflate.write(megabyte);
      deflate.end();
    });
    deflated.set(mb, found);
  }
  return found;
}

/**
 * A zip bomb: each of `entries` inflates to `entryMb` megabytes of spaces (deflate's best ratio is about
 * 1,000 to 1, so 300 MB pack into about 300 KB), beside the small text `parts`. Built by streaming, so
 * the test never holds the inflated bytes.
 */
export async function zipBomb(entries: string[], entryMb: number, parts: Record<string, string> = {}): Promise<Buffer> {
  const spaces = await deflatedSpaces(entryMb);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    chunks.push(data);
  });
  for (const [name, text] of Object.entries(parts)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  }
  for (const name of entries) {
    // Already deflated: the archive is told its size and checksum and takes the bytes as they are.
    const file: ZipInputFile = { filename: name, size: spaces.size, crc: spaces.crc, compression: 8 };
    zip.add(file);
    file.ondata?.(null, new Uint8Array(spaces.data), true);
  }
  zip.end();
  return Buffer.concat(chunks);
}

/** The same zip with every entry's declared uncompressed size replaced by `bytes` (a bomb that lies). */
export function withDeclaredSizes(zip: Buffer, bytes: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = out.length - 22; i >= 0; i--) {
    if (out.readUInt32LE(i) !== 0x06054b50) continue;
    const count = out.readUInt16LE(i + 10);
    let at = out.readUInt32LE(i + 16);
    for (let k = 0; k < count; k++) {
      out.writeUInt32LE(bytes, at + 24);
      const local = out.readUInt32LE(at + 42);
      // A local header that carries sizes (no data descriptor) says the same.
      if ((out.readUInt16LE(local + 6) & 0x08) === 0) out.writeUInt32LE(bytes, local + 22);
      at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
    }
    return out;
  }
  throw new Error('not a zip');
}

/** A seeded source of text that compresses about as badly as real prose does not: for files of a set size. */
export function noisyText(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s;
  };
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return (length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) out += i % 9 === 8 ? ' ' : letters[next() % letters.length];
    return out;
  };
}
