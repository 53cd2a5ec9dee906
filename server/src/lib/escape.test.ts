import { describe, expect, it } from 'vitest';
import { escapeHtml, likeContains, linesHtml } from './escape.ts';

describe('escaping HTML', () => {
  it('writes the five special characters as entities and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Rāhul Bose, ₹1,250.50')).toBe('Rāhul Bose, ₹1,250.50');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it("makes an e-mail's lines paragraphs and its empty lines breaks, each escaped", () => {
    expect(linesHtml(['Dear <b>A</b>,', '', 'Bye'])).toBe(
      '<div style="font-family:Arial,sans-serif;line-height:1.5"><p style="margin:0">Dear &lt;b&gt;A&lt;/b&gt;,</p><br><p style="margin:0">Bye</p></div>',
    );
  });
});

describe('escaping LIKE patterns', () => {
  it('matches the text anywhere, its % _ and backslash as themselves', () => {
    expect(likeContains('rahul')).toBe('%rahul%');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likeContains('')).toBe('%%');
  });
});
