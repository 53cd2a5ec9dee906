import { expect, type Page } from '@playwright/test';
import { ADMIN, expectAccessible, signIn, test } from './fixtures.ts';
import { stamp } from './builders.ts';

// Cutting off another admin (a departed or compromised one) from /admin/admins, and what a session
// ended by the server looks like to its user. Other journeys share the server: names are unique.

test.describe.configure({ timeout: 120_000 });

async function apiToken(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).token as string;
}

test('an admin deactivates, resets and deletes another admin from /admin/admins; the other is signed out with a reason', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const other = { firstName: 'Departed', lastName: `Admin${id}`, email: `departed-${id}@e2e.local`, password: `Departed-Pass-${id}` };
  const adminToken = await apiToken(page, ADMIN.email, ADMIN.password);
  const created = await page.request.post('/api/auth/create-admin', { data: other, headers: { authorization: `Bearer ${adminToken}` } });
  expect(created.status()).toBe(201);
  const name = `${other.firstName} ${other.lastName}`;
  const otherId: string = (await created.json()).user._id;

  // The other admin is signed in elsewhere.
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, other.email, other.password);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin screens' }).getByRole('link', { name: 'Manage Admins' }).click();
  await expect(page).toHaveURL(/\/admin\/admins$/);
  await expect(page.getByRole('heading', { name: 'Admins' })).toBeVisible();
  const card = page.getByRole('listitem', { name, exact: true });
  await expect(card).toContainText(other.email);
  await expect(card).toContainText('Active');
  // No action on one's own account.
  const self = page.getByRole('listitem').filter({ hasText: '(you)' });
  await expect(self).toHaveCount(1);
  await expect(self.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  // Deactivate: the other admin's next step lands on /login, which says why.
  await card.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog', { name: 'Deactivate admin' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(card).toContainText('Inactive');
  await otherPage.goto('/admin/students');
  await expect(otherPage).toHaveURL(/\/login$/);
  await expect(otherPage.getByRole('alert')).toHaveText('Your account has been deactivated. Please contact the institute.');
  await elsewhere.close();

  // Activate again, then reset the password: the old password stops working.
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(card).toContainText('Active');
  await card.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog', { name: 'Reset password' }).getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(`Password reset email sent to ${other.email}`).first()).toBeVisible();
  expect((await page.request.post('/api/auth/login', { data: { email: other.email, password: other.password } })).status()).toBe(401);

  // Delete.
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete admin' }).getByRole('button', { name: 'Delete' }).click();
  // The server's answer first: while the dialog is open the list behind it is hidden from the
  // accessibility tree, so the card's absence alone does not say that the delete is done.
  await expect(page.getByText(`${name} has been successfully deleted from the system.`).first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Delete admin' })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name, exact: true })).toHaveCount(0);

  // The audit trail has each action.
  const audit = await page.request.get(`/api/audit?entityId=${otherId}`, { headers: { authorization: `Bearer ${adminToken}` } });
  const actions = JSON.stringify(await audit.json());
  for (const action of ['admin.deactivate', 'admin.activate', 'admin.reset-password', 'admin.delete']) expect(actions).toContain(action);
  await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${adminToken}` } });
});

test('logout ends that token on the server; the other sessions go on', async ({ page, browser }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  // A second session of the same admin.
  const elsewhere = await browser.newContext();
  const second = await elsewhere.newPage();
  await signIn(second, ADMIN.email, ADMIN.password);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  // The copy of the token no longer works anywhere.
  await expect
    .poll(async () => (await page.request.get('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } })).status())
    .toBe(401);
  // The other session of the same admin goes on.
  await second.goto('/admin/students');
  await expect(second.getByRole('heading', { name: 'Student Management' })).toBeVisible();
  await elsewhere.close();
});
