import { ADMIN, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';

// Batches (docs/product.md section 4): an admin creates a batch and its class, approves an applicant into
// it; a teacher marks attendance on a phone; the student sees their batch, classes and attendance.
test.describe.configure({ timeout: 360_000 });

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const todayInIndia = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
const shots = (name: string) => `test-results/batches-${name}.png`;

test('an admin creates a batch, approves a student into it, a teacher marks attendance on a phone, the student sees it all', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const batchName = `CLAT E2E ${id} Morning, Kasba`;
  const subject = `Legal Reasoning ${id}`;
  const name = `Batch Student ${id}`;
  const email = `batch-${id}@e2e.local`;

  // A visitor applies for CLAT at Kasba, preferring mornings.
  const courses = (await (await page.request.get('/api/courses')).json()) as { _id: string; name: string }[];
  const clat = courses.find((c) => c.name === 'CLAT Preparation');
  expect(clat).toBeTruthy();
  const applied = await page.request.post('/api/admission-requests', {
    data: {
      fullName: name,
      email,
      phone: '9830012345',
      address: '1 Lake Road, Kolkata',
      education: 'Class 12',
      course: clat?._id,
      centre: 'kasba',
      reason: 'CLAT next year',
    },
  });
  expect(applied.status()).toBe(201);

  // The admin creates the batch from the admin navigation.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Batches and Timetable' }).click();
  await expect(page.getByRole('heading', { name: 'Batches', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New Batch' }).click();
  const form = page.getByRole('dialog', { name: 'New Batch' });
  await form.getByLabel('Name').fill(batchName);
  await form.getByLabel('Course').selectOption({ label: 'CLAT Preparation' });
  await form.getByLabel('Centre').selectOption('kasba');
  await form.getByLabel('Academic year').fill('2026-27');
  await form.getByLabel('Timing').selectOption('MORNING');
  await form.getByLabel('Starts on').fill(todayInIndia(-7));
  await form.getByLabel('Ends on').fill(todayInIndia(90));
  await form.getByLabel('Capacity').fill('40');
  await form.getByRole('button', { name: 'Create Batch' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: batchName });
  await expect(row).toContainText('0 / 40');
  await page.getByLabel('Centre').selectOption('kasba');
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shots('list-desktop'), fullPage: true });

  // Today's class on the batch page; a reversed time is refused with the field named.
  await row.getByRole('link', { name: batchName }).click();
  await expect(page.getByRole('heading', { name: batchName })).toBeVisible();
  const classForm = page.getByRole('form', { name: 'Add a class' });
  // The class's day, kept: a run that crosses midnight in India opens the attendance on this day, not the next.
  const classDay = todayInIndia();
  await classForm.getByLabel('Date').fill(classDay);
  await classForm.getByLabel('Start time').fill('09:00');
  await classForm.getByLabel('End time').fill('08:00');
  await classForm.getByLabel('Subject').fill(subject);
  await classForm.getByLabel('Teacher').fill('Adv. R. Sen');
  await classForm.getByLabel('Room').fill('Room 3');
  await classForm.getByRole('button', { name: 'Add class' }).click();
  await expect(classForm.getByText('The end time must be after the start time')).toBeVisible();
  await classForm.getByLabel('End time').fill('10:30');
  await classForm.getByRole('button', { name: 'Add class' }).click();
  await expect(page.getByRole('list', { name: 'Classes' })).toContainText(subject);

  // Approval places the student; the dialog proposes a batch, the admin picks this one.
  await page.goto('/admin/admissions');
  await page.getByRole('button', { name: `Approve ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve admission request' });
  const batchSelect = dialog.getByLabel('Batch');
  await expect(batchSelect).toBeEnabled();
  expect(await batchSelect.inputValue()).not.toBe('');
  await batchSelect.selectOption({ label: `${batchName} (0/40)` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Student account created' })).toBeVisible();
  const welcome = (await mailsTo(page, email)).find((m) => m.subject.includes('admission is approved'));
  const password = /Temporary password: (\S+)/.exec(welcome?.text ?? '')?.[1] ?? '';

  await page.goto('/admin/batches?centre=kasba');
  await expect(page.getByRole('row').filter({ hasText: batchName })).toContainText('1 / 40');

  // The teacher on a phone: today's class, everyone present, a tap marks absent, a tap undoes, one Save.
  const baseURL = test.info().project.use.baseURL;
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const teacher = await phone.newPage();
  const started = Date.now();
  // On a phone the welcome line sits in the closed menu: signed in is leaving /login.
  await teacher.goto('/login');
  await teacher.getByLabel('Email').fill(ADMIN.email);
  await teacher.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await teacher.getByRole('button', { name: 'Sign in' }).tap();
  await expect(teacher).not.toHaveURL(/\/login/);
  await teacher.goto('/admin/attendance');
  await teacher.getByLabel('Date').fill(classDay);
  await teacher.getByRole('link', { name: new RegExp(subject) }).click();
  const student = teacher.getByRole('button', { name: new RegExp(name) });
  await expect(student).toHaveAttribute('aria-pressed', 'false');
  await student.tap();
  await expect(student).toHaveAttribute('aria-pressed', 'true');
  await expect(teacher.getByText('0 present, 1 absent')).toBeVisible();
  await teacher.screenshot({ path: shots('mark-phone'), fullPage: true });
  await student.tap();
  await expect(teacher.getByText('1 present, 0 absent')).toBeVisible();
  await expectAccessible(teacher);
  await teacher.getByRole('button', { name: 'Save attendance' }).tap();
  await expect(teacher.getByText('Attendance saved')).toBeVisible();
  expect(Date.now() - started).toBeLessThan(120_000);
  await phone.close();

  // The student: batch, this week's classes, attendance and the calendar feed.
  const studentContext = await browser.newContext({ baseURL });
  const me = await studentContext.newPage();
  await signIn(me, email, password);
  await me.goto('/student/dashboard');
  await expect(me.getByTestId('my-batch')).toHaveText(batchName);
  const week = me.getByRole('list', { name: 'Classes this week' });
  await expect(week).toContainText(subject);
  await expect(me.getByTestId('attendance-percentage')).toHaveText('100%');
  const add = me.getByRole('link', { name: 'Add to calendar' });
  const href = (await add.getAttribute('href')) ?? '';
  expect(href).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const ics = await me.request.get(new URL(href).pathname);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain(`SUMMARY:${subject}`);
  await expectAccessible(me);
  await me.screenshot({ path: shots('student-desktop'), fullPage: true });
  await me.setViewportSize({ width: 390, height: 844 });
  await me.screenshot({ path: shots('student-phone'), fullPage: true });
  await studentContext.close();
});
