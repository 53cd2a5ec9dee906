import { describe, expect, it } from 'vitest';
import { parseVideoLink } from './video-links.ts';

describe('parseVideoLink', () => {
  it('accepts the usual YouTube and Vimeo addresses', () => {
    const cases: [string, string, string][] = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'dQw4w9WgXcQ'],
      ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
      ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://www.youtube.com/live/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
      ['  http://www.youtube.com/watch?v=dQw4w9WgXcQ ', 'youtube', 'dQw4w9WgXcQ'],
      ['https://vimeo.com/76979871', 'vimeo', '76979871'],
      ['https://vimeo.com/76979871/a1b2c3d4e5', 'vimeo', '76979871'],
      ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
      ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', '76979871'],
      ['https://vimeo.com/groups/shortfilms/videos/76979871', 'vimeo', '76979871'],
    ];
    for (const [url, provider, id] of cases) expect(parseVideoLink(url), url).toEqual({ provider, id });
  });

  it('refuses other hosts, look-alike hosts and other shapes', () => {
    for (const url of [
      '',
      'not a url',
      'youtube.com/watch?v=dQw4w9WgXcQ',
      'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'https://evil.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
      'https://evil.com/?u=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/',
      'https://www.youtube.com/watch',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC1234567890',
      'https://youtu.be/',
      'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8080/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/',
      'https://vimeo.com/about',
      'https://vimeo.evil.com/76979871',
      'https://player.vimeo.com/76979871',
      'https://www.dailymotion.com/video/x7tgad0',
      `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(600)}`,
    ]) {
      expect(parseVideoLink(url), url).toBeNull();
    }
  });
});
