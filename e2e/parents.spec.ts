import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayInIndia } from '../common/src/rules/dates.ts';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, clatCourse, createBatch, createExam, type Student, sitExam, stamp } from './builders.ts';
import { inr } from './payments-helpers.ts';

// Parents (docs/product-parents.md): a student admitted with a guardian; the guardian signs in on a phone
// with the code read from the outbox, follows the child's attendance (and gets the absence alert), a
// published result with its rank, the dues; pays an installment in the sandbox and downloads the receipt;
// a second child with the same guardian's phone appears as a second card.

const shots = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/parents-${name}.png`;

type Message = { channel: string; to: string; subject: string; text: string; createdAt: string };

/** The dev outbox's messages to a mobile number (its 10 digits, or with +91), newest first (read as the admin). */
async function outboxTo(request: APIRequestContext, mobile: string): Promise<Message[]> {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const rows: Message[] = [];
  for (const to of [mobile, `+91${mobile}`]) {
    const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`, { headers: bearer(token) });
    expect(res.ok(), await res.text()).toBeTruthy();
    rows.push(...((await res.json()) as Message[]));
  }
  await request.post('/api/auth/logout', { headers: bearer(token) });
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The newest 6-digit sign-in code sent to the mobile number by SMS. */
async function codeSentTo(request: APIRequestContext, mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const sms = (await outboxTo(request, mobile)).filter((m) => m.channel === 'sms');
      code = sms.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** A mobile number no other journey of this run uses: 9 and nine digits of a stamp. */
const freshMobile = () => `9${stamp().slice(-9)}`;

async function signInAsParent(page: Page, mobile: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'I am a parent' }).click();
  await expect(page.getByRole('button', { name: 'I am a parent' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('If this number belongs to a parent registered with us')).toBeVisible();
  const codeField = page.getByLabel('6-digit code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  // A wrong code first: the server's message, and the field stays for another try.
  const code = await codeSentTo(page.request, mobile);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/parent$/);
}

test.describe('a parent on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('follows a child admitted with them as guardian, pays a due installment and sees a second child', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const id = stamp();
    const mobile = freshMobile();
    const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
    const course = await clatCourse(page.request);
    const today = todayInIndia();
    const batch = await createBatch(page.request, admin, {
      name: `Parents ${id}`,
      startsOn: addDays(today, -14),
      endsOn: addDays(today, 120),
    });
    const guardian = { name: `Meera Das ${id}`, relation: 'Mother', phone: mobile };

    // Admitted through the admin's approval of a request made with the guardian.
    const child: Student = await admitStudent(page.request, { name: `Riya Das ${id}`, batch: batch._id, guardians: [guardian] }, admin);
    const guardians = await page.request.get(`/api/users/${child.id}/guardians`, { headers: bearer(admin) });
    expect(guardians.ok(), await guardians.text()).toBeTruthy();
    expect(await guardians.json()).toEqual([expect.objectContaining({ name: guardian.name, relation: 'Mother', phone: `+91${mobile}` })]);

    // A class today where the child was marked absent.
    const subject = `Legal Reasoning ${id}`;
    const made = await page.request.post(`/api/batches/${batch._id}/sessions`, {
      headers: bearer(admin),
      data: { date: today, startTime: '00:00', endTime: '00:30', subject, teacher: `Ms. Sen ${id}`, room: 'Room 1' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const session = (await made.json()).sessions[0] as { _id: string };
    const marked = await page.request.put(`/api/sessions/${session._id}/attendance`, {
      headers: bearer(admin),
      data: { absent: [child.id] },
    });
    expect(marked.ok(), await marked.text()).toBeTruthy();

    // A ranked mock the child and a classmate sat, its results published.
    const classmate = await admitStudent(page.request, { name: `Classmate ${id}`, batch: batch._id }, admin);
    const mcq = (question: string) => ({ type: 'mcq', question, options: ['Right', 'Wrong'], correctAnswer: 0, marks: 1 });
    const exam = await createExam(page.request, admin, {
      title: `Parents Mock ${id}`,
      description: 'A ranked mock for the parents journey',
      course: course._id,
      duration: 30,
      totalMarks: 2,
      resultMode: 'rank',
      sections: [{ title: 'Legal Reasoning', questions: [mcq('Is a tort a civil wrong?'), mcq('Is negligence a tort?')] }],
    });
    const [q1, q2] = exam.questions.map((q) => q._id);
    await sitExam(page.request, child, exam._id, { [q1]: 0, [q2]: 0 });
    await sitExam(page.request, classmate, exam._id, { [q1]: 0, [q2]: 1 });
    const published = await page.request.patch(`/api/submissions/admin/publish-results/${exam._id}`, { headers: bearer(admin) });
    expect(published.ok(), await published.text()).toBeTruthy();

    // The guardian signs in with the code from the outbox.
    await signInAsParent(page, mobile);
    await expect(page.getByRole('heading', { name: "Parent's area" })).toBeVisible();
    await expect(page.getByText(`Signed in as Meera Das ${id}`)).toBeVisible();
    await expect(page.getByTestId('child-card')).toHaveCount(1);
    await expect(page.getByTestId('child-card')).toContainText(`Riya Das ${id}`);

    const attendance = page.getByRole('region', { name: 'Attendance' });
    await expect(attendance.getByRole('list', { name: 'Recent absences' })).toContainText(subject);
    await expect(attendance.getByRole('list', { name: "This week's classes" })).toContainText(subject);

    // The absence alert, once the day's job has run.
    const run = await page.request.post('/api/dev/jobs/parent-absence-alerts/run', { headers: bearer(admin), data: {} });
    expect(run.ok(), await run.text()).toBeTruthy();
    await expect
      .poll(async () => (await outboxTo(page.request, mobile)).some((m) => m.channel === 'sms' && m.text.includes('Riya')))
      .toBe(true);

    const exams = page.getByRole('region', { name: 'Exams' });
    const results = exams.getByRole('list', { name: 'Published results' });
    await expect(results).toContainText(`Parents Mock ${id}`);
    await expect(results).toContainText('1 of 2');
    await expect(results).toContainText('2 / 2');

    const fees = page.getByRole('region', { name: 'Fees' });
    await expect(fees.getByRole('list', { name: 'Installments' }).getByRole('listitem')).toHaveCount(4);
    await expect(fees).toContainText(`Total${inr(course.price)}`);
    await expect(fees.getByText('No payments yet.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: shots('home-phone'), fullPage: true });

    // Pay the next installment on the sandbox gateway's page; back in the parent's area the receipt downloads.
    const pay = fees.getByRole('button', { name: /^Pay ₹/ });
    const amount = (await pay.textContent())?.replace('Pay ', '') ?? '';
    await pay.click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
    await expect(page.getByText(amount, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/payment\/success\?orderId=/);
    // The return page reads the order through the child: paid, the amount and the installment.
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.locator('dl')).toContainText(`Amount Paid${amount}`);
    await expect(page.locator('dl')).toContainText('Installment1st');
    await page.getByRole('link', { name: 'Back to your children' }).click();
    await expect(page).toHaveURL(/\/parent$/);
    const receipts = fees.getByRole('list', { name: 'Receipts' });
    await expect(receipts).toContainText(amount);
    await expect(receipts).toContainText('Paid by you');
    const download = page.waitForEvent('download');
    await receipts.getByRole('button', { name: /^Download receipt/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect(fees).toContainText(`Paid${amount}`);
    await page.screenshot({ path: shots('paid-phone'), fullPage: true });

    // A second child with the same guardian's phone: a second card, and the switch between them.
    await admitStudent(
      page.request,
      { name: `Kabir Das ${id}`, batch: batch._id, guardians: [{ ...guardian, relation: 'Mother' }] },
      admin,
    );
    await page.reload();
    const cards = page.getByTestId('child-card');
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: new RegExp(`Kabir Das ${id}`) }).click();
    await expect(page.getByRole('button', { name: new RegExp(`Kabir Das ${id}`) })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: 'Fees' }).getByText('No payments yet.')).toBeVisible();
    await expectAccessible(page);

    // A parent opening a student's or the back office's page lands in their own area.
    await page.goto('/student/dashboard');
    await expect(page).toHaveURL(/\/parent$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/parent$/);

    // The same page on a desktop.
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: await page.context().storageState() });
    const wide = await desktop.newPage();
    await wide.goto('/parent');
    await expect(wide.getByTestId('child-card')).toHaveCount(2);
    await wide.screenshot({ path: shots('home-desktop'), fullPage: true });
    await desktop.close();

    // Preferences: WhatsApp for absences too.
    await page.goto('/parent/preferences');
    const box = page.getByRole('checkbox', { name: 'Absent from a class by WhatsApp' });
    await box.check();
    await page.getByRole('button', { name: 'Save alert preferences' }).click();
    await expect(page.getByText('Alert preferences saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Absent from a class by WhatsApp' })).toBeChecked();
    await expectAccessible(page);
    await page.screenshot({ path: shots('preferences-phone'), fullPage: true });
  });
});

test('a student opening /parent is sent to their own dashboard; the sign-in page offers the parent path', async ({ page }) => {
  const s = await admitStudent(page.request, { name: `Own Home ${stamp()}` });
  await page.goto('/login?as=parent');
  await expect(page.getByRole('button', { name: 'I am a parent' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shots('login-phone'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots('login-desktop'), fullPage: true });

  // A phone number typed where the e-mail goes switches to the parent's path, the number carried over.
  await page.getByRole('button', { name: 'Student or staff' }).click();
  await page.getByLabel('Email').fill('98300 12345');
  await page.getByLabel('Password', { exact: true }).fill('anything');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Mobile number')).toHaveValue('98300 12345');

  await page.getByRole('button', { name: 'Student or staff' }).click();
  await page.getByLabel('Email').fill(s.email);
  await page.getByLabel('Password', { exact: true }).fill(s.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome').first()).toBeVisible();
  await page.goto('/parent');
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});

test("staff see a student's guardians, edit them and read the alerts sent to them", async ({ page }) => {
  const id = stamp();
  const mobile = freshMobile();
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const today = todayInIndia();
  const batch = await createBatch(page.request, admin, {
    name: `Guardians ${id}`,
    startsOn: addDays(today, -14),
    endsOn: addDays(today, 120),
  });
  const child = await admitStudent(
    page.request,
    { name: `Tara Sen ${id}`, batch: batch._id, guardians: [{ name: `Anil Sen ${id}`, relation: 'Father', phone: mobile }] },
    admin,
  );
  const made = await page.request.post(`/api/batches/${batch._id}/sessions`, {
    headers: bearer(admin),
    data: { date: today, startTime: '00:00', endTime: '00:30', subject: `Torts ${id}`, teacher: `Mr. Roy ${id}`, room: 'Room 2' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const session = (await made.json()).sessions[0] as { _id: string };
  expect(
    (await page.request.put(`/api/sessions/${session._id}/attendance`, { headers: bearer(admin), data: { absent: [child.id] } })).ok(),
  ).toBeTruthy();
  expect((await page.request.post('/api/dev/jobs/parent-absence-alerts/run', { headers: bearer(admin), data: {} })).ok()).toBeTruthy();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/students/${child.id}`);
  const section = page.getByRole('region', { name: 'Guardians', exact: true });
  const list = section.getByRole('list', { name: 'Guardians', exact: true });
  await expect(list).toContainText(`Anil Sen ${id}`);
  await expect(list).toContainText('(Father)');
  await expect(list).toContainText('Never signed in');
  await expect(section.getByRole('list', { name: 'Alerts sent to guardians' })).toContainText('SMS');

  await section.getByRole('button', { name: 'Edit guardians' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit guardians' });
  await dialog.getByRole('button', { name: 'Add a second guardian' }).click();
  const second = dialog.getByRole('group', { name: 'Guardian 2' });
  await second.getByLabel('Name').fill(`Lata Sen ${id}`);
  await second.getByLabel('Relation').selectOption('Mother');
  await second.getByLabel('Mobile').fill('12345');
  await dialog.getByRole('button', { name: 'Save guardians' }).click();
  await expect(second.getByText('Please enter a valid 10-digit Indian mobile number')).toBeVisible();
  await second.getByLabel('Mobile').fill(freshMobile());
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save guardians' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(`Lata Sen ${id}`);
  await page.screenshot({ path: shots('student-guardians-desktop'), fullPage: true });
});
