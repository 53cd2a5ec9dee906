import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { escapeHtml } from '@app/common/rules/text';

/**
 * Formatted text of papers (passages, questions, options; docs/product-papers.md): Markdown stored as
 * written, rendered here and sanitised. Paragraphs, bold, italic, lists, tables and images served by this
 * server; raw HTML is shown as text, and anything else (scripts, links, outside images) is removed.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'blockquote',
  'code',
  'pre',
  'hr',
  'h3',
  'h4',
];
const ALLOWED_ATTR = ['src', 'alt', 'title', 'align', 'start'];
/** The only images formatted text may show: those uploaded to this server. */
const OWN_IMAGE = /^\/api\/(uploads|gallery)\/files\/[0-9a-f-]{36}\.(png|jpg|webp)$/;

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // Raw HTML in the text is shown as the text it is, never parsed.
    html: ({ text }) => escapeHtml(text),
    // Headings are kept small: a passage is not a page.
    heading({ tokens, depth }): string {
      const level = depth <= 3 ? 3 : 4;
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>`;
    },
    // Links are shown as their text: a paper sends nobody elsewhere.
    link({ tokens }): string {
      return this.parser.parseInline(tokens);
    },
  },
});

const purify = DOMPurify();
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'img') {
    const src = (node as Element).getAttribute('src') ?? '';
    if (!OWN_IMAGE.test(src)) node.parentNode?.removeChild(node);
  }
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    if (!node.getAttribute('alt')) node.setAttribute('alt', '');
  }
});

const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

/** Markdown to sanitised HTML. */
export function renderMarkdown(text: string): string {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const html = purify.sanitize(marked.parse(text) as string, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'loading'],
    ALLOW_DATA_ATTR: false,
  });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(text, html);
  return html;
}
