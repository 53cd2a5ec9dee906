import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { imageMultipart, makePng } from '../../../test/png.ts';
import { auditLog, siteImageFiles } from '../../db/schema.ts';

// The site's API (docs/product-site.md): open reads, writes for `site.edit` only, 400 naming the field,
// every change audited; images judged by content and resized.

let t: TestApp;
let student: Awaited<ReturnType<TestApp['createStudent']>>;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.createStudent();
}, 60_000);
afterAll(() => t?.close());

const audits = (action: string) => t.ctx.db.$count(auditLog, eq(auditLog.action, action));

async function upload(
  url: string,
  data: Buffer | null,
  fields: Record<string, string> = {},
  who: 'admin' | 'student' | 'visitor' = 'admin',
  filename?: string,
) {
  const body = imageMultipart(data, fields, filename);
  const token =
    who === 'admin'
      ? await t.tokenFor('admin@test.local', 'Admin-Password-1')
      : who === 'student'
        ? await t.tokenFor(student.email, 'Student-Pass-9')
        : null;
  return t.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const HOME = {
  hero: {
    headline: 'Law coaching that **works**',
    text: 'Small batches.',
    primaryButton: { label: 'Apply', href: '/admission-request' },
  },
  whyChooseUs: [{ title: 'Weekly tests', text: 'Every *Sunday*.' }],
  principal: { name: 'Dr. A. Sen', message: 'Read closely.' },
};

describe('site pages: home, about, FAQ', () => {
  it('reads are open, writes need the site right (visitor 401, student 403)', async () => {
    for (const page of ['home', 'about', 'faq']) {
      expect((await t.visitor.get(`/api/site/${page}`)).statusCode).toBe(200);
      expect((await t.visitor.put(`/api/site/${page}`, {})).statusCode).toBe(401);
      expect((await student.client.put(`/api/site/${page}`, {})).statusCode).toBe(403);
    }
  });

  it('saves the home page as Markdown, audited, and serves it to visitors', async () => {
    const before = await audits('site.home.update');
    const res = await t.admin.put('/api/site/home', HOME);
    expect(res.statusCode).toBe(200);
    expect(res.json().hero.headline).toBe('Law coaching that **works**');
    expect(await audits('site.home.update')).toBe(before + 1);
    const read = (await t.visitor.get('/api/site/home')).json();
    expect(read.hero).toMatchObject({
      headline: 'Law coaching that **works**',
      primaryButton: { label: 'Apply', href: '/admission-request' },
    });
    expect(read.hero.secondaryButton).toBeUndefined();
    expect(read.whyChooseUs).toEqual([{ title: 'Weekly tests', text: 'Every *Sunday*.' }]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const noHeadline = await t.admin.put('/api/site/home', { ...HOME, hero: { ...HOME.hero, headline: ' ' } });
    expect(noHeadline.statusCode).toBe(400);
    expect(noHeadline.json().fields['hero.headline']).toBe('Headline is required');
    const badLink = await t.admin.put('/api/site/home', {
      ...HOME,
      hero: { ...HOME.hero, primaryButton: { label: 'Go', href: 'javascript:alert(1)' } },
    });
    expect(badLink.statusCode).toBe(400);
    expect(Object.keys(badLink.json().fields)).toEqual(['hero.primaryButton.href']);
    const outsideImage = await t.admin.put('/api/site/home', { ...HOME, hero: { ...HOME.hero, imageUrl: 'https://evil.example/x.jpg' } });
    expect(outsideImage.statusCode).toBe(400);
    expect(outsideImage.json().fields['hero.imageUrl']).toBeDefined();
    const goneImage = await t.admin.put('/api/site/home', {
      ...HOME,
      principal: { ...HOME.principal, photoUrl: '/api/site/images/files/00000000-0000-4000-8000-000000000000.webp' },
    });
    expect(goneImage.statusCode).toBe(400);
    expect(goneImage.json().fields['principal.photoUrl']).toBe('This image is not on the site any more: upload it again');
    const faq = await t.admin.put('/api/site/faq', { items: [{ question: 'When?', answer: '' }] });
    expect(faq.statusCode).toBe(400);
    expect(faq.json().fields['items.0.answer']).toBe('Answer is required');
    const about = await t.admin.put('/api/site/about', { story: 'Since 2010', achievements: 'many' });
    expect(about.statusCode).toBe(400);
    expect(about.json().fields.achievements).toBeDefined();
  });

  it('saves about and FAQ', async () => {
    const about = await t.admin.put('/api/site/about', { story: 'Since **2010**', achievements: [{ title: '850+', text: 'NLU seats' }] });
    expect(about.statusCode).toBe(200);
    expect((await t.visitor.get('/api/site/about')).json()).toMatchObject({ story: 'Since **2010**', achievements: [{ title: '850+' }] });
    const faq = await t.admin.put('/api/site/faq', { items: [{ question: 'Fees?', answer: 'In installments.' }] });
    expect(faq.statusCode).toBe(200);
    expect((await t.visitor.get('/api/site/faq')).json().items).toEqual([{ question: 'Fees?', answer: 'In installments.' }]);
    expect(await audits('site.faq.update')).toBeGreaterThan(0);
  });
});

describe('site images', () => {
  it('resizes an upload to the page widths, WebP, and the home page serves its copies', async () => {
    const res = await upload('/api/site/images', makePng(2000, 1000));
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1600]);
    expect(image).toMatchObject({ width: 1600, height: 800 });
    expect(image.url).toBe(image.variants[2].url);
    for (const v of image.variants) {
      const file = await t.visitor.get(v.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    const saved = await t.admin.put('/api/site/home', { ...HOME, hero: { ...HOME.hero, imageUrl: image.url } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().hero.image.variants).toEqual(image.variants);
  });

  it('keeps a small picture at its own width (never enlarged)', async () => {
    const res = await upload('/api/site/images', makePng(300, 200));
    expect(res.statusCode).toBe(201);
    expect(res.json().variants.map((v: { width: number }) => v.width)).toEqual([300]);
  });

  it('judges the image by its content: a text file named .jpg is refused', async () => {
    const before = await t.ctx.db.$count(siteImageFiles);
    const text = await upload('/api/site/images', Buffer.from('this is not a picture at all'), {}, 'admin', 'photo.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.file).toBe('Only PNG, JPEG or WebP images can be uploaded');
    // A PNG signature with nothing behind it passes the sniff and fails the decoder.
    const broken = await upload('/api/site/images', Buffer.concat([makePng(10, 10).subarray(0, 20), Buffer.alloc(50)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields.file).toMatch(/could not be read/);
    expect(await t.ctx.db.$count(siteImageFiles)).toBe(before);
  });

  it('refuses a missing file, a body that is not multipart and one over the size limit', async () => {
    const none = await upload('/api/site/images', null);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.file).toMatch(/choose an image/);
    const json = await t.admin.post('/api/site/images', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields.file).toBeDefined();
    const big = await upload('/api/site/images', Buffer.concat([makePng(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().fields.file).toBe('The image is too large: at most 5 MB');
  });

  it('uploads need the site right', async () => {
    expect((await upload('/api/site/images', makePng(20, 20), {}, 'visitor')).statusCode).toBe(401);
    expect((await upload('/api/site/images', makePng(20, 20), {}, 'student')).statusCode).toBe(403);
  });
});

const topper = (patch: Record<string, unknown> = {}) => ({
  name: 'Ananya Ghosh',
  exam: 'CLAT',
  year: 2025,
  rank: 38,
  centre: 'dumdum',
  quote: 'Mocks *helped*.',
  ...patch,
});

describe('toppers', () => {
  it('creates in order, reorders by position, renumbers on delete, audited', async () => {
    const photo = (await upload('/api/site/images', makePng(600, 600))).json();
    const a = (await t.admin.post('/api/site/toppers', topper({ name: 'A', photoUrl: photo.variants[0].url }))).json();
    const b = (await t.admin.post('/api/site/toppers', topper({ name: 'B', rank: undefined, score: '99.2 percentile' }))).json();
    const c = (await t.admin.post('/api/site/toppers', topper({ name: 'C', position: 0 }))).json();
    expect(a.photo.variants.length).toBe(2);
    expect(a.centreName).toBe('Dumdum Centre');
    const names = async () => (await t.visitor.get('/api/site/toppers')).json().map((x: { name: string }) => x.name);
    expect(await names()).toEqual(['C', 'A', 'B']);
    const moved = await t.admin.patch(`/api/site/toppers/${b._id}`, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().position).toBe(0);
    expect(await names()).toEqual(['B', 'C', 'A']);
    expect((await t.admin.delete(`/api/site/toppers/${c._id}`)).statusCode).toBe(200);
    const list = (await t.visitor.get('/api/site/toppers')).json();
    expect(list.map((x: { name: string; position: number }) => [x.name, x.position])).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
    expect(await t.ctx.db.$count(auditLog, and(eq(auditLog.entity, 'topper'), eq(auditLog.entityId, c._id)))).toBe(2);
    const cleared = await t.admin.patch(`/api/site/toppers/${a._id}`, { photoUrl: null, quote: '' });
    expect(cleared.json().photoUrl).toBeUndefined();
    expect(cleared.json().quote).toBeUndefined();
    for (const x of list) await t.admin.delete(`/api/site/toppers/${x._id}`);
  });

  it('refuses bad input naming the field, and answers 404 for an unknown topper', async () => {
    const noRank = await t.admin.post('/api/site/toppers', topper({ rank: undefined }));
    expect(noRank.statusCode).toBe(400);
    expect(noRank.json().fields.rank).toBe('Give the rank or the score');
    const bad = await t.admin.post('/api/site/toppers', topper({ name: '', year: 1800, centre: 'mars' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['centre', 'name', 'year']);
    const created = (await t.admin.post('/api/site/toppers', topper())).json();
    const clearBoth = await t.admin.patch(`/api/site/toppers/${created._id}`, { rank: null });
    expect(clearBoth.statusCode).toBe(400);
    expect(clearBoth.json().fields.rank).toBe('Give the rank or the score');
    expect((await t.admin.patch(`/api/site/toppers/${created._id}`, {})).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.admin.patch(`/api/site/toppers/${missing}`, { name: 'X' })).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/site/toppers/${missing}`)).statusCode).toBe(404);
    expect((await t.visitor.post('/api/site/toppers', topper())).statusCode).toBe(401);
    expect((await student.client.patch(`/api/site/toppers/${created._id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await student.client.delete(`/api/site/toppers/${created._id}`)).statusCode).toBe(403);
    await t.admin.delete(`/api/site/toppers/${created._id}`);
  });
});

describe('testimonials', () => {
  it('creates, shows initials without a photo, edits, reorders and deletes, audited', async () => {
    const a = await t.admin.post('/api/site/testimonials', {
      name: 'Riya Sen',
      course: 'CLAT Preparation',
      year: 2025,
      text: 'Great *mocks*.',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ initials: 'RS', position: 0 });
    const b = (await t.admin.post('/api/site/testimonials', { name: 'arjun', course: 'Judiciary', year: 2024, text: 'Bare acts.' })).json();
    expect(b.initials).toBe('A');
    const edited = await t.admin.patch(`/api/site/testimonials/${b._id}`, { text: 'Bare acts, read aloud.', position: 0 });
    expect(edited.statusCode).toBe(200);
    expect((await t.visitor.get('/api/site/testimonials')).json().map((x: { name: string }) => x.name)).toEqual(['arjun', 'Riya Sen']);
    const bad = await t.admin.post('/api/site/testimonials', { name: 'X', course: '', year: 'soon', text: 'ok' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['course', 'year']);
    expect((await student.client.post('/api/site/testimonials', { name: 'X' })).statusCode).toBe(403);
    expect((await t.visitor.delete(`/api/site/testimonials/${b._id}`)).statusCode).toBe(401);
    expect((await t.admin.delete(`/api/site/testimonials/${a.json()._id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/site/testimonials/${a.json()._id}`)).statusCode).toBe(404);
    expect(await audits('site.testimonial.delete')).toBe(1);
  });

  it('takes a name that begins with a letter outside the Basic Multilingual Plane (its initial audited whole)', async () => {
    const res = await t.admin.post('/api/site/testimonials', { name: '\u{10000}', course: 'CLAT Preparation', year: 1990, text: '!' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().initials).toBe('\u{10000}');
    expect((await t.admin.delete(`/api/site/testimonials/${res.json()._id}`)).statusCode).toBe(200);
  });
});

describe('gallery', () => {
  it('uploads with category and caption, resized; hides, reorders and deletes with its files', async () => {
    const first = await upload('/api/gallery', makePng(1200, 800), { category: 'Events', caption: 'Moot court finals' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ caption: 'Moot court finals', category: 'Events', hidden: false, width: 1200, height: 800 });
    expect(first.json().variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1200]);
    const second = (await upload('/api/gallery', makePng(500, 500), { category: 'Faculty', caption: 'Lecture' })).json();
    const publicIds = async () => (await t.visitor.get('/api/gallery')).json().map((g: { _id: string }) => g._id);
    expect(await publicIds()).toEqual([first.json()._id, second._id]);
    expect((await t.admin.patch(`/api/gallery/${second._id}`, { position: 0 })).statusCode).toBe(200);
    expect(await publicIds()).toEqual([second._id, first.json()._id]);
    const hidden = await t.admin.patch(`/api/gallery/${first.json()._id}`, { hidden: true, caption: 'Finals' });
    expect(hidden.json()).toMatchObject({ hidden: true, caption: 'Finals' });
    expect(await publicIds()).toEqual([second._id]);
    expect((await t.admin.get('/api/gallery/all')).json()).toHaveLength(2);
    expect((await student.client.get('/api/gallery/all')).statusCode).toBe(403);
    const copyUrl = first.json().variants[0].url;
    expect((await t.visitor.get(copyUrl)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/gallery/${first.json()._id}`)).statusCode).toBe(200);
    expect((await t.visitor.get(copyUrl)).statusCode).toBe(404);
    expect((await t.visitor.get(first.json().url.replace('/api/site/images/', '/api/gallery/'))).statusCode).toBe(404);
    expect(await audits('site.gallery.delete')).toBe(1);
  });

  it('refuses a bad category, a missing caption and a text file, naming the field', async () => {
    const bad = await upload('/api/gallery', makePng(100, 100), { category: 'Parties', caption: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['caption', 'category']);
    const text = await upload('/api/gallery', Buffer.from('<svg onload=alert(1)>'), { category: 'Events', caption: 'x' }, 'admin', 'x.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.file).toBeDefined();
    expect((await upload('/api/gallery', makePng(10, 10), { category: 'Events', caption: 'x' }, 'visitor')).statusCode).toBe(401);
    expect((await upload('/api/gallery', makePng(10, 10), { category: 'Events', caption: 'x' }, 'student')).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.admin.patch(`/api/gallery/${missing}`, { hidden: true })).statusCode).toBe(404);
    const patch = await t.admin.patch(`/api/gallery/${missing}`, { category: 'Parties' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fields.category).toBeDefined();
  });
});

describe('course slugs and pages', () => {
  const course = (patch: Record<string, unknown> = {}) => ({
    name: 'CLAT Crash Course',
    description: 'Six weeks of mocks',
    price: 12000,
    feeType: 'full',
    duration: '6 weeks',
    features: ['Daily mocks'],
    ...patch,
  });

  it('makes a unique slug from the name, keeps it on rename, lets an admin edit it', async () => {
    const a = (await t.admin.post('/api/courses', course())).json();
    const b = (await t.admin.post('/api/courses', course())).json();
    const c = (await t.admin.post('/api/courses', course())).json();
    expect([a.slug, b.slug, c.slug]).toEqual(['clat-crash-course', 'clat-crash-course-2', 'clat-crash-course-3']);
    const renamed = (await t.admin.put(`/api/courses/${a._id}`, course({ name: 'CLAT Sprint' }))).json();
    expect(renamed.slug).toBe('clat-crash-course');
    const edited = await t.admin.put(`/api/courses/${b._id}`, course({ slug: 'clat-sprint-2' }));
    expect(edited.json().slug).toBe('clat-sprint-2');
    const taken = await t.admin.put(`/api/courses/${c._id}`, course({ slug: 'clat-crash-course' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.slug).toBe('Slug: another course has this address already');
    // /api/courses/admin is the admin's list: no course can have that address.
    expect((await t.admin.post('/api/courses', course({ name: 'Admin' }))).json().slug).toBe('admin-2');
    const reserved = await t.admin.post('/api/courses', course({ slug: 'admin' }));
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().fields.slug).toMatch(/kept for the site/);
    const badSlug = await t.admin.post('/api/courses', course({ slug: 'Not A Slug' }));
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().fields.slug).toMatch(/lower-case letters/);
  });

  it('serves the public course page by slug and by id, with its batches and toppers; not an inactive one', async () => {
    const created = (await t.admin.post('/api/courses', course({ name: 'Judiciary Mains' }))).json();
    await t.admin.post('/api/site/toppers', topper({ name: 'Mains Topper', exam: 'WBJS', course: created._id }));
    const batch = await t.admin.post('/api/batches', {
      name: `Mains Evening ${Date.now()}`,
      course: created._id,
      centre: 'shrirampur',
      academicYear: '2099-00',
      timing: 'EVENING',
      startsOn: '2099-01-10',
      endsOn: '2099-06-30',
      capacity: 30,
    });
    expect(batch.statusCode).toBe(201);
    const bySlug = await t.visitor.get('/api/courses/judiciary-mains');
    expect(bySlug.statusCode).toBe(200);
    const page = bySlug.json();
    expect(page).toMatchObject({ _id: created._id, name: 'Judiciary Mains', price: 12000, feePlan: { installments: 4 } });
    expect(page.centres.map((x: { id: string }) => x.id)).toEqual(['shrirampur']);
    expect(page.upcomingBatches[0]).toMatchObject({ startsOn: '2099-01-10', timing: 'EVENING', timingLabel: 'Evening (2 PM to 5 PM)' });
    expect(page.toppers.map((x: { name: string }) => x.name)).toEqual(['Mains Topper']);
    expect((await t.visitor.get(`/api/courses/${created._id}`)).json().slug).toBe('judiciary-mains');
    await t.admin.delete(`/api/courses/${created._id}`);
    await new Promise((r) => setTimeout(r, 10));
    expect((await t.visitor.get('/api/courses/judiciary-mains')).statusCode).toBe(404);
    expect((await t.visitor.get('/api/courses/no-such-course')).statusCode).toBe(404);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages and every active course; keeps the API and the signed-in areas out', async () => {
    const active = (await t.visitor.get('/api/courses')).json() as { slug: string }[];
    const sitemap = await t.visitor.get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(sitemap.body).toContain('<loc>http://localhost:3000/</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/about</loc>');
    for (const c of active) expect(sitemap.body).toContain(`<loc>http://localhost:3000/courses/${c.slug}</loc>`);
    expect(sitemap.body).not.toContain('judiciary-mains');
    const robots = await t.visitor.get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).toContain('Disallow: /student/');
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
