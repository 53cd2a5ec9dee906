import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';

export const ADMIN = { email: 'admin@e2e.local', password: 'E2e-Admin-Pass-1' };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome').first()).toBeVisible();
}

/** A session token from the API, for journeys that set data up without the browser. */
export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** axe-core: no serious or critical violation on the page as it stands. */
export async function expectAccessible(page: Page) {
  // Transitions settle first. Toasts are left out: sonner draws them half transparent while they fade and
  // hides a stacked toast's text with opacity 0, which axe reads as low contrast however long one waits (a
  // toast may also mount while axe runs); a settled toast is sonner's dark text on white.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 3_000 })
    .catch(() => undefined);
  const result = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Mails kept in the dev outbox for one address, newest first (read as the admin: nobody else may). */
export async function mailsTo(page: Page, to: string): Promise<{ subject: string; text: string }[]> {
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok()).toBeTruthy();
  const { token } = await login.json();
  const res = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const mails = await res.json();
  await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  return mails;
}

/**
 * A server-rendered page arrives before its script: a click then does nothing. Every `page.goto` and
 * `page.reload` of the journeys' own page waits until the app marks the page as live (`<html
 * data-hydrated>`, web/src/app/pages.tsx), when the document is the app at all (not a JSON or a file).
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'));
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript nothing hydrates: the page is what the server sent.
    if (javaScriptEnabled === false) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const res = await goto(...args);
      await waitForApp(page);
      return res;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const res = await reload(...args);
      await waitForApp(page);
      return res;
    };
    await use(page);
  },
});
export { expect };
