import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Exam journeys: an admin authors an exam, two students take timed exams (one reloads mid-exam, one
// runs out of time), the admin evaluates and publishes, both students read their grades, and a second
// try is refused. Other spec files share the server: every name and e-mail here is unique.

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const EXAM_TITLE = `E2E Constitutional Law ${stamp}`;
const SHORT_TITLE = `E2E One Minute Quiz ${stamp}`;

type Student = { email: string; password: string };
const state: { courseId?: string; examId?: string; shortExamId?: string; a?: Student; b?: Student } = {};

async function apiToken(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A student account, made the way the institute makes them: an admission request approved by an admin. */
async function createStudent(request: APIRequestContext, name: string): Promise<Student> {
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const email = `${name.toLowerCase()}.${stamp}@e2e-exams.local`;
  const created = await request.post('/api/admission-requests', {
    data: {
      fullName: `${name} Sen`,
      email,
      phone: '9876543210',
      address: '12 Park Street, Kolkata',
      education: 'Class 12',
      course: state.courseId,
      centre: 'dumdum',
      reason: 'Preparing for CLAT',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { request: req } = await created.json();
  const approved = await request.patch(`/api/admission-requests/admin/${req._id}/approve`, { headers: bearer(admin), data: {} });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return { email, password: (await approved.json()).user.temporaryPassword };
}

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
  const courses = await (await request.get('/api/courses')).json();
  state.courseId = courses[0]._id;
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
  await page.getByLabel('Course').selectOption({ index: 1 });
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
  state.a = await createStudent(page.request, 'Anita');
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
  // Keyboard: the options are one radio group.
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
  const created = await page.request.post('/api/exams', {
    headers: bearer(admin),
    data: {
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
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  state.shortExamId = (await created.json())._id;

  state.b = await createStudent(page.request, 'Bikash');
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

/** A 2-question exam of long texts, so that on a phone each question is taller than the screen. */
async function createLongExam(request: APIRequestContext, title: string) {
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const long = (n: number) =>
    `Question about case ${n}: ${'A tenant in Kolkata sublets a flat without the written consent of the landlord, who then sues for eviction under the rent control law. '.repeat(4)}Which statement is right?`;
  const option = (s: string) => `${s}: ${'the court weighs the statutory ground against the equities of the case '.repeat(2)}`;
  const created = await request.post('/api/exams', {
    headers: bearer(admin),
    data: {
      title,
      description: 'Long questions.',
      course: state.courseId,
      duration: 20,
      totalMarks: 2,
      passingMarks: 1,
      questions: [1, 2].map((n) => ({
        type: 'mcq',
        question: long(n),
        options: [option('First'), option('Second'), option('Third'), option('Fourth')],
        correctAnswer: 1,
        marks: 1,
      })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json())._id as string;
}

/** The Question Navigation panel's title is on screen, below the sticky exam header (not hidden under it). */
async function expectPanelInView(page: Page) {
  const title = page.getByRole('heading', { name: 'Question Navigation' });
  await expect
    .poll(async () => {
      const header = await page.getByRole('timer').evaluate((el) => el.closest('.sticky')?.getBoundingClientRect().bottom ?? 0);
      const box = await title.boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      return box !== null && box.y >= header && box.y + box.height <= height;
    })
    .toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: the page is used with the keyboard alone. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 20; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('a student takes an exam with the keyboard alone', async ({ page }) => {
  const title = `E2E Keyboard Exam ${stamp}`;
  const examId = await createLongExam(page.request, title);
  const student = await createStudent(page.request, 'Kavita');
  await signIn(page, student.email, student.password);
  await page.goto(`/student/exam/${examId}`);

  await tabTo(page, page.getByRole('button', { name: 'Start Exam' }));
  await page.keyboard.press('Enter');
  // The Start button is gone: the focus goes to the first question, not back to the top of the page.
  await expect(page.getByRole('heading', { name: 'Question 1', exact: true })).toBeFocused();

  await tabTo(page, page.getByRole('radio', { name: /^A\. First/ }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^B\. Second/ })).toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await tabTo(page, page.getByRole('button', { name: /^Next/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Question 2 of 2')).toBeVisible();

  // The navigation grid answers the keyboard too, and takes the focus to the question it opens.
  await tabTo(page, page.getByRole('button', { name: 'Question 1, answered' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Question 1', exact: true })).toBeFocused();
  await expect(page.getByRole('radio', { name: /^B\. Second/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Question 2, not answered' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('radio', { name: /^A\. First/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /^A\. First/ })).toBeChecked();

  const submit = page.getByRole('button', { name: 'Submit Exam' }).last();
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm Submission' });
  await expect(dialog).toContainText('You have answered 2 of 2 questions');
  // Escape closes the dialog without submitting, and the focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Submit', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Exam Completed!' })).toBeVisible();
  await expect(page.getByText('PASS', { exact: true })).toBeVisible();
});

test('on a phone the next question opens at its start, and a lost connection is shown and recovered', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 375, height: 700 } });
  const page = await context.newPage();
  const title = `E2E Phone Exam ${stamp}`;
  const examId = await createLongExam(page.request, title);
  const student = await createStudent(page.request, 'Payel');
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/student/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  // The Question Navigation panel sits above the question on a phone: starting does not scroll it away.
  const navPanel = page.getByRole('navigation', { name: 'Question Navigation' });
  await expectPanelInView(page);
  await expectAccessible(page);

  // Next sits below a question taller than the screen: the next question must not open half hidden
  // under the sticky exam header.
  await page.getByRole('radio', { name: /^D\. Fourth/ }).check();
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  const heading = page.getByRole('heading', { name: 'Question 2', exact: true });
  await expect
    .poll(async () => {
      const header = await page.getByRole('timer').evaluate((el) => el.closest('.sticky')?.getBoundingClientRect().bottom ?? 0);
      const box = await heading.boundingBox();
      return box !== null && box.y >= header && box.y + box.height <= 700;
    })
    .toBe(true);
  // Moving on keeps the panel where the student left it: in view (and closed, as it was).
  await expectPanelInView(page);
  await expect(navPanel.getByRole('button', { name: 'Show' })).toBeVisible();

  // Offline with nothing to save: the warning shows, and goes once the connection is back.
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await context.setOffline(true);
  await expect(page.getByText(/^Connection lost\./)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/^Connection lost\./)).toBeHidden();

  // Offline with an answer to save: 'Not saved' until the connection returns, then saved on the server.
  await context.setOffline(true);
  await page.getByRole('radio', { name: /^C\. Third/ }).check();
  await expect(page.getByTestId('save-status')).toHaveText('Not saved');
  await expect(page.getByText(/^Connection lost\./)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await expect(page.getByText(/^Connection lost\./)).toBeHidden();
  const token = await apiToken(page.request, student.email, student.password);
  const resumed = await (await page.request.post(`/api/exams/${examId}/attempt`, { headers: bearer(token) })).json();
  expect(Object.values(resumed.answers).sort()).toEqual([2, 3]);
  const submitted = await page.request.post('/api/submissions', { headers: bearer(token), data: { examId, answers: {} } });
  expect(submitted.status(), await submitted.text()).toBe(201);
  await context.close();

  // The admin evaluates from a phone too: each submission is a card with its action on screen.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 375, height: 700 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await admin.getByLabel('Email').fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto(`/admin/submissions?search=${encodeURIComponent(student.email)}`);
  const open = admin.getByRole('button', { name: `View/Edit submission of Payel Sen for ${title}` });
  await expect(open).toBeVisible();
  const box = await open.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await open.click();
  await expect(admin.getByRole('dialog', { name: 'Evaluate Submission' })).toContainText('Payel Sen');
  await adminContext.close();
});
