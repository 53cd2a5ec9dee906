import { ADMIN, apiToken, bearer, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';
import { admitStudent, createBatch, stamp } from './builders.ts';

// Notifications (docs/product-notifications.md): a student turns on SMS and WhatsApp with a mobile
// number, an admin sends an announcement to the student's batch after seeing the count, and the
// development mailbox shows the SMS and WhatsApp messages (no provider is configured here).
test.describe.configure({ timeout: 240_000 });

test('a student chooses channels, an admin broadcasts to a batch with a count, and the mailbox shows SMS and WhatsApp', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const mobile = `98${id.padStart(8, '0').slice(-8)}`;
  const email = `notify-${id}@e2e.local`;
  const req = page.request;

  // A batch of CLAT Preparation at Kasba and a student admitted into it, made through the API.
  const admin = await apiToken(req, ADMIN.email, ADMIN.password);
  const batchName = `Notify Batch ${id}`;
  const batch = await createBatch(req, admin, { name: batchName, centre: 'kasba' });
  const { password } = await admitStudent(req, { name: `Notify Student ${id}`, email, centre: 'kasba', batch: batch._id }, admin);
  await req.post('/api/auth/logout', { headers: bearer(admin) });

  // The student turns on SMS and WhatsApp on the dashboard; without a valid number it is refused.
  const studentContext = await browser.newContext();
  const sp = await studentContext.newPage();
  await signIn(sp, email, password);
  // The rest on a phone.
  await sp.setViewportSize({ width: 390, height: 844 });
  await sp.goto('/student/dashboard');
  const card = sp.getByRole('region', { name: 'Notification preferences' });
  await expect(card.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  await card.getByRole('checkbox', { name: 'SMS' }).check();
  await card.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await card.getByLabel(/Mobile number/).fill('12345');
  await card.getByRole('button', { name: 'Save preferences' }).click();
  await expect(card.getByText('Please enter a valid 10-digit Indian mobile number')).toBeVisible();
  await card.getByLabel(/Mobile number/).fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await card.getByRole('button', { name: 'Save preferences' }).click();
  await expect(sp.getByText('Your notification preferences have been saved')).toBeVisible();
  await expect(card.getByLabel(/Mobile number/)).toHaveValue(mobile);
  await card.scrollIntoViewIfNeeded();
  await sp.screenshot({ path: 'test-results/notifications-preferences-phone.png' });
  await sp.reload();
  await expect(sp.getByRole('region', { name: 'Notification preferences' }).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await studentContext.close();

  // The admin sends an SMS announcement to the batch: the count comes first, in a confirmation.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Messages and Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Send an Announcement' })).toBeVisible();
  await page.getByLabel('Send to').selectOption('batch');
  await page.getByLabel('Batch').selectOption(batch._id);
  await expect(page.getByLabel('Batch')).toContainText(batchName);
  await page.getByLabel('Channel').selectOption('sms');
  await page.getByLabel('Message').fill(`Extra class for ${batchName} on Saturday at 4 pm.`);
  await page.getByRole('button', { name: 'Review and send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this announcement?' });
  await expect(dialog.getByTestId('broadcast-count')).toContainText('1 recipient');
  await expect(dialog.getByTestId('broadcast-count')).toContainText(`by SMS`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/notifications-broadcast-desktop.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Send to 1' }).click();
  await expect(page.getByText('Announcement queued for 1 recipient')).toBeVisible();
  await expect(dialog).toBeHidden();

  // And by WhatsApp.
  await page.getByLabel('Channel').selectOption('whatsapp');
  await page.getByLabel('Message').fill('Mock 4 results are out.');
  await page.getByRole('button', { name: 'Review and send' }).click();
  await expect(dialog.getByTestId('broadcast-count')).toContainText('1 recipient');
  await dialog.getByRole('button', { name: 'Send to 1' }).click();
  // The first send's toast may still be showing: the newest is this send's (the mailbox below shows both).
  await expect(page.getByText('Announcement queued for 1 recipient').last()).toBeVisible();

  // The development mailbox holds both, each with its channel.
  const kept = await mailsTo(page, mobile);
  expect(kept.map((m) => (m as { channel?: string }).channel).sort()).toEqual(['sms', 'whatsapp']);
  await page.goto('/dev/mailbox');
  const sms = page.locator('li[data-channel="sms"]').filter({ hasText: mobile }).first();
  await expect(sms).toContainText('SMS');
  await sms.getByRole('button').click();
  await expect(sms).toContainText(`Extra class for ${batchName}`);
  await expect(page.locator('li[data-channel="whatsapp"]').filter({ hasText: mobile })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/notifications-mailbox-desktop.png' });

  // The outbox view lists them as kept (no provider here).
  await page.goto('/admin/notifications/outbox');
  await page.getByLabel('Channel').selectOption('sms');
  const row = page.getByRole('row').filter({ hasText: mobile }).first();
  await expect(row).toContainText('Kept (not sent)');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/notifications-outbox-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/notifications-outbox-phone.png', fullPage: true });
});
