import { Fragment, type ReactNode } from 'react';
// The site's Markdown (docs/product-site.md: hero, principal, story, quotes, FAQ answers, course
// descriptions) as React elements, the same on the server and in the browser (hydration compares them).
// A small subset written here instead of the papers' Markdown library (15 KB gzip, more than any public
// page's own code: bundle budget, scripts/bundle-budget.mjs): paragraphs, line breaks, bulleted and
// numbered lists, **bold** and *italic*. The text is never read as HTML (React escapes it), so raw HTML,
// links and images are shown as the text they are and nothing in the text can load or run.

const BOLD = /\*\*(\S(?:[^*]*\S)?)\*\*|__(\S(?:[^_]*\S)?)__/g;
const ITALIC = /\*(\S(?:[^*]*\S)?)\*|(^|[\s(])_(\S(?:[^_]*\S)?)_(?=$|[\s).,;:!?])/g;
const BULLET = /^\s*[-*+]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** Keys in the order the elements are written: the text has no ids, and the same on server and browser. */
type NextKey = () => number;

function italics(text: string, key: NextKey): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(ITALIC)) {
    out.push(text.slice(last, m.index) + (m[2] ?? ''));
    out.push(<em key={key()}>{m[1] ?? m[3]}</em>);
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((n) => n !== '');
}

/** **bold** and *italic* of one line as React elements: the text itself is never read as HTML. */
function inline(text: string, key: NextKey): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(BOLD)) {
    out.push(...italics(text.slice(last, m.index), key));
    out.push(<strong key={key()}>{italics(m[1] ?? m[2], key)}</strong>);
    last = m.index + m[0].length;
  }
  out.push(...italics(text.slice(last), key));
  return out;
}

const item = (text: string, key: NextKey) => <li key={key()}>{inline(text, key)}</li>;

/** The subset above as elements: one block per run of lines between blank lines. */
export function siteBlocks(text: string): ReactNode[] {
  let n = 0;
  const key = () => n++;
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      if (lines.every((l) => BULLET.test(l))) return <ul key={key()}>{lines.map((l) => item(l.replace(BULLET, ''), key))}</ul>;
      if (lines.every((l) => NUMBERED.test(l))) return <ol key={key()}>{lines.map((l) => item(l.replace(NUMBERED, ''), key))}</ol>;
      const [first, ...rest] = lines;
      return (
        <p key={key()}>
          {inline(first.trim(), key)}
          {rest.map((l) => (
            <Fragment key={key()}>
              <br />
              {inline(l.trim(), key)}
            </Fragment>
          ))}
        </p>
      );
    });
}

/** Markdown of the site's editable texts, rendered in a <div>. */
export function SiteText({ text, className }: { text: string; className?: string }) {
  return <div className={`site-text ${className ?? ''}`}>{siteBlocks(text)}</div>;
}

/** Plain paragraphs of a short text (the hero's). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => (
          <p key={p} className={className}>
            {p}
          </p>
        ))}
    </>
  );
}
