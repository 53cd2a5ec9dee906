import { inflateSync } from 'node:zlib';

/** The text a PDF draws with Tj, read from its (Flate-compressed) content streams: enough to check a receipt. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body = Buffer.from(m[1], 'latin1');
    try {
      body = inflateSync(body);
    } catch {
      // not compressed
    }
    for (const t of body.toString('latin1').matchAll(/<([0-9A-Fa-f]+)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      out.push(t[1] ? Buffer.from(t[1], 'hex').toString('latin1') : t[2]);
    }
  }
  return out.join('\n');
}
