import { addDays, todayInIndia } from '../common/src/rules/dates.ts';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, createBatch, createExam, type Student, stamp } from './builders.ts';

// Exam scheduling (docs/product-batches.md): an admin schedules an exam for one batch for tomorrow; a
// student of that batch sees it as upcoming (Start disabled), a student of another batch does not see it.
// Its own course-less batches, students and exam: it runs beside the other journeys.

test.describe.configure({ mode: 'serial' });

const tag = stamp();
const TITLE = `E2E Scheduled Mock ${tag}`;
const SHOTS = process.env.SHOTS_DIR;

const state: { token?: string; courseId?: string; batchA?: string; batchB?: string; nameA?: string; a?: Student; b?: Student } = {};

/** Tomorrow 10:00 in IST, as a datetime-local field takes it. */
const tomorrowIst = () => `${addDays(todayInIndia(), 1)}T10:00`;

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  state.token = (await login.json()).token;
  state.courseId = (await (await request.get('/api/courses')).json())[0]._id;
  state.nameA = `E2E Batch A ${tag}`;
  const batch = (name: string, centre: string) =>
    createBatch(request, state.token!, { name, course: state.courseId, centre, timing: 'MORNING', endsOn: '2027-05-31' });
  state.batchA = (await batch(state.nameA, 'dumdum'))._id;
  state.batchB = (await batch(`E2E Batch B ${tag}`, 'kasba'))._id;
  // Placed in their batch on approval.
  const admit = (name: string, centre: string, batch: string) =>
    admitStudent(request, { name: `${name} Das`, course: state.courseId, centre, batch }, state.token);
  state.a = await admit('Rupa', 'dumdum', state.batchA);
  state.b = await admit('Tapas', 'kasba', state.batchB);
});

test('an admin schedules an exam for one batch for tomorrow', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/exams/create');
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByLabel('Description').fill('Scheduled for batch A only.');
  await page.getByLabel('Course', { exact: true }).selectOption(state.courseId!);
  await page.getByLabel('Duration (minutes)').fill('20');
  await page.getByLabel('Total marks').fill('2');
  await page.getByLabel('Passing marks').fill('1');
  await page.getByRole('checkbox', { name: state.nameA }).check();
  await page.getByLabel('Opens at (IST, optional)').fill(tomorrowIst());
  await page.getByLabel('Question', { exact: true }).fill('Which Article guarantees equality before law?');
  await page.getByLabel('Option 1', { exact: true }).fill('Article 14');
  await page.getByLabel('Option 2', { exact: true }).fill('Article 19');
  await page.getByLabel('Option 1 is the correct answer').check();
  await page.getByLabel('Marks', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expectAccessible(page);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/exam-form-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Who and when' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/exam-form-phone.png` });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await page.getByRole('button', { name: 'Create Exam' }).click();
  await expect(page.getByText('Exam created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText(state.nameA!);
  await expect(row).toContainText('From ');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/exam-list-desktop.png` });
  await row.getByRole('button', { name: `Exceptions for ${TITLE}` }).click();
  await expect(page.getByRole('dialog', { name: `Exceptions: ${TITLE}` })).toBeVisible();
  await expect(page.getByText('None yet.').last()).toBeVisible();
  await expectAccessible(page);
  // Ten extra minutes for Rupa (a documented need), listed at once.
  await page.getByLabel('Find a student (name, e-mail or registration number)').fill(state.a!.email);
  const student = page.getByLabel('Student', { exact: true });
  await expect(student.locator('option')).toHaveCount(2);
  await student.selectOption({ index: 1 });
  await page.getByLabel('Extra minutes (1-600)').fill('10');
  await page.getByRole('button', { name: 'Save exception' }).click();
  await expect(page.getByTestId('overrides')).toContainText('Rupa Das');
  await expect(page.getByTestId('overrides')).toContainText('+10 minutes');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/exceptions-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/exceptions-phone.png` });
  }
});

test('a student of the batch sees it as upcoming with Start disabled', async ({ page }) => {
  await signIn(page, state.a!.email, state.a!.password);
  await page.goto('/student/dashboard');
  const item = page.getByRole('listitem').filter({ hasText: TITLE });
  await expect(item).toContainText('Opens');
  await expect(item).toContainText('10:00 am IST');
  await expect(item.getByRole('button', { name: `Start Exam: ${TITLE} (not open yet)` })).toBeDisabled();
  await expectAccessible(page);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-phone.png` });
  }
});

test('a student of another batch does not see it', async ({ page }) => {
  await signIn(page, state.b!.email, state.b!.password);
  await page.goto('/student/dashboard');
  await expect(page.getByRole('heading', { name: 'Available Exams' })).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: /Start Exam|Resume Exam/ })
      .or(page.getByText('No exams are available right now.'))
      .first(),
  ).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
});

test('a practice exam is attempted again from the dashboard, its history kept', async ({ page }) => {
  const title = `E2E Practice Set ${tag}`;
  await createExam(page.request, state.token!, {
    title,
    description: 'Practice for batch A.',
    course: state.courseId,
    duration: 10,
    totalMarks: 1,
    passingMarks: 1,
    mode: 'practice',
    audience: { courses: [], batches: [state.batchA], centres: [] },
    questions: [
      {
        type: 'mcq',
        question: 'Which Article guarantees equality before law?',
        options: ['Article 14', 'Article 19'],
        correctAnswer: 0,
        marks: 1,
      },
    ],
  });
  await signIn(page, state.a!.email, state.a!.password);
  for (const attempt of [1, 2]) {
    await page.goto('/student/dashboard');
    await page.getByRole('link', { name: attempt === 1 ? `Start Exam: ${title}` : `Attempt again: ${title}` }).click();
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await expect(page.getByText('Question 1 of 1')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Article 14/ })).not.toBeChecked();
    await page.getByRole('radio', { name: /Article 14/ }).check();
    await page.getByRole('button', { name: 'Submit Exam' }).first().click();
    await page.getByRole('dialog', { name: 'Confirm Submission' }).getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/student\/results$/);
  }
  await page.goto('/student/dashboard');
  // The exam's entry among the available exams (the recent results list it too, once per attempt).
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Attempt again: ${title}` }) });
  await expect(item).toBeVisible();
  await item.getByText('2 attempts').click();
  await expect(item.getByRole('list', { name: `Attempts of ${title}` }).getByRole('listitem')).toHaveCount(2);
  await expect(item).toContainText('Attempt 2');
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-practice-desktop.png`, fullPage: true });
});
