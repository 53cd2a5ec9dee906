import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_PAGES, ROBOTS_DISALLOW } from '@app/common/schemas/site';
import { escapeHtml } from '../../lib/escape.ts';
import { asc, eq } from 'drizzle-orm';
import { courses } from '../../db/schema.ts';

/** robots.txt: the API and the signed-in areas kept out; the sitemap named. */
export const robotsTxt = (publicUrl: string) =>
  ['User-agent: *', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');

/** sitemap.xml: the public pages and every active course's page, at the site's public address. */
export function sitemapXml(publicUrl: string, courseSlugs: string[]): string {
  const urls = [...PUBLIC_PAGES, ...courseSlugs.map((slug) => `/courses/${encodeURIComponent(slug)}`)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((p) => `  <url><loc>${escapeHtml(`${publicUrl}${p === '/' ? '/' : p}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** GET /sitemap.xml and GET /robots.txt, outside /api (search engines look for them at the root). */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const publicUrl = ctx.config.publicUrl;
  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    // Read here, not through modules/courses: that module's course page imports this one (the toppers).
    const rows = await ctx.db
      .select({ slug: courses.slug })
      .from(courses)
      .where(eq(courses.isActive, true))
      .orderBy(asc(courses.createdAt));
    const slugs = rows.map((r) => r.slug);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(sitemapXml(publicUrl, slugs));
  });
};
