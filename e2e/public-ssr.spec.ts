import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, mailsTo, test } from './fixtures.ts';
import { stamp } from './builders.ts';

// The public pages rendered on the server (docs/decisions/0023-public-pages-rendered-on-the-server.md):
// what a search engine or a browser without JavaScript receives, and the hydration with JavaScript.

type Course = { _id: string; name: string; slug: string; price: number };
type Centre = { id: string; name: string; address: string; phone: string };

// Text as React writes it into HTML.
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Rupees with Indian grouping, as common/src/rules/money.ts writes them; compared with Intl here.
const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(n);

async function page(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  return { status: res.status(), body: await res.text(), type: res.headers()['content-type'] ?? '' };
}

/** The JSON-LD blocks of a page, parsed. */
const jsonLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

function expectCards(body: string, url: string) {
  expect(body).toMatch(/<title>[^<]+ \| Law Coaching Institute<\/title>/);
  expect(body).toMatch(/<meta name="description" content="[^"]+">/);
  expect(body).toContain(`<link rel="canonical" href="http://127.0.0.1:${process.env.E2E_PORT ?? 3100}${url}">`);
  expect(body).toMatch(/<meta property="og:title" content="[^"]+">/);
  expect(body).toMatch(/<meta property="og:description" content="[^"]+">/);
  expect(body).toMatch(/<meta name="twitter:card" content="summary(_large_image)?">/);
  // One of each: the shell's own title and description are replaced, not doubled.
  expect(body.match(/<title>/g)).toHaveLength(1);
  expect(body.match(/<meta name="description"/g)).toHaveLength(1);
}

test.describe('pages rendered on the server', () => {
  test('GET / is HTML with the hero, the latest announcement, every course and centre, and the institute as JSON-LD', async ({
    request,
  }) => {
    const token = await apiToken(request, ADMIN.email, ADMIN.password);
    const title = `Open day ${stamp()}`;
    const created = await request.post('/api/announcements', {
      headers: bearer(token),
      data: { title, content: 'Meet our teachers on Saturday.', type: 'notice', priority: 'medium', targetAudience: 'all' },
    });
    expect(created.status()).toBe(201);

    const { status, body, type } = await page(request, '/');
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    const home = await (await request.get('/api/site/home')).json();
    expect(body).toContain(html(home.hero.headline));
    // The write moved the content version: the page is rendered again, with the new announcement.
    expect(body).toContain(html(title));
    const courses = (await (await request.get('/api/courses')).json()) as Course[];
    expect(courses.length).toBeGreaterThan(0);
    for (const c of courses) expect(body).toContain(html(c.name));
    const centres = (await (await request.get('/api/centres')).json()) as Centre[];
    expect(centres).toHaveLength(3);
    for (const c of centres) expect(body).toContain(html(c.name));
    expectCards(body, '/');

    const org = jsonLd(body).find((ld) => ld['@type'] === 'EducationalOrganization') as { department: Record<string, unknown>[] };
    expect(org).toBeTruthy();
    for (const c of centres) {
      const dept = org.department.find((d) => d.name === c.name) as { telephone: string; address: { streetAddress: string } };
      expect(dept.telephone).toBe(c.phone);
      expect(dept.address.streetAddress).toBe(c.address);
    }

    // The data the page was rendered with, for the browser: JSON that cannot run, nor close its script.
    const data = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '';
    expect(data).not.toContain('<');
    const { queries } = JSON.parse(data) as { queries: { key: unknown[] }[] };
    expect(queries.map((q) => q.key[0])).toEqual(expect.arrayContaining(['courses', 'centres', 'announcements', 'site']));

    // React's own DOM renderer hydrates it (its root marker), not a stand-in.
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(body)?.[1] as string;
    const js = await (await request.get(entry)).text();
    expect(js).toContain('__reactContainer$');
    expect(js).toContain('hydrateRoot');
    expect(js).not.toMatch(/preact/i);
  });

  test('a course page is HTML with its name and fee in rupees, its card and JSON-LD Course; an unknown one is a 404', async ({
    request,
  }) => {
    const token = await apiToken(request, ADMIN.email, ADMIN.password);
    const name = `Judiciary Mains ${stamp()}`;
    const res = await request.post('/api/courses', {
      headers: bearer(token),
      data: {
        name,
        description: 'Answer writing for the mains.',
        price: 125000,
        feeType: 'full',
        duration: '6 months',
        features: ['Weekly answer review'],
      },
    });
    expect(res.status()).toBe(201);
    const course = (await res.json()) as Course;

    const { status, body } = await page(request, `/courses/${course.slug}`);
    expect(status).toBe(200);
    expect(body).toContain(html(name));
    expect(rupees(125000)).toBe('₹1,25,000');
    expect(body).toContain('₹1,25,000');
    expectCards(body, `/courses/${course.slug}`);
    expect(body).toContain(`<meta property="og:title" content="${html(name)} | Law Coaching Institute">`);
    expect(/<meta property="og:description" content="([^"]*)">/.exec(body)?.[1]).toContain('₹1,25,000');
    const ld = jsonLd(body).find((l) => l['@type'] === 'Course') as { name: string; provider: { name: string }; offers: { price: number } };
    expect(ld.name).toBe(name);
    expect(ld.provider.name).toBeTruthy();
    expect(ld.offers.price).toBe(125000);

    expect((await page(request, `/courses/no-such-course-${stamp()}`)).status).toBe(404);
  });

  test('/results is HTML with every topper by exam and year', async ({ request }) => {
    const toppers = (await (await request.get('/api/site/toppers')).json()) as { name: string; exam: string; year: number }[];
    expect(toppers.length).toBeGreaterThan(0);
    const { status, body } = await page(request, '/results');
    expect(status).toBe(200);
    for (const t of toppers) expect(body).toContain(html(t.name));
    for (const exam of new Set(toppers.map((t) => t.exam))) expect(body).toContain(`>${html(exam)}</h2>`);
    expectCards(body, '/results');
  });

  test('every public page has its own title, description, canonical address and cards', async ({ request }) => {
    const titles = new Set<string>();
    for (const url of ['/about', '/courses', '/contact', '/login', '/forgot-password', '/admission-request', '/admission-status']) {
      const { status, body } = await page(request, url);
      expect(status, url).toBe(200);
      expectCards(body, url);
      titles.add(/<title>([^<]+)<\/title>/.exec(body)?.[1] ?? '');
    }
    expect(titles.size).toBe(7);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the edited headline and a new topper, and its links navigate', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN.email, ADMIN.password);
    const before = await (await request.get('/api/site/home')).json();
    const headline = `CLAT and judiciary coaching ${stamp()}`;
    const { updatedAt: _, ...body } = before;
    const saved = await request.put('/api/site/home', { headers: bearer(token), data: { ...body, hero: { ...body.hero, headline } } });
    expect(saved.status()).toBe(200);
    const name = `Topper ${stamp()}`;
    const topper = await request.post('/api/site/toppers', {
      headers: bearer(token),
      data: { name, exam: 'CLAT', year: 2026, rank: 7, centre: 'dumdum', position: 0 },
    });
    expect(topper.status()).toBe(201);
    const topperId = (await topper.json())._id as string;
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
      await expect(page.getByTestId('topper-card').filter({ hasText: name })).toContainText('CLAT 2026: Rank 7');
      await expect(page.getByTestId('course-card').first()).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { name: 'Our achievements' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
      await expect(page.getByText(name)).toBeVisible();
    } finally {
      await request.put('/api/site/home', { headers: bearer(token), data: body });
      await request.delete(`/api/site/toppers/${topperId}`, { headers: bearer(token) });
    }
  });
});

/** Console errors and failed scripts while a page loads, and every API call it makes. */
function watch(page: Page) {
  const problems: string[] = [];
  const calls: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.includes('/files/')) calls.push(url.pathname);
  });
  return { problems, calls };
}

test.describe('with JavaScript', () => {
  test('the public pages hydrate without an error or a second fetch of their data', async ({ page }) => {
    const { problems, calls } = watch(page);
    for (const url of ['/', '/about', '/courses', '/courses/clat-preparation', '/results', '/contact', '/login', '/admission-request']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(problems, url).toEqual([]);
      expect(calls, url).toEqual([]);
    }
    // Hydrated: a client-side control works, and a link navigates in the browser (the data of the next
    // page is fetched then, as it was not in this page's HTML).
    await page.goto('/about');
    await page.getByRole('button', { name: 'Events', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Events', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByTestId('announcements')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the course page\'s "Request admission" opens the form with the course chosen', async ({ page }) => {
    await page.goto('/courses');
    await page.getByRole('link', { name: 'CLAT Preparation', exact: true }).click();
    await expect(page).toHaveURL(/\/courses\/clat-preparation$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('CLAT Preparation');
    await page.getByRole('main').getByRole('link', { name: 'Request admission', exact: true }).click();
    await expect(page).toHaveURL(/\/admission-request\?course=/);
    const course = page.getByLabel('Course');
    await expect(course).toBeEnabled();
    await expect(course.locator('option:checked')).toHaveText(/^CLAT Preparation/);
  });

  test('the contact page lists every centre and its enquiry reaches the outbox', async ({ page }) => {
    await page.goto('/contact');
    const centres = page.getByTestId('centre-card');
    await expect(centres).toHaveCount(3);
    for (const card of await centres.all()) {
      await expect(card.getByRole('link', { name: /^Get directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\//);
      await expect(card).toContainText('Monday to Saturday, 9 AM to 7 PM');
      await expect(card.getByRole('link', { name: /^\+91/ })).toHaveAttribute('href', /^tel:/);
    }
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();

    const name = `Visitor ${stamp()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Phone number').fill('9876543210');
    await page.getByLabel('Course (optional)').selectOption({ label: 'CLAT Preparation' });
    await page.getByLabel('Message').fill('Is there an evening batch at Dumdum?');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByText('Your enquiry has reached the centre')).toBeVisible();

    // No centre chosen: the institute's e-mail is told, or every active admin while none is set
    // (server/src/modules/enquiries/public.ts); another journey may have set it on the shared database.
    const institute = await (await page.request.get('/api/public/institute')).json();
    const to: string = institute.email ?? ADMIN.email;
    await expect
      .poll(async () => (await mailsTo(page, to)).find((m) => m.subject === `Website enquiry from ${name}`)?.text ?? '')
      .toContain('Is there an evening batch at Dumdum?');
  });
});
