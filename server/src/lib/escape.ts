// Escaping text for the two languages the server writes it into: HTML (e-mails, the sandbox's payment page)
// and SQL LIKE patterns (the admin lists' searches).

import { escapeHtml } from '@app/common/rules/text';

// HTML escaping itself is common's (the browser's Markdown shows raw HTML as text with it).
export { escapeHtml };

/** An e-mail's lines as its HTML body: a paragraph each, an empty line a break, every line escaped. */
export const linesHtml = (lines: string[]): string =>
  `<div style="font-family:Arial,sans-serif;line-height:1.5">${lines
    .map((l) => (l === '' ? '<br>' : `<p style="margin:0">${escapeHtml(l)}</p>`))
    .join('')}</div>`;

/**
 * A LIKE / ILIKE pattern that matches `text` anywhere, its own % _ and \ matched as themselves (backslash is
 * PostgreSQL's default LIKE escape), so a search for "50%" finds "50%" and not everything starting with 50.
 */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
