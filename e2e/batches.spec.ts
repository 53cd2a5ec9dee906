import { ADMIN, apiToken, bearer, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';
import { addDays, todayInIndia } from '../common/src/rules/dates.ts';
import { createBatch, requestAdmission, stamp } from './builders.ts';

// Batches (docs/product.md section 4): an admin creates a batch and its class, approves an applicant into
// it; a teacher marks attendance on a phone; the student sees their batch, classes and attendance.
test.describe.configure({ timeout: 360_000 });

/** YYYY-MM-DD, `offsetDays` after today in India. */
const indiaDay = (offsetDays = 0) => addDays(todayInIndia(), offsetDays);
const shots = (name: string) => `${process.env.E2E_SHOTS ?? 'test-results'}/batches-${name}.png`;

test('an admin creates a batch, approves a student into it, a teacher marks attendance on a phone, the student sees it all', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const batchName = `CLAT E2E ${id} Morning, Kasba`;
  const subject = `Legal Reasoning ${id}`;
  const name = `Batch Student ${id}`;

  // A visitor applies for CLAT at Kasba.
  const { email } = await requestAdmission(page.request, { name, centre: 'kasba' });

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
  await form.getByLabel('Starts on').fill(indiaDay(-7));
  await form.getByLabel('Ends on').fill(indiaDay(90));
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
  const classDay = indiaDay();
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
  // The enrolment card names the batch, not the admission's academic year.
  await expect(me.getByRole('region', { name: 'Enrolment' }).getByTestId('enrolment-batch')).toHaveText(batchName);
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

test('a class that books a teacher or a room of another batch at the same time is saved with a warning naming the clash', async ({
  page,
}) => {
  const id = stamp();
  const token = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const auth = bearer(token);
  const batch = (name: string) =>
    createBatch(page.request, token, { name, centre: 'kasba', startsOn: indiaDay(-7), endsOn: indiaDay(90), capacity: 30 });
  const mine = await batch(`Clash A ${id}, Kasba`);
  const other = await batch(`Clash B ${id}, Kasba`);
  const day = indiaDay(3);
  const teacher = `Ms. Busy ${id}`;
  const room = `Hall ${id}`;
  for (const c of [
    { startTime: '17:00', endTime: '18:00', subject: 'Torts', teacher, room: `Room ${id}` },
    { startTime: '19:00', endTime: '20:00', subject: 'English', teacher: `Mr. Free ${id}`, room },
  ]) {
    const res = await page.request.post(`/api/batches/${other._id}/sessions`, { headers: auth, data: { date: day, ...c } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/batches/${mine._id}`);
  await expect(page.getByRole('heading', { name: mine.name })).toBeVisible();
  const classForm = page.getByRole('form', { name: 'Add a class' });
  const add = async (c: { start: string; end: string; subject: string; teacher: string; room: string }) => {
    await classForm.getByLabel('Date').fill(day);
    await classForm.getByLabel('Start time').fill(c.start);
    await classForm.getByLabel('End time').fill(c.end);
    await classForm.getByLabel('Subject').fill(c.subject);
    await classForm.getByLabel('Teacher').fill(c.teacher);
    await classForm.getByLabel('Room').fill(c.room);
    await classForm.getByRole('button', { name: 'Add class' }).click();
  };
  const warning = page.getByRole('region', { name: 'Clashes with other batches' });
  const when = (from: string, to: string) => `from ${from} to ${to}`;

  // The same teacher (written in another case) overlapping: saved, and the clash is named.
  await add({ start: '17:30', end: '18:30', subject: `Contracts ${id}`, teacher: teacher.toUpperCase(), room: 'Room 1' });
  await expect(page.getByRole('list', { name: 'Classes' })).toContainText(`Contracts ${id}`);
  await expect(warning).toContainText(`${teacher} also teaches Torts on`);
  await expect(warning).toContainText(`${when('17:00', '18:00')}, in ${other.name}`);
  await expectAccessible(page);
  await page.screenshot({ path: shots('clash-desktop'), fullPage: true });

  // The same room of the centre: saved, warned.
  await add({ start: '19:30', end: '20:30', subject: `Evidence ${id}`, teacher: `Dr. Other ${id}`, room });
  await expect(page.getByRole('list', { name: 'Classes' })).toContainText(`Evidence ${id}`);
  await expect(warning).toContainText(`${room} at Kasba/Ballygunge Centre is also booked for English on`);
  await page.setViewportSize({ width: 360, height: 780 });
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('clash-phone') });

  // No clash, no warning.
  await page.setViewportSize({ width: 1280, height: 800 });
  await add({ start: '21:00', end: '21:30', subject: `Revision ${id}`, teacher: `Dr. Other ${id}`, room: 'Room 1' });
  await expect(page.getByRole('list', { name: 'Classes' })).toContainText(`Revision ${id}`);
  await expect(warning).toBeHidden();
});

test('an admin picks a faculty member for a class; signed in, the faculty member finds it on their attendance screen', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const token = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const faculty = {
    firstName: 'Nandini',
    lastName: `Teacher${id}`,
    email: `class-faculty-${id}@e2e.local`,
    password: `Faculty-Pass-${id}`,
  };
  const fullName = `${faculty.firstName} ${faculty.lastName}`;
  const made = await page.request.post('/api/staff', { headers: bearer(token), data: { ...faculty, role: 'faculty' } });
  expect(made.status(), await made.text()).toBe(201);
  const batch = await createBatch(page.request, token, {
    name: `Faculty class ${id}, Kasba`,
    centre: 'kasba',
    startsOn: indiaDay(-7),
    endsOn: indiaDay(90),
    capacity: 30,
  });
  const day = indiaDay(2);
  const mine = `Constitutional Law ${id}`;
  const notMine = `Legal Aptitude ${id}`;
  // The same day, a class of the same batch taught by a visitor without an account: not the faculty member's.
  const guest = await page.request.post(`/api/batches/${batch._id}/sessions`, {
    headers: bearer(token),
    data: { date: day, startTime: '08:00', endTime: '09:00', subject: notMine, teacher: `Guest Lecturer ${id}`, room: 'Room 2' },
  });
  expect(guest.status(), await guest.text()).toBe(201);

  // The admin picks the faculty member from the select: their name is written into Teacher.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/batches/${batch._id}`);
  await expect(page.getByRole('heading', { name: batch.name })).toBeVisible();
  const classForm = page.getByRole('form', { name: 'Add a class' });
  await classForm.getByLabel('Date').fill(day);
  await classForm.getByLabel('Start time').fill('10:00');
  await classForm.getByLabel('End time').fill('11:30');
  await classForm.getByLabel('Subject').fill(mine);
  await classForm.getByLabel('Faculty member').selectOption({ label: fullName });
  await expect(classForm.getByLabel('Teacher')).toHaveValue(fullName);
  // The pick decides, not the text: a name no faculty member has still leaves the class theirs, under their name.
  await classForm.getByLabel('Teacher').fill(`Prof. N. ${id}`);
  await classForm.getByLabel('Room').fill('Room 4');
  await expectAccessible(page);
  await classForm.getByRole('button', { name: 'Add class' }).click();
  await expect(page.getByRole('list', { name: 'Classes' })).toContainText(`${mine} with ${fullName}`);

  // The faculty member signs in: that day's attendance screen lists their class, and only theirs.
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL });
  const teacher = await context.newPage();
  await signIn(teacher, faculty.email, faculty.password);
  await teacher.goto('/admin/attendance');
  await teacher.getByLabel('Date').fill(day);
  const classes = teacher.getByRole('list', { name: 'Classes' });
  await expect(classes).toContainText(mine);
  await expect(classes).toContainText(batch.name);
  await expect(classes).not.toContainText(notMine);
  await classes.getByRole('link', { name: new RegExp(mine) }).click();
  await expect(teacher).toHaveURL(/\/admin\/attendance\/[0-9a-f-]+$/);
  await expect(teacher.getByRole('heading', { name: `${mine}, ${batch.name}` })).toBeVisible();
  await expectAccessible(teacher);
  await context.close();
});
