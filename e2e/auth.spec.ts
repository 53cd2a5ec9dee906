import type { Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, stamp } from './builders.ts';

// Sign-in journeys (docs/product.md sections 2, 4, 5, 6, 8). Other spec files use the same server at the
// same time: ADMIN is never locked out here (one wrong password at most) and new accounts are unique.

const emailField = (page: Page) => page.getByLabel('Email');
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });
const signInButton = (page: Page) => page.getByRole('button', { name: /^Sign(ing)? in/ });
const storedToken = (page: Page) =>
  page.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));

async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
}

test.describe('sign in and out', () => {
  test('an admin signs in, sees the welcome line, opens the dashboard and signs out to /', async ({ page }) => {
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole('navigation', { name: 'Main' });
    await expect(header.getByTestId('welcome')).toHaveText('Welcome, Institute Admin');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);

    await header.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByTestId('welcome')).toHaveCount(0);
    expect(await storedToken(page)).toEqual({ local: null, session: null });
    // Signed out means signed out: the dashboard now sends to /login.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server message, and typing clears it', async ({ page }) => {
    await fillLogin(page, ADMIN.email, 'not-the-right-password');
    await signInButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    await passwordField(page).press('x');
    await expect(alert).toHaveCount(0);
    // Sign in properly so that the account's failure count is back to zero.
    await passwordField(page).fill(ADMIN.password);
    await signInButton(page).click();
    await expect(page.getByTestId('welcome').first()).toBeVisible();
  });

  test('the form asks for both fields before calling the server', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) calls++;
    });
    await page.goto('/login');
    await signInButton(page).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await emailField(page).fill('not-an-email');
    await signInButton(page).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect(calls).toBe(0);
  });

  test("the button reads 'Signing in...' and is disabled while the call is under way", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByTestId('welcome').first()).toBeVisible();
  });

  test('the eye button shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    await passwordField(page).fill('secret-text');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await expect(passwordField(page)).toHaveValue('secret-text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
  });

  test('remember me decides between session and local storage', async ({ page }) => {
    await fillLogin(page, ADMIN.email, ADMIN.password);
    const remember = page.getByLabel('Remember me');
    await remember.uncheck();
    await signInButton(page).click();
    await expect(page.getByTestId('welcome').first()).toBeVisible();
    let stored = await storedToken(page);
    expect(stored.local).toBeNull();
    expect(stored.session).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // A reload in the same tab keeps the session.
    await page.reload();
    await expect(page.getByTestId('welcome').first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(remember).toBeChecked();
    await signInButton(page).click();
    await expect(page.getByTestId('welcome').first()).toBeVisible();
    stored = await storedToken(page);
    expect(stored.session).toBeNull();
    expect(stored.local).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

test.describe('route guard', () => {
  test('a visitor opening a dashboard lands on /login', async ({ page }) => {
    for (const path of ['/admin/dashboard', '/student/dashboard', '/admin/create-admin']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('an admin opening the student dashboard lands on the admin dashboard', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/student/dashboard');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('a stored token that no longer works is dropped and the visitor goes to /login', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'expired.or.tampered'));
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toEqual({ local: null, session: null });
  });
});

test('while the brake on guessing from many addresses holds, a refused sign-in offers to reset the password', async ({ page }) => {
  // 25 failures from many addresses cannot come from this browser's one address: the server's brake answer
  // (server/src/modules/auth/login.test.ts) is given here.
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Invalid email or password', code: 'UNAUTHORIZED', reason: 'RESET_SUGGESTED' }),
    }),
  );
  for (const [viewport, name] of [
    [{ width: 1280, height: 800 }, 'desktop'],
    [{ width: 390, height: 844 }, 'phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await fillLogin(page, 'someone@e2e.local', 'any-password');
    await signInButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Invalid email or password');
    await expect(alert).toContainText(
      'Many sign-ins to this account have failed. If it is yours, reset your password to sign in from here.',
    );
    await page.screenshot({ path: `/tmp/shots-accounts/sign-in-brake-${name}.png` });
  }
  // Typing clears it; the link leads to the reset.
  await passwordField(page).press('x');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await signInButton(page).click();
  await page.getByRole('alert').getByRole('link', { name: 'Reset your password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('/login-test tries a sign-in outside production without keeping a session', async ({ page }) => {
  await page.goto('/login-test');
  await expect(page.getByRole('heading', { name: 'Login test' })).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Test login' }).click();
  const result = page.getByTestId('login-test-result');
  await expect(result).toContainText('"token"');
  await expect(result).toContainText(ADMIN.email);
  await expect(result).not.toContainText('password');
  expect(await storedToken(page)).toEqual({ local: null, session: null });
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Test login' }).click();
  await expect(result).toHaveText('Error: Invalid email or password');
  // Leave the admin's failure count at zero for the other journeys.
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Test login' }).click();
  await expect(result).toContainText('"token"');
});

test('an admin creates an admin, who resets a forgotten password through the mailbox and signs in', async ({ page }) => {
  const id = stamp();
  const email = `second-admin-${id}@e2e.local`;
  const firstPassword = `First-Pass-${id}`;
  const newPassword = `Renewed-Pass-${id}`;

  // Create the admin through the UI.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/create-admin');
  await expect(page.getByRole('heading', { name: 'Create New Admin' })).toBeVisible();
  await expect(
    page.getByText('New admins get full privileges, including creating courses, managing students and creating other admins.'),
  ).toBeVisible();
  await expectAccessible(page);

  const create = page.getByRole('button', { name: 'Create Admin' });
  await create.click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

  await page.getByLabel('First name').fill('Second');
  await page.getByLabel('Last name').fill(`Admin${id}`);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await create.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Confirm password').fill(`${firstPassword}-typo`);
  await create.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill(firstPassword);
  await create.click();
  await expect(page.getByRole('status').filter({ hasText: 'Admin account created successfully' }).first()).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');

  // The same e-mail again: the server's message.
  await page.getByLabel('First name').fill('Again');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Confirm password').fill(firstPassword);
  await create.click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');

  // The new admin forgets the password.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Send reset link' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole('status')).toHaveText('Password reset link has been sent to your email address. Please check your inbox.');

  // A visitor cannot read the mailbox (it holds reset links): only a signed-in admin can.
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('alert')).toContainText('sign in as an admin to read it');
  await expect(page.getByRole('link', { name: /\/reset-password\// })).toHaveCount(0);

  // The first admin reads the mail at /dev/mailbox; the new admin follows the link.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dev/mailbox');
  await page.getByRole('button', { name: new RegExp(`To: ${email.replace(/[.]/g, '\\.')}`) }).click();
  const link = page.getByRole('link', { name: /\/reset-password\// });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.goto(new URL(href).pathname);
  await expect(page).toHaveURL(/\/reset-password\/[\w-]{43}$/);

  // Mismatch, then too short, then valid.
  const newField = page.getByLabel('New password', { exact: true });
  const confirmField = page.getByLabel('Confirm new password');
  const resetButton = page.getByRole('button', { name: 'Reset password' });
  await newField.fill(newPassword);
  await confirmField.fill(`${newPassword}x`);
  await resetButton.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await newField.fill('abc');
  await confirmField.fill('abc');
  await resetButton.click();
  await expect(page.getByText('Password must be at least 6 characters long').first()).toBeVisible();
  await newField.fill(newPassword);
  await confirmField.fill(newPassword);
  await resetButton.click();
  const succeededAt = Date.now();
  await expect(page.getByText('Password reset successfully! You can now login with your new password.')).toBeVisible();
  await page.waitForURL(/\/login$/, { timeout: 6_000 });
  const waited = Date.now() - succeededAt;
  expect(waited).toBeGreaterThan(2_000);
  expect(waited).toBeLessThan(5_000);

  // The old password no longer works; the new one does.
  await emailField(page).fill(email);
  await passwordField(page).fill(firstPassword);
  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await passwordField(page).fill(newPassword);
  await signInButton(page).click();
  await expect(page.getByTestId('welcome').first()).toHaveText(`Welcome, Second Admin${id}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a used or bogus reset link shows the server message and offers a new one', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('Whatever-Pass-1');
  await page.getByLabel('Confirm new password').fill('Whatever-Pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired. Request a new link');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the sign-in pages have no serious accessibility violation', async ({ page }) => {
  for (const path of ['/login', '/forgot-password', '/reset-password/x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
});

test('a student changes the password from the header: still signed in, other devices signed out, the old one fails, the mail is in the mailbox', async ({
  page,
  request,
}) => {
  const shots = (name: string) => `/tmp/shots-accounts/change-password-${name}.png`;
  const id = stamp();
  const student = await admitStudent(request, { name: `Tanvi Change${id}`, centre: 'kasba' });
  const newPassword = `Monsoon-Lake-${id}`;
  // Signed in on another device as well.
  const otherDevice = await apiToken(request, student.email, student.password);

  await signIn(page, student.email, student.password);
  const header = page.getByRole('navigation', { name: 'Main' });
  await header.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shots('desktop'), fullPage: true });

  const current = page.getByLabel('Current password', { exact: true });
  const fresh = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  const submit = page.getByRole('button', { name: 'Change password' });

  // The form's own checks, before any call.
  await submit.click();
  await expect(page.getByText('Please enter your current password')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long').first()).toBeVisible();
  await current.fill(student.password);
  await fresh.fill(newPassword);
  await confirm.fill(`${newPassword}-typo`);
  await submit.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // The eye buttons show and hide what was typed, each for its own field.
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(fresh).toHaveAttribute('type', 'text');
  await expect(current).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Hide new password' }).click();
  await expect(fresh).toHaveAttribute('type', 'password');

  // A wrong current password: the server says so under that field.
  await current.fill('not-my-password');
  await confirm.fill(newPassword);
  await submit.click();
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await page.screenshot({ path: shots('wrong-current-desktop'), fullPage: true });

  await current.fill(student.password);
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  await expect(current).toHaveValue('');
  await page.screenshot({ path: shots('done-desktop'), fullPage: true });

  // Still signed in here, also after a reload; the other device is signed out.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(header.getByTestId('welcome')).toHaveText(`Welcome, ${student.name}`);
  expect((await request.get('/api/auth/profile', { headers: bearer(otherDevice) })).status()).toBe(401);

  // The old password no longer works; the new one does.
  await header.getByRole('button', { name: 'Logout' }).click();
  await fillLogin(page, student.email, student.password);
  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await passwordField(page).fill(newPassword);
  await signInButton(page).click();
  await expect(page.getByTestId('welcome').first()).toHaveText(`Welcome, ${student.name}`);

  // On a phone, from the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/student/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shots('phone'), fullPage: true });
  await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-2`);
  await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}-2`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await page.screenshot({ path: shots('wrong-current-phone'), fullPage: true });

  // The owner was told by e-mail: an admin reads it at /dev/mailbox.
  await page.setViewportSize({ width: 1280, height: 800 });
  await header.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dev/mailbox');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `To: ${student.email}` })
    .filter({ hasText: 'your password was changed' });
  await mail.getByRole('button').click();
  await expect(mail).toContainText('Every other device where you were signed in has been signed out.');
  await expect(mail).toContainText(`Dear ${student.name.split(' ')[0]}`);
  await page.screenshot({ path: shots('mailbox-desktop') });
});
