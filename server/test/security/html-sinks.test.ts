import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Security (docs/security-verification.md), "user text is never rendered as HTML": React escapes what it renders, so the only ways in are
// the raw-HTML sinks. None may appear in the web app (e2e/security.spec.ts shows the result in a browser).

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src');
const SINKS = [
  /dangerouslySetInnerHTML/,
  /\.innerHTML\b/,
  /\.outerHTML\s*=/,
  /insertAdjacentHTML/,
  /document\.write/,
  /\beval\(/,
  /new Function\(/,
  /createContextualFragment/,
  /DOMParser/,
  /srcdoc/i,
];

const sourcesOf = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesOf(p);
    return /\.(tsx?|jsx?)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

function htmlSinksIn(files: { name: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { name, text } of files) {
    text.split('\n').forEach((line, i) => {
      for (const sink of SINKS) if (sink.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

/**
 * The one sanctioned sink: formatted text of papers (passages, questions, options) is Markdown rendered
 * by web/src/lib/markdown.ts and sanitised there (allow-listed tags, images of this server only, raw HTML
 * shown as text; its tests show scripts and outside images removed), then set by this one component.
 */
const SANCTIONED = new Set(['components/rich-text.tsx']);

describe('the web app', () => {
  it('has no raw-HTML sink anywhere in its source', () => {
    const files = sourcesOf(WEB_SRC).map((f) => ({ name: path.relative(WEB_SRC, f), text: fs.readFileSync(f, 'utf8') }));
    expect(files.length).toBeGreaterThan(50);
    expect(htmlSinksIn(files).filter((f) => !SANCTIONED.has(f.split(':')[0]))).toEqual([]);
    expect(htmlSinksIn(files.filter((f) => SANCTIONED.has(f.name))).length).toBe(1);
  });

  it('the scan finds a sink when there is one', () => {
    const bad = [{ name: 'x.tsx', text: 'const a = 1;\n<p dangerouslySetInnerHTML={{ __html: t }} />\nel.innerHTML = t;' }];
    expect(htmlSinksIn(bad)).toEqual(['x.tsx:2: <p dangerouslySetInnerHTML={{ __html: t }} />', 'x.tsx:3: el.innerHTML = t;']);
  });
});
