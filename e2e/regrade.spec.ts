import { toIstInput } from '../common/src/rules/dates.ts';
import { ADMIN, apiToken, bearer, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';
import { admitStudent, clatCourse, createExam, sitExam, stamp } from './builders.ts';

// Objections and regrade (docs/product-regrade.md), on a ranked mock of its own: the admin opens the
// objection window, a student objects to a key from their solutions, the admin changes that key and
// drops another question, previews and applies, and the student sees the new marks and rank.

test.describe.configure({ mode: 'serial' });

const tag = stamp();
const TITLE = `E2E Regrade Mock ${tag}`;
const state: { examId?: string; student?: { email: string; password: string; name: string } } = {};

const mcq = (question: string) => ({ type: 'mcq', question, options: ['Alpha', 'Bravo', 'Charlie', 'Delta'], correctAnswer: 0, marks: 1 });
/** A datetime-local value in IST. */
const istInput = (offsetMs: number) => toIstInput(new Date(Date.now() + offsetMs).toISOString());

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const paper = await createExam(request, admin, {
    title: TITLE,
    description: 'A ranked mock for the regrade journey',
    course: (await clatCourse(request))._id,
    openToAll: true,
    duration: 30,
    totalMarks: 4,
    resultMode: 'rank',
    negativeMarks: 0.25,
    sections: [
      { title: 'Legal Reasoning', questions: [mcq('Which option is the key of question one?'), mcq('Second question')] },
      { title: 'English', questions: [mcq('Third question, badly set'), mcq('Fourth question')] },
    ],
  });
  state.examId = paper._id;
  const ids = paper.questions.map((q) => q._id);
  // Tara: B A B - = 0.50 (3rd of 3); Ujan: A A A A = 4; Vikram: A A - - = 2.
  const sitters = [
    ['Tara Mitra', [1, 0, 1, null]],
    ['Ujan Ghosh', [0, 0, 0, 0]],
    ['Vikram Pal', [0, 0, null, null]],
  ] as const;
  for (const [i, [name, choices]] of sitters.entries()) {
    const student = await admitStudent(request, { name });
    await sitExam(request, student, paper._id, Object.fromEntries(ids.map((id, q) => [id, choices[q]])));
    if (i === 0) state.student = { email: student.email, password: student.password, name };
  }
  expect((await request.patch(`/api/submissions/admin/publish-results/${paper._id}`, { headers: bearer(admin) })).ok()).toBeTruthy();
});

test('the admin opens the objection window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/exams');
  await page
    .getByRole('link', { name: `Objections and regrade of ${TITLE}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `Objections and regrade: ${TITLE}` })).toBeVisible();
  await expect(page.getByText('No objection window')).toBeVisible();
  // A window that closes before it opens is refused with the shared message.
  await page.getByLabel('Opens at (IST)').fill(istInput(3_600_000));
  await page.getByLabel('Closes at (IST)').fill(istInput(-3_600_000));
  await page.getByRole('button', { name: 'Save window' }).click();
  await expect(page.getByText('The objection window must close after it opens')).toBeVisible();
  await page.getByLabel('Opens at (IST)').fill(istInput(-3_600_000));
  await page.getByLabel('Closes at (IST)').fill(istInput(2 * 86_400_000));
  await page.getByRole('button', { name: 'Save window' }).click();
  await expect(page.getByText(/^Open until /)).toBeVisible();
  await expect(page.getByText('No objections have been raised on this exam.')).toBeVisible();
});

test('a student objects to the key of question 1 from the solutions', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, state.student?.email ?? '', state.student?.password ?? '');
  await page.goto('/student/results');
  await expect(page.getByRole('table').getByText('Rank 3 / 3')).toBeVisible();
  await page
    .getByRole('link', { name: `Analysis: ${TITLE}` })
    .first()
    .click();
  await page.getByRole('link', { name: 'Review solutions' }).click();
  await expect(page.getByText(/Objections to the answer key are open until/)).toBeVisible();
  await page.getByRole('button', { name: 'Raise objection: question 1' }).click();
  await page.getByLabel('Why is the key of question 1 wrong?').fill('Bravo is the right answer: the passage says so in its second line.');
  await page.getByRole('button', { name: 'Send objection' }).click();
  await expect(page.getByText(/^Objection raised on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Raise objection: question 1' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Raise objection: question 2' })).toBeVisible();
  await page.screenshot({ path: 'test-results/regrade-student-objection.png', fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/regrade-student-objection-phone.png', fullPage: true });
});

test('the admin changes the key of question 1, drops question 3, previews and applies', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/exams/${state.examId}/regrade`);
  await expect(page.getByText('Bravo is the right answer: the passage says so in its second line.')).toBeVisible();
  await expect(page.getByText('1 objection', { exact: true })).toBeVisible();

  const q1 = page.getByRole('group', { name: 'Question 1', exact: true });
  await q1.getByLabel('Change the key').check();
  await q1.getByLabel('New key for question 1').selectOption({ label: 'B' });
  await page.getByLabel('Only questions with objections or decisions').uncheck();
  const q3 = page.getByRole('group', { name: 'Question 3', exact: true });
  await q3.getByLabel('Drop the question').check();
  await expect(q3.getByLabel('Full marks to everyone')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview-affected')).toHaveText('3 of 3');
  await expect(page.getByText('Tara Mitra: 0.50 → 3.00 (+2.50)')).toBeVisible();
  const top = page.getByRole('table', { name: 'New top 10' });
  await expect(top.getByRole('row').nth(1)).toContainText('Tara Mitra');
  await expect(top.getByRole('row').nth(1)).toContainText('3 → 1');
  await page.screenshot({ path: 'test-results/regrade-admin-preview.png', fullPage: true });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('dialog', { name: 'Apply the regrade?' })).toContainText('The marks of 3 of 3 students change');
  await page.getByRole('button', { name: 'Apply regrade' }).click();
  await expect(page.getByText("Regrade applied: 3 students' marks changed, 3 e-mailed")).toBeVisible();
  await expect(q1.getByText('Decided: Change the key')).toBeVisible();

  const mails = await mailsTo(page, state.student?.email ?? '');
  expect(mails[0].subject).toContain(`your marks in ${TITLE} were revised`);
  expect(mails[0].text).toContain('Your marks: 3 out of 4');

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/regrade-admin-phone.png', fullPage: true });
});

test('the student sees the new marks and rank', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, state.student?.email ?? '', state.student?.password ?? '');
  await page.goto('/student/results');
  await expect(page.getByRole('table').getByText('Rank 1 / 3')).toBeVisible();
  await page
    .getByRole('link', { name: `Analysis: ${TITLE}` })
    .first()
    .click();
  await expect(page.getByText('3.00 / 4', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Review solutions' }).click();
  // The revised key is shown as the correct answer of question 1.
  const q1 = page.getByRole('article', { name: 'Question 1' });
  await expect(q1.getByRole('listitem').filter({ hasText: 'Bravo' })).toContainText('Correct answer');
  await expect(q1.getByText('The answer key of this question was revised after objections.')).toBeVisible();
  const q3 = page.getByRole('article', { name: 'Question 3' });
  await expect(q3.getByText('This question was dropped after objections: everyone gets its full marks.')).toBeVisible();
  await expect(q3.getByText('Marks: 1.00')).toBeVisible();
  await page.screenshot({ path: 'test-results/regrade-student-after.png', fullPage: true });
});
