import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, createExam, firstCourseId, type Student, stamp } from './builders.ts';

// Exam journey from authoring to grades: an admin authors an exam, two students take timed exams (one
// reloads mid-exam, one runs out of time), the admin evaluates and publishes, both students read their
// grades, and a second try is refused. The tests build on each other, so they run in order in one file.

test.describe.configure({ mode: 'serial' });

const tag = stamp();

const EXAM_TITLE = `E2E Constitutional Law ${tag}`;
const SHORT_TITLE = `E2E One Minute Quiz ${tag}`;

const state: { courseId?: string; examId?: string; shortExamId?: string; a?: Student; b?: Student } = {};

async function findExamId(request: APIRequestContext, title: string) {
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const res = await request.get('/api/exams', { headers: bearer(admin) });
  const exam = ((await res.json()) as { _id: string; title: string }[]).find((e) => e.title === title);
  expect(exam).toBeTruthy();
  return exam!._id;
}

/** The countdown in seconds, read from the screen (M:SS or H:MM:SS). */
async function timerSeconds(page: Page) {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  return text.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}

test.beforeAll(async ({ request }) => {
  state.courseId = await firstCourseId(request);
});

test('an admin creates an exam with an MCQ and a descriptive question', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/exams');
  await expect(page.getByRole('heading', { name: 'Exam Management' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Exam' }).first().click();
  await expect(page).toHaveURL(/\/admin\/exams\/create$/);
  await expect(page.getByRole('heading', { name: 'Create New Exam' })).toBeVisible();
  // docs/product.md section 9 defaults.
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('60');
  await expect(page.getByLabel('Total marks')).toHaveValue('100');
  await expect(page.getByLabel('Passing marks')).toHaveValue('40');

  await page.getByLabel('Title', { exact: true }).fill(EXAM_TITLE);
  await page.getByLabel('Description').fill('Fundamental rights and the basic structure.');
  await page.getByLabel('Course', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Duration (minutes)').fill('30');
  await page.getByLabel('Total marks').fill('3');
  await page.getByLabel('Passing marks').fill('1');

  // Question rules of docs/product.md section 5.
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('Please enter a question')).toBeVisible();
  await page.getByLabel('Question', { exact: true }).fill('Which Article guarantees equality before law?');
  await page.getByLabel('Option 1', { exact: true }).fill('Article 19');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('Please provide at least 2 options for MCQ')).toBeVisible();
  await page.getByLabel('Option 2', { exact: true }).fill('Article 14');
  await page.getByLabel('Option 4', { exact: true }).fill('Article 21');
  await page.getByLabel('Option 2 is the correct answer').check();
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('Question marks: 1 / Total marks: 3')).toBeVisible();

  await page.getByLabel('Question type').selectOption('descriptive');
  await page.getByLabel('Question', { exact: true }).fill('Explain the doctrine of basic structure.');
  await page.getByLabel('Marks', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('Question marks: 3 / Total marks: 3')).toBeVisible();

  // Reorder and back: the descriptive question moves up, then down again.
  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Question 1 · Descriptive' })).toBeVisible();
  await page.getByRole('button', { name: 'Move question 1 down' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Question 1 · MCQ' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Exam' }).click();
  await expect(page.getByText('Exam created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/exams$/);
  await expect(page.getByRole('row').filter({ hasText: EXAM_TITLE })).toContainText('Active');
  state.examId = await findExamId(page.request, EXAM_TITLE);

  // The exam view a student gets holds no answers (docs/product.md section 10): the stored blank option was dropped.
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const detail = await (await page.request.get(`/api/exams/${state.examId}`, { headers: bearer(admin) })).json();
  expect(detail.questions[0].options).toEqual(['Article 19', 'Article 14', 'Article 21']);
  expect(detail.questions[0].correctAnswer).toBe(1);
});

test('a student takes the exam, reloads mid-exam with answers and time intact, and submits', async ({ page }) => {
  state.a = await admitStudent(page.request, { name: 'Anita Sen', course: state.courseId });
  await signIn(page, state.a.email, state.a.password);
  await page.goto('/student/dashboard');
  await page.getByRole('link', { name: `Start Exam: ${EXAM_TITLE}` }).click();

  await expect(page.getByRole('heading', { name: EXAM_TITLE })).toBeVisible();
  await expect(page.getByText('Read all questions carefully before answering.')).toBeVisible();
  await expect(page.getByText('30 minutes')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start Exam' }).click();

  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // Keyboard: the options are one radio group. The screen puts the focus on the question's heading a
  // frame after it opens; focusing an option before that would lose the focus to the heading.
  await expect(page.getByRole('heading', { name: 'Question 1', exact: true })).toBeFocused();
  await page.getByRole('radio', { name: /Article 19/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Article 14/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Question 1, answered, current' })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  await page.getByPlaceholder('Write your answer here...').fill('Parliament cannot amend the essential features of the Constitution.');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await expectAccessible(page);

  const before = await timerSeconds(page);
  expect(before).toBeGreaterThan(29 * 60);
  await page.reload();
  // It reopens on the question the student was on (kept with the attempt, so another device would too).
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  await expect(page.getByPlaceholder('Write your answer here...')).toHaveValue(
    'Parliament cannot amend the essential features of the Constitution.',
  );
  const after = await timerSeconds(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 30);
  // The dashboard offers the open attempt as Resume Exam with the time left by the server's clock.
  await page.goto('/student/dashboard');
  const resume = page.getByRole('link', { name: `Resume Exam: ${EXAM_TITLE}` });
  await expect(resume).toHaveText('Resume Exam');
  await expect(page.getByTestId('time-left')).toHaveText(/^(2\d|30):\d\d left$/);
  await resume.click();
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Question 1, answered' }).click();
  await expect(page.getByRole('radio', { name: /Article 14/ })).toBeChecked();
  await page.getByRole('button', { name: 'Question 2, answered' }).click();
  await expect(page.getByPlaceholder('Write your answer here...')).toHaveValue(
    'Parliament cannot amend the essential features of the Constitution.',
  );

  await page.getByRole('button', { name: 'Submit Exam' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Submission' });
  await expect(dialog).toContainText('You have answered 2 of 2 questions');
  await expect(dialog).toContainText('Time remaining:');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();

  await expect(page).toHaveURL(/\/student\/results$/);
  await expect(page.getByRole('heading', { name: 'Exam Submitted' })).toBeVisible();
  await expect(page.getByText('once they have been evaluated and published')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'View All Results' }).click();
  const row = page.getByRole('row').filter({ hasText: EXAM_TITLE });
  await expect(row).toContainText('Results not published yet');
  await expect(row).toContainText('Under Review');
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: /^Details: / })).toBeDisabled();
});

test('a second student lets the time run out and is submitted automatically', async ({ page }) => {
  test.setTimeout(150_000);
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const exam = await createExam(page.request, admin, {
    title: SHORT_TITLE,
    description: 'A one-minute check.',
    course: state.courseId,
    duration: 1,
    totalMarks: 3,
    passingMarks: 1,
    questions: [
      {
        type: 'mcq',
        question: 'Who appoints the Chief Justice of India?',
        options: ['The President', 'Parliament'],
        correctAnswer: 0,
        marks: 1,
      },
      { type: 'descriptive', question: 'What is a writ of habeas corpus?', marks: 2 },
    ],
  });
  state.shortExamId = exam._id;

  state.b = await admitStudent(page.request, { name: 'Bikash Sen', course: state.courseId });
  await signIn(page, state.b.email, state.b.password);
  await page.goto(`/student/exam/${state.shortExamId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByRole('timer')).toHaveText(/^[01]:\d\d$/);
  // Under five minutes left: the countdown is red.
  await expect(page.getByTestId('exam-timer')).toHaveAttribute('data-colour', 'red');
  await page.getByRole('radio', { name: /The President/ }).check();
  await page.getByRole('button', { name: /^Next/ }).click();
  await page.getByPlaceholder('Write your answer here...').fill('A writ to produce a detained person before the court.');

  // No dialog at zero: the answers go in by themselves.
  await expect(page).toHaveURL(/\/student\/results$/, { timeout: 90_000 });
  await expect(page.getByRole('heading', { name: 'Exam Submitted' })).toBeVisible();
  await expect(page.getByText('Time ran out, so your answers were submitted automatically.')).toBeVisible();
});

test('the admin evaluates both submissions and publishes the results', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/submissions');
  await expect(page.getByRole('heading', { name: 'Exam Submissions' })).toBeVisible();

  const results = page.getByRole('region', { name: 'Results Management' });
  const examRow = results.getByRole('listitem').filter({ hasText: EXAM_TITLE });
  await expect(examRow.getByRole('button', { name: `Publish results of ${EXAM_TITLE}` })).toBeDisabled();
  await expect(examRow.locator('[title="Cannot publish. 1 submissions pending evaluation."]')).toBeVisible();
  await expectAccessible(page);

  const evaluate = async (email: string, marks: string) => {
    await page.getByLabel('Search').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(page.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: /^Evaluate submission/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Evaluate Submission' });
    await expect(dialog.getByText('Correct', { exact: true })).toBeVisible();
    const input = dialog.getByLabel('Marks for question 2 (0 to 2)');
    await input.fill('2.5');
    await dialog.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(dialog.getByText('Marks must be between 0 and 2')).toBeVisible();
    await input.fill(marks);
    await expect(dialog).toContainText(`Total: ${1 + Number(marks)} / 3`);
    await dialog.getByLabel('Overall feedback (optional)').fill('Good work.');
    await dialog.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(page.getByText('Submission evaluated successfully!').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: /^View\/Edit submission/ })).toBeVisible();
    await expect(row).toContainText('EVALUATED');
  };
  await evaluate(state.a!.email, '1.5');
  await evaluate(state.b!.email, '0.5');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  for (const title of [EXAM_TITLE, SHORT_TITLE]) {
    const item = results.getByRole('listitem').filter({ hasText: title });
    await item.getByRole('button', { name: `Publish results of ${title}` }).click();
    await expect(page.getByText('Results published successfully! Students can now view their scores.').first()).toBeVisible();
    await expect(item.getByRole('button', { name: `Unpublish results of ${title}` })).toBeVisible();
  }
});

test('both students see their grades', async ({ browser }) => {
  // 1 + 1.5 = 2.5 of 3 = 83.33 % (A); 1 + 0.5 = 1.5 of 3 = 50 % (C).
  for (const [student, title, score, percent, grade] of [
    [state.a!, EXAM_TITLE, '2.5 / 3', '83.33%', 'A'],
    [state.b!, SHORT_TITLE, '1.5 / 3', '50%', 'C'],
  ] as const) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await signIn(page, student.email, student.password);
    await page.goto('/student/results');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(score);
    await expect(row).toContainText(percent);
    await expect(row.getByText(grade, { exact: true })).toBeVisible();
    await expect(row).toContainText('Passed');
    await expect(page.getByText('Average Score').locator('..')).toContainText(percent);
    await row.getByRole('button', { name: /^Details: / }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toContainText('Answer summary');
    await expect(dialog).toContainText('Good work.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await context.close();
  }
});

test("a second try shows 'Already Attempted'", async ({ page }) => {
  await signIn(page, state.a!.email, state.a!.password);
  await page.goto('/student/dashboard');
  await expect(page.getByRole('region', { name: 'Available Exams' }).getByRole('listitem').filter({ hasText: EXAM_TITLE })).toContainText(
    'Already Attempted',
  );
  await page.goto(`/student/exam/${state.examId}`);
  await expect(page.getByRole('heading', { name: 'Already Attempted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Results' })).toBeVisible();

  const token = await apiToken(page.request, state.a!.email, state.a!.password);
  const again = await page.request.post(`/api/exams/${state.examId}/attempt`, { headers: bearer(token) });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Already Attempted');
});
