// Video links a study material may point to (docs/product-materials.md): YouTube or Vimeo only,
// recognised by host and address shape, never by a substring.

export type VideoLink = { provider: 'youtube' | 'vimeo'; id: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** The provider and video id of a YouTube or Vimeo address; null for anything else. */
export function parseVideoLink(text: string): VideoLink | null {
  const raw = text.trim();
  if (raw.length > 500 || !/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') {
    return parts.length === 1 && YOUTUBE_ID.test(parts[0]) ? { provider: 'youtube', id: parts[0] } : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') {
      const v = url.searchParams.get('v') ?? '';
      return YOUTUBE_ID.test(v) ? { provider: 'youtube', id: v } : null;
    }
    if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0]) && YOUTUBE_ID.test(parts[1])) {
      return { provider: 'youtube', id: parts[1] };
    }
    return null;
  }
  if (VIMEO_HOSTS.has(host)) {
    if (host === 'player.vimeo.com') {
      return parts.length === 2 && parts[0] === 'video' && VIMEO_ID.test(parts[1]) ? { provider: 'vimeo', id: parts[1] } : null;
    }
    // vimeo.com/123456789, vimeo.com/123456789/abcdef0123 (an unlisted video's hash),
    // vimeo.com/channels/<name>/123456789, vimeo.com/groups/<name>/videos/123456789
    if (
      (parts.length === 1 || parts.length === 2) &&
      VIMEO_ID.test(parts[0]) &&
      (parts.length === 1 || /^[0-9a-f]{6,20}$/i.test(parts[1]))
    ) {
      return { provider: 'vimeo', id: parts[0] };
    }
    if (parts.length === 3 && parts[0] === 'channels' && VIMEO_ID.test(parts[2])) return { provider: 'vimeo', id: parts[2] };
    if (parts.length === 4 && parts[0] === 'groups' && parts[2] === 'videos' && VIMEO_ID.test(parts[3]))
      return { provider: 'vimeo', id: parts[3] };
    return null;
  }
  return null;
}
