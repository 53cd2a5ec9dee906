import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, createExam, firstCourseId, stamp } from './builders.ts';

// Exam journeys away from the mouse and the desk: a student takes an exam with the keyboard alone, and one
// on a phone (scrolling, a lost connection) whose submission the admin then opens on a phone. Each test
// makes its own exam and student.

const tag = stamp();
const state: { courseId?: string } = {};

test.beforeAll(async ({ request }) => {
  state.courseId = await firstCourseId(request);
});

/** A 2-question exam of long texts, so that on a phone each question is taller than the screen. */
async function createLongExam(request: APIRequestContext, title: string) {
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const long = (n: number) =>
    `Question about case ${n}: ${'A tenant in Kolkata sublets a flat without the written consent of the landlord, who then sues for eviction under the rent control law. '.repeat(4)}Which statement is right?`;
  const option = (s: string) => `${s}: ${'the court weighs the statutory ground against the equities of the case '.repeat(2)}`;
  const exam = await createExam(request, admin, {
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
  });
  return exam._id;
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
  const title = `E2E Keyboard Exam ${tag}`;
  const examId = await createLongExam(page.request, title);
  const student = await admitStudent(page.request, { name: 'Kavita Sen', course: state.courseId });
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
  const title = `E2E Phone Exam ${tag}`;
  const examId = await createLongExam(page.request, title);
  const student = await admitStudent(page.request, { name: 'Payel Sen', course: state.courseId });
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
