import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { PUBLIC_READ_TTL_MS } from '../lib/read-cache.ts';

/** What web/src/entry-server.tsx exports (built into web/dist-ssr/entry-server.js by web/vite.config.ts). */
type RenderedPage = { kind: 'html'; status: number; head: string; body: string; data: string } | { kind: 'shell'; status: number };
type Renderer = {
  renderPage(url: string, origin: string, transport: (path: string, init: RequestInit) => Promise<Response>): Promise<RenderedPage | null>;
  isServerRendered(pathname: string): boolean;
};

/**
 * A page as sent: its status and HTML, compressed once (brotli and gzip are made on first demand), and the
 * API answers it was rendered from.
 */
type Page = { status: number; html: Buffer; br?: Buffer; gzip?: Buffer; sources: Source[] };
type Source = { url: string; status: number; body: string };

/** Public pages kept at once; a page outside them is rendered again on its next visit. */
const PAGES_KEPT = 200;

/**
 * The built web app for every path outside /api (docs/architecture.md, "Web: pages on the server"): the
 * public pages rendered by React on the server with their data (docs/decisions/0023-public-pages-rendered-on-the-server.md),
 * every other page the single-page shell the browser renders, and the hashed assets with long-lived cache headers.
 */
export function registerWebPages(app: FastifyInstance, config: Config, webDist: string, rendererFile: string | undefined) {
  const indexFile = path.join(webDist, 'index.html');
  const apiNotFound = (method: string, url: string) => ({ message: `No route for ${method} ${url}`, code: 'NOT_FOUND' });
  if (!fs.existsSync(indexFile)) {
    app.setNotFoundHandler((req, reply) => reply.status(404).send(apiNotFound(req.method, req.url.split('?')[0])));
    return;
  }
  // The page learns the environment from the server, so one build serves every environment.
  const indexHtml = fs.readFileSync(indexFile, 'utf8').replace('</head>', `<meta name="app-env" content="${config.NODE_ENV}"></head>`);
  const preloads = routePreloads(webDist);
  const shellOf = (pathname: string) => {
    const links = preloads.get(pathname) ?? preloads.find(pathname);
    return links ? indexHtml.replace('</head>', `${links}</head>`) : indexHtml;
  };
  // Imported at the first page request, not at start (start-up target, bench/README.md).
  let loading: Promise<Renderer> | null = null;
  const renderer =
    rendererFile && fs.existsSync(rendererFile) ? () => (loading ??= import(pathToFileURL(rendererFile).href) as Promise<Renderer>) : null;
  const pages = new KeptPages(app);

  app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each script and stylesheet (web/vite.config.ts).
    preCompressed: true,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  /** The server-rendered page: the shell's <head> with the page's own title and cards, the app's HTML in #root. */
  const renderPage = async (r: Renderer, url: string, pathname: string): Promise<Page> => {
    const sources: Source[] = [];
    const rendered = await r.renderPage(url, config.publicUrl, async (p, init) => {
      const source = await injected(app, p, init.method);
      sources.push(source);
      const empty = source.status === 204 || source.status === 304;
      return new Response(empty ? null : source.body, { status: source.status, headers: { 'content-type': 'application/json' } });
    });
    if (!rendered || rendered.kind === 'shell') return { status: rendered?.status ?? 200, html: Buffer.from(shellOf(pathname)), sources };
    const html = shellOf(pathname)
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `${rendered.head}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${rendered.body}</div>${rendered.data}`);
    return { status: rendered.status, html: Buffer.from(html), sources };
  };

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(apiNotFound(req.method, pathname));
    }
    const r = renderer ? await renderer() : null;
    if (r?.isServerRendered(pathname)) {
      try {
        const page = await pages.get(req.url, () => renderPage(r, req.url, pathname));
        return sendPage(req, reply, page);
      } catch (err) {
        // The browser renders it instead, as it does every other page; the shell is not kept.
        req.log.error({ err, url: req.url }, 'server rendering failed; sent the page for the browser to render');
      }
    }
    // /login-test exists outside production only (docs/product.md section 2).
    const status = pathname === '/login-test' && config.NODE_ENV === 'production' ? 404 : 200;
    return reply.status(status).type('text/html').header('cache-control', 'no-cache').send(shellOf(pathname));
  });
}

/** A call of the page's query hooks, answered by this app as a visitor's request (no token, no cookie). */
async function injected(app: FastifyInstance, url: string, method = 'GET'): Promise<Source> {
  const res = await app.inject({ method: method as 'GET', url, headers: { accept: 'application/json' } });
  return { url, status: res.statusCode, body: res.body };
}

/**
 * The rendered pages, kept per address (the query string chooses, e.g. the course of
 * /admission-request?course=) and content version. Any write to courses, announcements, settings or the
 * site's content through this app moves the public reads' version (ctx.caches.publicReads), and its pages
 * are rendered again. A page older than the public reads' lifetime (2 s) asks its API answers again (from
 * the public reads' cache): when they are the ones it was rendered from, it is kept; otherwise (another
 * instance's write) it is rendered again, so a write shows on the page as soon as in the API. Readers
 * arriving together share one render or one check; a failed render is not kept.
 */
class KeptPages {
  private readonly entries = new Map<string, { version: number; page: Promise<Page>; checkedAt: number; checking?: Promise<Page> }>();

  constructor(private readonly app: FastifyInstance) {}

  get(url: string, render: () => Promise<Page>): Promise<Page> {
    const version = this.app.ctx.caches.publicReads.version;
    const hit = this.entries.get(url);
    if (!hit || hit.version !== version) return this.render(url, version, render);
    if (Date.now() - hit.checkedAt < PUBLIC_READ_TTL_MS) return hit.page;
    hit.checking ??= (async () => {
      if (await this.unchanged(await hit.page)) {
        hit.checkedAt = Date.now();
        return hit.page;
      }
      return this.render(url, version, render);
    })().finally(() => {
      hit.checking = undefined;
    });
    return hit.checking;
  }

  private render(url: string, version: number, render: () => Promise<Page>): Promise<Page> {
    if (!this.entries.has(url) && this.entries.size >= PAGES_KEPT) this.entries.delete(this.entries.keys().next().value as string);
    const entry = { version, page: render(), checkedAt: Date.now() };
    this.entries.set(url, entry);
    entry.page.catch(() => {
      if (this.entries.get(url) === entry) this.entries.delete(url);
    });
    return entry.page;
  }

  private async unchanged(page: Page): Promise<boolean> {
    const now = await Promise.all(page.sources.map((s) => injected(this.app, s.url)));
    return now.every((s, i) => s.status === page.sources[i].status && s.body === page.sources[i].body);
  }
}

function sendPage(req: FastifyRequest, reply: FastifyReply, page: Page) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) {
    page.br ??= zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(page.br);
  }
  if (/\bgzip\b/.test(accepts)) {
    page.gzip ??= zlib.gzipSync(page.html, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.html);
}

/**
 * For each route the web build lists in route-preloads.json (web/vite.config.ts), the route's own chunks
 * as modulepreload links, so they download with the entry, not after it runs.
 */
function routePreloads(webDist: string) {
  const file = path.join(webDist, 'route-preloads.json');
  const links = new Map<string, string>();
  const patterns: { re: RegExp; links: string }[] = [];
  const preloads = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
  for (const [route, chunks] of Object.entries(preloads)) {
    const tags = chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c}">`).join('');
    // A route with parameters (/courses/:slug) matches any one segment in their place.
    if (route.includes(':')) patterns.push({ re: new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`), links: tags });
    else links.set(route, tags);
  }
  return {
    get: (pathname: string) => links.get(pathname),
    find: (pathname: string) => patterns.find((p) => p.re.test(pathname))?.links,
  };
}
