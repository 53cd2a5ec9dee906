import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Security (docs/security-verification.md), browser security: the page as served carries a strict CSP and no inline script; what users
// type is shown as text and runs nothing; admins read the audit trail at /admin/audit.

const MARK = crypto.randomUUID().slice(0, 8);
const IMG = `<img src=x onerror="window.__xss='img-${MARK}'">`;
const SCRIPT = `<script>window.__xss='script-${MARK}'</script>`;

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token as string;
}

/** Collects anything that shows a script ran: dialogs and the marker the payloads set. */
function watchForScripts(page: Page) {
  const ran: string[] = [];
  page.on('dialog', async (d) => {
    ran.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
  return {
    ran,
    async check() {
      const marker = await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null);
      expect(marker).toBeNull();
      expect(ran).toEqual([]);
      // No element came from the payloads: their <img> and <script> exist only as text.
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.locator(`script:has-text("${MARK}")`).count()).toBe(0);
    },
  };
}

test('the served page has a strict CSP and names every script by address', async ({ request }) => {
  for (const url of ['/', '/admin/dashboard', '/no-such-page']) {
    const res = await request.get(url);
    const csp = res.headers()['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc, url).toContain("'self'");
    expect(scriptSrc, url).not.toContain("'unsafe-inline'");
    expect(scriptSrc, url).not.toContain("'unsafe-eval'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['referrer-policy']).toBeTruthy();
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length, url).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      // Data the server rendered the page with, and JSON-LD: not executable, so outside script-src;
      // what they hold cannot close them (docs/decisions/0023-public-pages-rendered-on-the-server.md).
      if (/\btype="application\/(ld\+)?json"/.test(attrs)) {
        expect(attrs).not.toMatch(/\bsrc=/);
        expect(body).not.toContain('<');
        continue;
      }
      expect(attrs).toMatch(/\bsrc="\/assets\//);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son(load|error|click)\s*=/i);
  }
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await (await request.get('/')).text())?.[1] as string;
  const js = await request.get(asset);
  expect(js.ok()).toBeTruthy();
  expect(js.headers()['content-security-policy']).toContain("object-src 'none'");
  expect(js.headers()['x-content-type-options']).toBe('nosniff');
});

test('the pages run within the CSP: the browser reports no violation', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const url of ['/', '/about', '/login', '/forgot-password', '/admission-request', '/admission-status']) {
    await page.goto(url);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // Validation runs the schemas (zod): it must not probe for eval either.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto('/admission-request');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  expect(violations).toEqual([]);
});

test('what an admin typed is shown as text on the public pages and runs nothing', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const announcement = await request.post('/api/announcements', {
    headers,
    data: { title: `Notice ${MARK} ${IMG}`, content: `Read this ${SCRIPT} carefully`, targetAudience: 'all', priority: 'urgent' },
  });
  expect(announcement.status()).toBe(201);
  const course = await request.post('/api/courses', {
    headers,
    data: {
      name: `Course ${MARK} ${IMG}`,
      description: `About ${SCRIPT}`,
      price: 1000,
      feeType: 'full',
      duration: '1 month',
      features: [`Feature ${IMG}`],
    },
  });
  expect(course.status()).toBe(201);

  const watch = watchForScripts(page);
  await page.goto('/');
  await expect(page.getByText(`Notice ${MARK} ${IMG}`)).toBeVisible();
  await expect(page.getByText(`Course ${MARK} ${IMG}`).first()).toBeVisible();
  await watch.check();

  // The admin screens show the same text as text.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/announcements');
  await expect(page.getByText(`Notice ${MARK} ${IMG}`).first()).toBeVisible();
  await page.goto('/admin/courses');
  await expect(page.getByText(`Course ${MARK} ${IMG}`).first()).toBeVisible();
  await watch.check();
});

test('an admin reads the audit trail: before and after, filters, states, phone layout', async ({ page, request }) => {
  // The changes are made by an admin of this test's own, so the filters below see only what this test did
  // even while other journeys change payments and courses on the same server.
  const auditor = { email: `auditor-${MARK}@e2e.local`, password: `Auditor-Pass-${MARK}` };
  const made = await request.post('/api/auth/create-admin', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { firstName: 'Auditor', lastName: MARK, ...auditor },
  });
  expect(made.status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: auditor });
  expect(login.ok()).toBeTruthy();
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const created = await request.post('/api/courses', {
    headers,
    data: { name: `Fee ${MARK}`, description: 'd', price: 1000, feeType: 'full', duration: '1 month', features: ['x'] },
  });
  const courseId = (await created.json())._id as string;
  const updated = await request.put(`/api/courses/${courseId}`, {
    headers,
    data: { name: `Fee ${MARK}`, description: 'd', price: 1500, feeType: 'full', duration: '1 month', features: ['x'] },
  });
  expect(updated.ok()).toBeTruthy();

  const watch = watchForScripts(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });
  const row = table
    .getByRole('row')
    .filter({ hasText: 'Course update' })
    .filter({ hasText: `Fee ${MARK}` });
  await expect(row).toBeVisible();
  // The record is named (its id is in the title); amounts may be shown as ₹ with Indian grouping.
  await expect(row).toContainText(/price: ₹?1,?000/);
  await expect(row).toContainText(/₹?1,?500/);
  await expect(row).toContainText(auditor.email);
  await expectAccessible(page);

  // Filter by who and by entity: only this admin's course entries; then a filter that matches nothing.
  await page.getByLabel('Who').selectOption({ label: `Auditor ${MARK} <${auditor.email}>` });
  await page.getByLabel('Entity').selectOption('course');
  await expect(table.getByRole('row').filter({ hasText: 'Course update' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Announcement' })).toHaveCount(0);
  await page.getByLabel('Entity').selectOption('payment');
  await expect(page.getByText('No entries match these filters')).toBeVisible();
  await page.getByLabel('Entity').selectOption('');

  // A failed load says so and offers Retry.
  await page.route('**/api/audit?**', (route) =>
    route.fulfill({ status: 503, json: { message: 'Down for a moment', code: 'UNAVAILABLE' } }),
  );
  // (A filter not loaded before: what was loaded already is shown from the cache.)
  await page.getByLabel('Entity').selectOption('announcement');
  await expect(page.getByRole('alert')).toContainText('Down for a moment');
  await page.unroute('**/api/audit?**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No entries match these filters')).toBeVisible();
  await page.getByLabel('Entity').selectOption('');
  await expect(table.getByRole('row').filter({ hasText: 'Course update' }).first()).toBeVisible();

  // Phones get cards, not a table.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(table).toBeHidden();
  const card = page
    .getByRole('list', { name: 'Audit trail' })
    .getByRole('listitem')
    .filter({ hasText: `Fee ${MARK}` });
  await expect(card.filter({ hasText: 'Course update' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await watch.check();
});

test('a visitor cannot open the audit trail', async ({ page, request }) => {
  expect((await request.get('/api/audit')).status()).toBe(401);
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/login$/);
});
