import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteText } from './site-text.tsx';

const html = (text: string) => renderToStaticMarkup(<SiteText text={text} />).replace(/^<div class="site-text ">|<\/div>$/g, '');

describe('SiteText', () => {
  it('writes paragraphs, line breaks, lists, bold and italic', () => {
    expect(html('First **bold** and *it*.\nNext line\n\n- one\n- two\n\n1. a\n2. b')).toBe(
      '<p>First <strong>bold</strong> and <em>it</em>.<br/>Next line</p><ul><li>one</li><li>two</li></ul><ol><li>a</li><li>b</li></ol>',
    );
  });

  it('shows raw HTML, links and images as text', () => {
    const out = html('<script>alert(1)</script> <img src=x onerror="y"> [a](javascript:x) ![i](/x.png)');
    expect(out).not.toMatch(/<(script|img|a)\b/);
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('onerror=&quot;y&quot;');
  });

  it('leaves snake_case words and lone asterisks alone', () => {
    expect(html('file_name_here costs 5 * 3')).toBe('<p>file_name_here costs 5 * 3</p>');
  });

  it('reads _italic_ after a space and __bold__', () => {
    expect(html('a _word_ and __strong__')).toBe('<p>a <em>word</em> and <strong>strong</strong></p>');
  });
});
