import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, createExam, firstCourseId, stamp } from './builders.ts';

// The exam screen of a ranked mock as a student meets it (docs/product-papers.md): on a phone it is the
// exam's own screen (no site header, menu or footer), the Confirm Submission table fits a 360 px screen,
// and the completion page reports a ranked mock by score and percentage, never a grade or PASS/FAIL. A
// connection lost mid-exam loses neither the question the student was on nor the questions seen offline.

const tag = stamp();
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const state: { courseId?: string } = {};

test.beforeAll(async ({ request }) => {
  state.courseId = await firstCourseId(request);
});

async function createExamVia(request: APIRequestContext, data: Record<string, unknown>) {
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  return createExam(request, admin, { course: state.courseId, duration: 30, ...data });
}

const mcq = (question: string) => ({
  type: 'mcq',
  question,
  options: ['Right', 'Wrong', 'Also wrong', 'Not this'],
  correctAnswer: 0,
  marks: 1,
});

/** A CLAT-preset-like mock: ranked, no passing marks, two sections with the preset's long titles. */
const rankedMock = (title: string) => ({
  title,
  description: 'A ranked sectional mock.',
  totalMarks: 4,
  passingMarks: null,
  resultMode: 'rank',
  negativeMarks: 0.25,
  sections: [
    { title: 'English Language', questions: [mcq('Pick the synonym of "big".'), mcq('Pick the antonym of "hot".')] },
    { title: 'Current Affairs, including General Knowledge', questions: [mcq('Who heads the Union?'), mcq('Where is the RBI?')] },
  ],
});

/** Signs in on a desktop-sized page (the header's greeting is in the closed menu on a phone), then resizes. */
async function signInAs(page: Page, student: { email: string; password: string }, viewport: { width: number; height: number }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, student.email, student.password);
  await page.setViewportSize(viewport);
}

/** Nothing of the site's shell: no main navigation (header and menu) and no footer. */
async function expectExamScreenOnly(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Law Coaching Institute/ })).toHaveCount(0);
}

test('on a phone a ranked mock is its own screen, its submit table fits, and its completion page has no grade or FAIL', async ({
  page,
}) => {
  const title = `E2E Ranked Phone Mock ${tag}`;
  const exam = await createExamVia(page.request, rankedMock(title));
  const student = await admitStudent(page.request, { name: 'Rupa Sen', course: state.courseId });
  await signInAs(page, student, { width: 360, height: 780 });

  await page.goto(`/student/exam/${exam._id}`);
  await expect(page.getByRole('button', { name: 'Start Exam' })).toBeVisible();
  await expectExamScreenOnly(page);
  // The way out is on the page itself.
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mock-instructions-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await expectExamScreenOnly(page);
  // The exam's own header is the only thing held at the top, from the very top of the screen.
  const header = await page
    .getByRole('timer')
    .evaluate((el) => el.closest('.sticky')?.getBoundingClientRect().toJSON() as { top: number; height: number });
  expect(header.top).toBe(0);
  expect(header.height).toBeLessThan(140);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/mock-exam-phone.png` });
  await expectAccessible(page);

  // Three answered (all right), the last one seen and left.
  for (const n of [1, 2, 3]) {
    await page.getByRole('radio', { name: /^A\. Right/ }).check();
    await page.getByRole('button', { name: /^Next/ }).click();
    await expect(page.getByText(`Question ${n + 1} of 4`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Submit Exam' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Submission' });
  const table = dialog.getByRole('table', { name: 'Your answers by section' });
  await expect(table.getByRole('row', { name: /English Language/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Marked for Review' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Not Visited' })).toBeVisible();
  // Everything of the table is inside the dialog: nothing to swipe sideways for (text only for screen
  // readers is clipped on purpose).
  const widths = await dialog.evaluate((d) =>
    [d, ...d.querySelectorAll<HTMLElement>('*')]
      .filter((el) => !el.classList.contains('sr-only'))
      .filter((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => `${el.tagName}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
  expect(widths).toEqual([]);
  const region = dialog.getByRole('region', { name: 'Answers by section' });
  const fit = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  const box = await table.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  // Each section's counts, read in the table: English 2 answered; Current Affairs 1 answered and 1 not.
  await expect(table.getByRole('row', { name: /English Language/ })).toContainText('2');
  await expect(table.getByRole('row', { name: /Current Affairs/ })).toContainText('1');
  await page.screenshot({ path: `${SHOTS}/mock-confirm-phone.png` });
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Exam Submitted' })).toBeVisible();
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Exam Submitted' }) });
  await expect(card).toContainText('3 / 4');
  await expect(card).toContainText('75%');
  await expect(card).toContainText('rank and percentile');
  await expect(card).not.toContainText('Grade');
  await expect(card).not.toContainText('FAIL');
  await expect(card).not.toContainText('PASS');
  await page.screenshot({ path: `${SHOTS}/mock-completion-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/mock-completion-desktop.png`, fullPage: true });
  await expectAccessible(page);
});

test('a ranked mock on a desktop: its own screen and a submit table without a sideways scroll', async ({ page }) => {
  const title = `E2E Ranked Desktop Mock ${tag}`;
  const exam = await createExamVia(page.request, rankedMock(title));
  const student = await admitStudent(page.request, { name: 'Sumit Sen', course: state.courseId });
  await signInAs(page, student, { width: 1280, height: 800 });
  await page.goto(`/student/exam/${exam._id}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await expectExamScreenOnly(page);
  await page.screenshot({ path: `${SHOTS}/mock-exam-desktop.png` });
  await page.getByRole('button', { name: 'Submit Exam' }).first().click();
  const region = page.getByRole('dialog', { name: 'Confirm Submission' }).getByRole('region', { name: 'Answers by section' });
  const fit = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  await page.screenshot({ path: `${SHOTS}/mock-confirm-desktop.png` });
});

test('after a lost connection and a reload the exam reopens where the student was, with the questions seen offline visited', async ({
  page,
  request,
}) => {
  const title = `E2E Offline Mock ${tag}`;
  const exam = await createExamVia(page.request, {
    title,
    description: 'Four questions.',
    totalMarks: 4,
    passingMarks: 2,
    questions: [mcq('First question?'), mcq('Second question?'), mcq('Third question?'), mcq('Fourth question?')],
  });
  const student = await admitStudent(page.request, { name: 'Tanmoy Sen', course: state.courseId });
  await signInAs(page, student, { width: 1280, height: 800 });
  // A reload with answers not yet on the server asks first: the student stays on the page only if they say so.
  page.on('dialog', (d) => void d.accept());
  await page.goto(`/student/exam/${exam._id}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await page.getByRole('radio', { name: /^A\. Right/ }).check();
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByText('Question 2 of 4')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  // The server has the student on question 2 before the connection drops.
  const token = await apiToken(request, student.email, student.password);
  const resumed = async () =>
    (await (await request.post(`/api/exams/${exam._id}/attempt`, { headers: bearer(token) })).json()) as {
      currentQuestion: string | null;
      timeSpent: Record<string, number>;
    };
  await expect.poll(async () => (await resumed()).currentQuestion).toBe(exam.questions[1]._id);

  await page.context().setOffline(true);
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByText('Question 3 of 4')).toBeVisible();
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByText('Question 4 of 4')).toBeVisible();
  await page.getByRole('radio', { name: /^B\. Wrong/ }).check();
  await expect(page.getByTestId('save-status')).toHaveText('Not saved');
  await expect(page.getByText(/^Connection lost\./)).toBeVisible();
  // A while offline: longer than the screen waits before it saves a move (POSITION_SAVE_MS), so that save fails too.
  await page.waitForTimeout(1_500);

  await page.context().setOffline(false);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByText('Question 4 of 4')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^B\. Wrong/ })).toBeChecked();
  const palette = page.getByRole('navigation', { name: 'Question Navigation' });
  await expect(palette.getByRole('button', { name: 'Question 1, Answered' })).toBeVisible();
  await expect(palette.getByRole('button', { name: 'Question 2, Not Answered' })).toBeVisible();
  await expect(palette.getByRole('button', { name: 'Question 3, Not Answered' })).toBeVisible();
  await expect(palette.getByRole('button', { name: 'Question 4, Answered, current' })).toBeVisible();
  await expect(palette).toContainText('Not Visited: 0');
  await page.screenshot({ path: `${SHOTS}/mock-offline-reload-desktop.png` });
  // And the server has it too, for another device.
  await expect.poll(async () => (await resumed()).currentQuestion).toBe(exam.questions[3]._id);
  expect(Object.keys((await resumed()).timeSpent).sort()).toEqual(exam.questions.map((q) => q._id).sort());
});
