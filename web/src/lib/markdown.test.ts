import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

const OWN = '/api/uploads/files/0b5c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21.png';

describe('renderMarkdown', () => {
  it('renders paragraphs, bold, italic, lists and tables', () => {
    const html = renderMarkdown(
      'First **bold** and *italic*.\n\nSecond\n\n- one\n- two\n\n1. a\n2. b\n\n| Year | Units |\n|---|---|\n| 2024 | 10 |',
    );
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(html).toContain('<ol>');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>2024</td>');
    expect(html.match(/<p>/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('shows images from this server only', () => {
    const html = renderMarkdown(`![chart](${OWN}) ![x](https://evil.example/x.png) ![y](//evil.example/y.png)`);
    expect(html).toContain(`src="${OWN}"`);
    expect(html).not.toContain('evil.example');
  });

  it('never lets raw HTML or scripts through', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)> [link](javascript:alert(1)) <b>bold</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<[a-z]+[^>]*onerror/);
    expect(html).not.toContain('href');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;');
  });
});
