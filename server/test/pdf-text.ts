import { inflateSync } from 'node:zlib';

// The text a PDF draws with Tj, read from its (Flate-compressed) content streams, objects in object
// streams included: enough to check a receipt. Text in an embedded font (two-byte glyph ids, Identity-H) is read back through the font's
// ToUnicode map (glyphs in visual order: a Bengali or Devanagari vowel sign drawn before its consonant
// comes first); text in a standard font is read as Latin-1. Text inside a marked-content span with an
// /ActualText is read as that text instead, as PDF readers do (lib/pdf-fonts.ts marks every shaped run
// so). Each Tj (or span) is one line, so a line in two scripts is one line per script. Where a test
// must read a PDF as a reader does, server/test/poppler-text.ts runs poppler's pdftotext.

type Obj = { dict: string; stream: Buffer | null };

/** The PDF's objects by number; a stream is read by its /Length, so binary font data is never mistaken for syntax. */
function objects(raw: string): Map<number, Obj> {
  const out = new Map<number, Obj>();
  const head = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null = head.exec(raw);
  while (m) {
    const from = head.lastIndex;
    const streamAt = raw.indexOf('stream', from);
    const endAt = raw.indexOf('endobj', from);
    let next = endAt + 6;
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = raw.slice(from, streamAt);
      const length = Number(dict.match(/\/Length\s+(\d+)(?!\s+0\s+R)/)?.[1] ?? -1);
      const dataAt = streamAt + 6 + (raw[streamAt + 6] === '\r' ? 2 : 1);
      let stream = Buffer.from(raw.slice(dataAt, length >= 0 ? dataAt + length : raw.indexOf('endstream', dataAt)), 'latin1');
      try {
        stream = inflateSync(stream);
      } catch {
        // not compressed
      }
      out.set(Number(m[1]), { dict, stream });
      next = raw.indexOf('endobj', dataAt + Math.max(length, 0)) + 6;
    } else out.set(Number(m[1]), { dict: raw.slice(from, endAt), stream: null });
    head.lastIndex = next;
    m = head.exec(raw);
  }
  // Objects packed in object streams (pdf-lib's default when saving): "number offset" pairs, then the objects.
  for (const { dict, stream } of [...out.values()]) {
    if (!stream || !/\/Type\s*\/ObjStm/.test(dict)) continue;
    const count = Number(dict.match(/\/N\s+(\d+)/)?.[1] ?? 0);
    const first = Number(dict.match(/\/First\s+(\d+)/)?.[1] ?? 0);
    const text = stream.toString('latin1');
    const pairs = text.slice(0, first).trim().split(/\s+/).map(Number);
    for (let i = 0; i < count; i++) {
      const at = first + pairs[2 * i + 1];
      const end = i + 1 < count ? first + pairs[2 * i + 3] : text.length;
      out.set(pairs[2 * i], { dict: text.slice(at, end), stream: null });
    }
  }
  return out;
}

/** UTF-16BE in hex (a leading byte-order mark dropped) → text. */
const utf16 = (hex: string) =>
  Buffer.from(hex, 'hex')
    .swap16()
    .toString('utf16le')
    .replace(/^\uFEFF/, '');

/** A ToUnicode CMap: two-byte code (hex) → text. */
function parseCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1].toUpperCase(), utf16(m[2]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<([0-9A-Fa-f]+)>|\[([^\]]*)\])/g)) {
      const lo = Number.parseInt(m[1], 16);
      const hi = Number.parseInt(m[2], 16);
      const width = m[1].length;
      const targets = m[5] ? [...m[5].matchAll(/<([0-9A-Fa-f]+)>/g)].map((t) => t[1]) : null;
      for (let c = lo; c <= hi; c++) {
        const key = c.toString(16).toUpperCase().padStart(width, '0');
        if (targets) map.set(key, utf16(targets[c - lo]));
        else {
          const base = Buffer.from(m[4] as string, 'hex');
          base.writeUInt16BE(base.readUInt16BE(base.length - 2) + (c - lo), base.length - 2);
          map.set(key, utf16(base.toString('hex')));
        }
      }
    }
  }
  return map;
}

export function pdfText(pdf: Buffer): string {
  const objs = objects(pdf.toString('latin1'));
  // Resource name of each font (/F1-0 …) → its ToUnicode map, when it has one.
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of objs.values()) {
    for (const block of dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const ref of block[1].matchAll(/\/([^\s/<>]+)\s+(\d+)\s+0\s+R/g)) {
        const font = objs.get(Number(ref[2]));
        const tu = font?.dict.match(/\/ToUnicode\s+(\d+)\s+0\s+R/);
        const cmap = tu ? objs.get(Number(tu[1]))?.stream : null;
        if (cmap) fonts.set(ref[1], parseCMap(cmap.toString('latin1')));
      }
    }
  }
  const out: string[] = [];
  for (const { dict, stream } of objs.values()) {
    if (!stream || /\/(Type|Subtype)\s*\/(XObject|Image|FontFile|XRef|ObjStm)|\/Length1|\/CIDSet|CMapName/.test(dict)) continue;
    let font: Map<string, string> | undefined;
    // The open marked-content sequences, each with its /ActualText (null when it has none).
    const spans: (string | null)[] = [];
    const ops = stream
      .toString('latin1')
      .matchAll(
        /\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj|<<\s*\/ActualText\s*<([0-9A-Fa-f]*)>\s*>>\s*BDC|(BDC|BMC)\b|\bEMC\b/g,
      );
    for (const m of ops) {
      if (m[1]) font = fonts.get(m[1]);
      else if (m[4] !== undefined) spans.push(utf16(m[4]));
      else if (m[5]) spans.push(null);
      else if (m[0] === 'EMC') {
        const actual = spans.pop();
        if (typeof actual === 'string' && !spans.some((s) => s !== null)) out.push(actual);
      } else if (spans.some((s) => s !== null)) {
        // drawn inside a span with its actual text: read as that text, at its end
      } else if (m[2] !== undefined && font) {
        let text = '';
        for (let i = 0; i < m[2].length; i += 4) text += font.get(m[2].slice(i, i + 4).toUpperCase()) ?? '\uFFFD';
        out.push(text);
      } else out.push(m[2] !== undefined ? Buffer.from(m[2], 'hex').toString('latin1') : m[3]);
    }
  }
  return out.join('\n');
}
