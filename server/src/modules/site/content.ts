import { eq } from 'drizzle-orm';
import type { SiteAbout, SiteFaq, SiteHome, SiteHomeValues, siteAboutBody, siteFaqBody } from '@app/common/schemas/site';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import { siteContent } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { assertImagesExist, findImagesByUrl } from './images.ts';

// The pages' sections (home, about, FAQ): one row each, the body as its schema parsed it. The seed writes
// the first version (db/seed-site.ts); an admin replaces it whole with PUT.

type Key = (typeof siteContent.$inferSelect)['key'];
type Stored = { home: SiteHomeValues; about: z.output<typeof siteAboutBody>; faq: z.output<typeof siteFaqBody> };

async function read<K extends Key>(ctx: Ctx, key: K): Promise<{ content: Stored[K]; updatedAt: string } | null> {
  const [row] = await ctx.db.select().from(siteContent).where(eq(siteContent.key, key)).limit(1);
  return row ? { content: row.content as Stored[K], updatedAt: row.updatedAt.toISOString() } : null;
}

const missing = (key: Key) => notFound(`The ${key} page has no content yet`);

async function write<K extends Key>(ctx: Ctx, actor: Actor, key: K, content: Stored[K]) {
  const before = await read(ctx, key);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(siteContent)
      .values({ key, content, updatedBy: actor.id })
      .onConflictDoUpdate({ target: siteContent.key, set: { content, updatedBy: actor.id, updatedAt: new Date() } });
    await recordAudit(tx, actor, `site.${key}.update`, 'site_content', key, before?.content ?? null, content);
  });
  ctx.caches.publicReads.invalidate();
}

export async function findSiteHome(ctx: Ctx): Promise<SiteHome> {
  const found = await read(ctx, 'home');
  if (!found) throw missing('home');
  const { hero, whyChooseUs, principal } = found.content;
  const images = await findImagesByUrl(ctx.db, [hero.imageUrl, principal.photoUrl]);
  return {
    hero: { ...hero, ...(hero.imageUrl && images.has(hero.imageUrl) ? { image: images.get(hero.imageUrl) } : {}) },
    whyChooseUs,
    principal: {
      ...principal,
      ...(principal.photoUrl && images.has(principal.photoUrl) ? { photo: images.get(principal.photoUrl) } : {}),
    },
    updatedAt: found.updatedAt,
  };
}

export async function updateSiteHome(ctx: Ctx, actor: Actor, body: SiteHomeValues): Promise<SiteHome> {
  await assertImagesExist(ctx.db, { 'hero.imageUrl': body.hero.imageUrl, 'principal.photoUrl': body.principal.photoUrl });
  await write(ctx, actor, 'home', body);
  return findSiteHome(ctx);
}

export async function findSiteAbout(ctx: Ctx): Promise<SiteAbout> {
  const found = await read(ctx, 'about');
  if (!found) throw missing('about');
  return { ...found.content, updatedAt: found.updatedAt };
}

export async function updateSiteAbout(ctx: Ctx, actor: Actor, body: z.output<typeof siteAboutBody>): Promise<SiteAbout> {
  await write(ctx, actor, 'about', body);
  return findSiteAbout(ctx);
}

export async function findSiteFaq(ctx: Ctx): Promise<SiteFaq> {
  const found = await read(ctx, 'faq');
  if (!found) throw missing('faq');
  return { ...found.content, updatedAt: found.updatedAt };
}

export async function updateSiteFaq(ctx: Ctx, actor: Actor, body: z.output<typeof siteFaqBody>): Promise<SiteFaq> {
  await write(ctx, actor, 'faq', body);
  return findSiteFaq(ctx);
}
