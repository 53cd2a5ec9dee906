import { ADMIN, bearer, expect, signIn, test } from './fixtures.ts';

// The API description as a page (docs/operations.md, "Mail, the mailbox and the API description"): an
// admin opens /api/docs and reads the operations, under the same CSP as every other answer. In production
// each part of the page needs the admin's bearer token, as the JSON always did, so the page is opened
// with the token sent as a header, as here; these journeys run the server in development, where it is open.

test('an admin opens /api/docs and sees the operations listed', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
  });

  await signIn(page, ADMIN.email, ADMIN.password);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  await page.context().setExtraHTTPHeaders(bearer(token ?? ''));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Law Coaching Institute API/ })).toBeVisible();
  const login = page.locator('.opblock-summary').filter({ hasText: '/api/auth/login' }).first();
  await expect(login).toBeVisible();
  await expect(login).toContainText('POST');
  // The list draws the groups in view: the last ones appear at the bottom of the page.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('.opblock-summary').filter({ hasText: '/api/notifications/outbox' }).first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));

  // An operation opens to its parameters and answers.
  await login.click();
  await expect(page.locator('.opblock.is-open').getByText('Responses', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/api-docs-desktop.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api/docs');
  await expect(page.locator('.opblock-summary').filter({ hasText: '/api/auth/login' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/api-docs-phone.png' });

  expect(problems).toEqual([]);
});
