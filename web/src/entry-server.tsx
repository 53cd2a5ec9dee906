import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { type Query, skipToken } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App, createQueryClient } from './app/app.tsx';
import { fullTitle, type PageMeta, pageMetaFor } from './app/page-meta.ts';

export { isServerRendered } from './app/page-meta.ts';
import { SERVER_DATA_ID, type ServerData, scriptJson } from './app/server-data.ts';
import { ApiError, setApiTransport } from './lib/api-client.ts';

// The server's renderer of the public pages (docs/decisions/0023-public-pages-rendered-on-the-server.md),
// built by web/vite.config.ts into web/dist-ssr/entry-server.js and loaded by server/src/plugins/web-pages.ts.

/** How the page's API calls reach the app: the server answers them itself (app.inject). */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

export type RenderedPage =
  /** The page as HTML: what goes into <head>, into #root, and the data script to put after #root. */
  | { kind: 'html'; status: number; head: string; body: string; data: string }
  /** The browser renders this one (no such course: 404); the shell is sent with this status. */
  | { kind: 'shell'; status: number };

const calls = new AsyncLocalStorage<Transport>();
setApiTransport((path, init) => {
  const transport = calls.getStore();
  if (!transport) throw new Error(`API call ${path} outside a server render`);
  return transport(path, init);
});

/** Renders until no query is left to load: a page's lazily loaded sections ask for their data as they render. */
const MAX_PASSES = 4;

/**
 * The page at `url` (path and query) for a visitor, or null when it is not a page the server renders.
 * `origin` is the site's public address, for the canonical and Open Graph URLs.
 */
export async function renderPage(url: string, origin: string, transport: Transport): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (!pageMetaFor(pathname, () => undefined)) return null;
  return calls.run(transport, async () => {
    const queryClient = createQueryClient();
    // No retry on the server: a failure is answered with the browser-rendered shell, which retries.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const app = <App queryClient={queryClient} router={(tree) => <StaticRouter location={url}>{tree}</StaticRouter>} hydrating />;
    let body = await renderToHtml(app);
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const waiting = queryClient.getQueryCache().getAll().filter(isWaiting);
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
      body = await renderToHtml(app);
    }
    const queries = queryClient.getQueryCache().getAll();
    const failed = queries.filter((q) => q.state.status === 'error');
    if (failed.length > 0) {
      const notFound = failed.some((q) => q.state.error instanceof ApiError && q.state.error.status === 404);
      if (notFound) return { kind: 'shell', status: 404 };
      throw new Error(`a query of ${pathname} failed: ${(failed[0].state.error as Error)?.message}`);
    }
    if (queries.some(isWaiting)) throw new Error(`${pathname} still loads data after ${MAX_PASSES} renders`);
    const data: ServerData = {
      queries: queries.filter((q) => q.state.status === 'success').map((q) => ({ key: q.queryKey, data: q.state.data })),
    };
    const meta = pageMetaFor(pathname, (key) => queryClient.getQueryData(key)) as PageMeta;
    const dataScript = `<script type="application/json" id="${SERVER_DATA_ID}">${scriptJson(data)}</script>`;
    return { kind: 'html', status: 200, head: headOf(meta, origin), body, data: dataScript };
  });
}

/** A query a component asked for that nobody loaded: the server does not run effects, so nothing fetched it. */
function isWaiting(q: Query) {
  if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle') return false;
  const enabled = (q.options as { enabled?: unknown }).enabled as boolean | ((q: Query) => boolean) | undefined;
  if ((typeof enabled === 'function' ? enabled(q) : enabled) === false) return false;
  return q.options.queryFn !== undefined && q.options.queryFn !== skipToken;
}

/**
 * The whole tree once every lazy part has loaded (onAllReady): the page is kept per content version
 * (server/src/plugins/web-pages.ts), and a page sent before it is complete would need React's inline
 * scripts to fill it in, which the strict CSP forbids (docs/decisions/0003-security-headers-without-helmet.md).
 */
function renderToHtml(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failure: unknown = null;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        if (failure) reject(failure);
        else resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      // Never split a large Suspense boundary out of place: its reveal would be an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => {
        failure ??= err;
      },
    });
  });
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** <title>, description, canonical, Open Graph, Twitter card and JSON-LD of one page. */
function headOf(meta: PageMeta, origin: string): string {
  const url = `${origin}${meta.path}`;
  const title = fullTitle(meta.title);
  const image = meta.image ? (meta.image.startsWith('http') ? meta.image : `${origin}${meta.image}`) : undefined;
  const tags = [
    `<title>${attr(title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}">`,
    `<link rel="canonical" href="${attr(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Law Coaching Institute">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:description" content="${attr(meta.description)}">`,
    `<meta property="og:url" content="${attr(url)}">`,
    ...(image ? [`<meta property="og:image" content="${attr(image)}">`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(title)}">`,
    `<meta name="twitter:description" content="${attr(meta.description)}">`,
    ...(meta.jsonLd ?? []).map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`),
  ];
  return tags.join('');
}
