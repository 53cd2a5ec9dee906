import type { Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';
import { admitStudent, stamp } from './builders.ts';

// Admission journeys (docs/product.md section 2): request, status check, approval with the credentials panel,
// the new student's first sign-in, and a rejection from the dashboard. Other journeys share the server:
// e-mails and names are unique and no count of shared data is assumed.

// Each journey signs in more than once (memory-hard password hashing): allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

async function fillRequest(page: Page, p: { name: string; email: string; centre: string }) {
  await page.goto('/admission-request');
  await expect(page.getByRole('heading', { name: 'Request Admission' })).toBeVisible();
  await page.getByLabel('Full name', { exact: true }).fill(p.name);
  await page.getByLabel('Email', { exact: true }).fill(p.email);
  await page.getByLabel('Phone number', { exact: true }).fill('9876543210');
  await page.getByLabel('Education', { exact: true }).fill('Class 12 (Humanities)');
  await page.getByLabel('Address', { exact: true }).fill('12 Park Street, Kolkata 700016');
  const course = page.getByLabel('Course', { exact: true });
  await expect(course).toBeEnabled();
  await course.selectOption({ index: 1 });
  const centre = page.getByLabel('Centre', { exact: true });
  await expect(centre).toBeEnabled();
  await centre.selectOption(p.centre);
  await page.getByLabel('Why do you want to join?').fill('I am preparing for CLAT next year.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
}

async function requestAdmission(page: Page, p: { name: string; email: string; centre: string }) {
  await fillRequest(page, p);
  await expect(page.getByText('You will receive your login credentials by email once your request is approved.')).toBeVisible();
}

/** The status lookup needs the e-mail and the phone given on the form (fillRequest's 9876543210). */
async function checkStatus(page: Page, email: string, phone = '+91 98765 43210') {
  await page.goto('/admission-status');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Check Status' }).click();
}

test('the public forms validate every required field and are accessible', async ({ page }) => {
  await page.goto('/admission-request');
  await expect(page.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check your admission status' })).toHaveAttribute('href', '/admission-status');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  for (const msg of ['Full name is required', 'Email is required', 'Phone number is required', 'Address is required']) {
    await expect(page.getByText(msg)).toBeVisible();
  }
  await expect(page.getByText('Please select a course')).toBeVisible();
  await expect(page.getByText('Please select a centre')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Fill in the full Application Form' }).click();
  await expect(page.getByRole('heading', { name: 'Admission Application Form' })).toBeVisible();
  await page.getByLabel('Year of passing').fill('1999');
  await page.getByLabel('Percentage').fill('100.5');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Please select a batch preference')).toBeVisible();
  await expect(page.getByText('Year of passing must be between 2000 and 2030')).toBeVisible();
  await expect(page.getByText('Percentage must be between 0 and 100')).toBeVisible();
  await expect(page.getByText('Guardian name is required')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/admission-status');
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`nobody-${stamp()}@e2e.local`);
  await page.getByLabel('Phone number', { exact: true }).fill('9876543210');
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByRole('alert')).toContainText('No admission request found');
  await expectAccessible(page);
});

test('the Application Form submits to the server and its answers reach the admin', async ({ page }) => {
  const id = stamp();
  const name = `Form Applicant ${id}`;
  await page.goto('/application-form');
  await page.getByLabel('Full name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(`form-${id}@e2e.local`);
  await page.getByLabel('Phone number', { exact: true }).fill('9876500000');
  await page.getByLabel('Education', { exact: true }).fill('B.A. LL.B. 2nd year');
  await page.getByLabel('Address', { exact: true }).fill('5 Lake Road, Kolkata');
  await expect(page.getByLabel('Course', { exact: true })).toBeEnabled();
  await page.getByLabel('Course', { exact: true }).selectOption({ index: 1 });
  await expect(page.getByLabel('Centre', { exact: true })).toBeEnabled();
  await page.getByLabel('Centre', { exact: true }).selectOption('shrirampur');
  await page.getByLabel('Why do you want to join?').fill('Judicial services preparation.');
  await page.getByLabel('Batch preference').selectOption('EVENING');
  await page.getByLabel('Last qualification').fill('Class 12');
  await page.getByLabel('Institution').fill(`Institution ${id}`);
  await page.getByLabel('Year of passing').fill('2024');
  await page.getByLabel('Percentage').fill('88.5');
  await page.getByLabel("Guardian's name", { exact: true }).fill('Ravi Das');
  await page.getByLabel('Relation to the student').selectOption('Father');
  await page.getByLabel("Guardian's mobile", { exact: true }).fill('9876511111');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Request received' })).toBeVisible();
  // Submit another request: the form again, empty.
  await page.getByRole('button', { name: 'Submit another request' }).click();
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Institution')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/admissions');
  await page.getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name: 'Admission request details' });
  await expect(details.getByText('Evening (2 PM to 5 PM)')).toBeVisible();
  await expect(details.getByText(`Institution ${id}`)).toBeVisible();
  await expect(details.getByText('88.5%')).toBeVisible();
  await expect(details.getByText('Ravi Das (Father)').first()).toBeVisible();
  await expectAccessible(page);
});

test('a visitor requests admission, an admin approves it and the new student signs in with the mailed password', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const name = `Asha Visitor ${id}`;
  const email = `asha-${id}@e2e.local`;
  await requestAdmission(page, { name, email, centre: 'kasba' });

  // A second pending request with the same e-mail is refused with a clear message.
  await fillRequest(page, { name, email, centre: 'kasba' });
  await expect(page.getByRole('alert')).toContainText('already pending');

  await checkStatus(page, email);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Admission Requests', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Approve ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve admission request' });
  await dialog.getByLabel('Admin notes (optional)').fill('Welcome to the CLAT batch');
  // Written for the applicant: mailed with the credentials and shown on the status page.
  await dialog.getByLabel('Send this note to the applicant (otherwise it stays internal)').check();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();

  const panel = page.getByRole('region', { name: 'Student account created' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('approved-email')).toHaveText(email);
  const shownPassword = (await panel.getByTestId('temporary-password').textContent())?.trim() ?? '';
  expect(shownPassword.length).toBeGreaterThanOrEqual(16);
  await expect(panel.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(panel.getByText(/sent to/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
  await expect(page.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);

  // The welcome mail carries the same temporary password.
  const mails = await mailsTo(page, email);
  const welcome = mails.find((m) => m.subject.includes('admission is approved'));
  expect(welcome).toBeTruthy();
  const mailed = /Temporary password: (\S+)/.exec(welcome?.text ?? '')?.[1];
  expect(mailed).toBe(shownPassword);
  expect(welcome?.text).toContain('Welcome to the CLAT batch');

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, email, mailed ?? '');
  await student.goto('/student/admission');
  await expect(student.getByRole('heading', { name: 'My Admission' })).toBeVisible();
  await expect(student.getByText('APPROVED')).toBeVisible();
  await expect(student.getByText(/^ADM-/)).toBeVisible();
  await expect(student.getByText('Kasba/Ballygunge Centre', { exact: false }).first()).toBeVisible();
  await expect(student.getByText(/₹/).first()).toBeVisible();
  await expectAccessible(student);
  await studentContext.close();

  await checkStatus(page, email);
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome to the CLAT batch')).toBeVisible();
});

test('a request rejected from the dashboard shows Rejected on the status page', async ({ page }) => {
  const id = stamp();
  const name = `Rohan Reject ${id}`;
  const email = `rohan-${id}@e2e.local`;
  await requestAdmission(page, { name, email, centre: 'dumdum' });

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Admission Requests' });
  await expect(recent.getByRole('button', { name: `Reject ${name}` })).toBeVisible();
  await expect(page.getByTestId('count-pending-admissions')).toBeVisible();
  await expectAccessible(page);
  await recent.getByRole('button', { name: `Reject ${name}` }).click();
  await page.getByRole('dialog', { name: 'Reject admission request' }).getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(recent.getByRole('button', { name: `Reject ${name}` })).toHaveCount(0);
  await expect(recent.getByRole('listitem').filter({ hasText: name }).getByText('Rejected')).toBeVisible();

  // The dashboard's note is internal: the applicant is told of the decision, never of the note.
  const mails = await mailsTo(page, email);
  const rejection = mails.find((m) => m.subject.includes('about your admission request'));
  expect(rejection).toBeTruthy();
  expect(rejection?.text).not.toContain('Rejected from dashboard');

  await checkStatus(page, email);
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(page.getByText('Rejected from dashboard')).toHaveCount(0);
  // Someone who knows only the e-mail learns nothing.
  await checkStatus(page, email, '9000000000');
  await expect(page.getByRole('alert')).toContainText('No admission request found');
  await expect(page.getByText(name)).toHaveCount(0);
});

test("a stranger's request under an enrolled student's e-mail hides neither the student's status nor stays in the admin's queue", async ({
  page,
  request,
}) => {
  const shots = (name: string) => `/tmp/shots-accounts/admissions-${name}.png`;
  const id = stamp();
  // Enrolled the usual way, with the phone 9830012345 (builders.ts).
  const student = await admitStudent(request, { name: `Ishita Enrolled${id}`, centre: 'kasba' });
  const stranger = `Someone Else ${id}`;
  // Someone else sends a request under the student's e-mail: answered as any request is.
  await requestAdmission(page, { name: stranger, email: student.email, centre: 'dumdum' });
  // And a newcomer, under an e-mail of their own.
  const newcomer = `Newcomer Applicant ${id}`;
  await requestAdmission(page, { name: newcomer, email: `newcomer-${id}@e2e.local`, centre: 'dumdum' });

  // The student, with the phone of their own request, still sees it.
  await checkStatus(page, student.email, '98300 12345');
  await expect(page.getByRole('heading', { name: student.name })).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await page.screenshot({ path: shots('status-desktop'), fullPage: true });
  // The stranger, with theirs, sees their own request, pending like any other.
  await checkStatus(page, student.email);
  await expect(page.getByRole('heading', { name: stranger })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await checkStatus(page, student.email, '+91 98300 12345');
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shots('status-phone'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The admins never see it: the account holder is mailed to sign in instead.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/admissions');
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: newcomer })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: stranger })).toHaveCount(0);
  await page.screenshot({ path: shots('queue-desktop'), fullPage: true });
  await page.goto('/admin/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Admission Requests' });
  await expect(recent.getByText(newcomer)).toBeVisible();
  await expect(recent.getByText(stranger)).toHaveCount(0);
  const mails = await mailsTo(page, student.email);
  expect(mails.some((m) => /already have an account/.test(m.subject))).toBe(true);
});
