import { ADMIN, apiToken, bearer, expect, signIn, test } from './fixtures.ts';
import { admitStudent, firstCourseId, stamp } from './builders.ts';

// Mock papers (docs/product-papers.md): an admin builds a two-section paper from the CLAT UG preset with a
// passage holding a table and an uploaded image; a student takes it on a desktop and on a phone, marks a
// question for review, reloads, and submits through the per-section table.

test.describe.configure({ mode: 'serial' });

const tag = stamp();
const TITLE = `E2E CLAT Sectional ${tag}`;
// A 1x1 PNG: what matters is that it is uploaded and shown from this server.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const state: { examId?: string; student?: { email: string; password: string } } = {};

async function addMcq(page: import('@playwright/test').Page, text: string, options: string[], correct: number) {
  await page.getByLabel('Question', { exact: true }).fill(text);
  for (const [i, o] of options.entries()) await page.getByLabel(`Option ${i + 1}`, { exact: true }).fill(o);
  await page.getByLabel(`Option ${correct + 1} is the correct answer`).check();
  await page.getByRole('button', { name: 'Add Question', exact: true }).click();
}

test('an admin builds a two-section paper with a passage, a table and an image from the CLAT UG preset', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/exams/create');
  await page.getByLabel('Start from a preset').selectOption({ label: 'CLAT UG' });
  await page.getByRole('button', { name: 'Use preset' }).click();
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('120');
  await expect(page.getByLabel('Negative marks per wrong answer')).toHaveValue('0.25');
  await expect(page.getByLabel('Result')).toHaveValue('rank');
  await expect(page.getByRole('heading', { name: /Section 5: Quantitative Techniques/ })).toBeVisible();
  // Keep English and Current Affairs.
  for (const n of [5, 4, 3]) await page.getByRole('button', { name: `Remove section ${n}` }).click();

  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByLabel('Description').fill('Two sections, one passage.');
  await page.getByLabel('Course', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Total marks').fill('3');

  await page.getByRole('button', { name: 'Add passage' }).first().click();
  await page
    .getByLabel('Passage 1 text')
    .fill('Readers **weigh** facts slowly.\n\n| Year | Readers |\n|---|---|\n| 2024 | 120 |\n| 2025 | 150 |');
  await page.getByLabel('Insert image in the passage').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByLabel('Passage 1 text')).toHaveValue(/!\[chart\]\(\/api\/uploads\/files\/[0-9a-f-]+\.png\)/);
  await page.getByRole('button', { name: 'Add question to this passage' }).click();
  await addMcq(page, 'How many readers in 2025?', ['120', '150', '270'], 1);
  await addMcq(page, 'What do readers do slowly?', ['Weigh facts', 'Sleep'], 0);
  await page.getByRole('button', { name: 'Done adding questions' }).click();
  await page.getByRole('button', { name: 'Add standalone question' }).nth(1).click();
  await addMcq(page, 'Constitution Day is observed on?', ['26 January', '26 November'], 1);
  await page.getByRole('button', { name: 'Done adding questions' }).click();
  await expect(page.getByText('Question marks: 3 / Total marks: 3')).toBeVisible();

  await page.getByRole('button', { name: 'Preview as a student' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('cell', { name: '150' })).toBeVisible();
  await expect(preview.locator('img[src^="/api/uploads/files/"]')).toHaveCount(1);
  await expect(preview.getByText('each wrong answer costs 0.25 marks')).toBeVisible();
  await page.screenshot({ path: 'test-results/papers-admin-preview.png', fullPage: true });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create Exam' }).click();
  await expect(page.getByText('Exam created successfully')).toBeVisible();
  // Fewer questions than CLAT sets: said, not refused.
  await expect(page.getByText(/English Language has 2 questions; the paper expects 22-26/)).toBeVisible();
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const list = (await (await page.request.get('/api/exams', { headers: bearer(admin) })).json()) as { _id: string; title: string }[];
  state.examId = list.find((e) => e.title === TITLE)?._id;
  expect(state.examId).toBeTruthy();
  const exam = await (await page.request.get(`/api/exams/${state.examId}`, { headers: bearer(admin) })).json();
  expect(exam.sections.map((s: { title: string }) => s.title)).toEqual([
    'English Language',
    'Current Affairs, including General Knowledge',
  ]);
  expect(exam.negativeMarks).toBe(0.25);
});

test('a student takes it on a desktop and a phone, marks for review, reloads and submits through the section table', async ({ page }) => {
  const course = await firstCourseId(page.request);
  state.student = await admitStudent(page.request, { name: 'Priya Das', course, centre: 'kasba' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, state.student.email, state.student.password);
  await page.goto(`/student/exam/${state.examId}`);
  // The default instructions state the penalty (the machine running the journeys may be slow to load the page).
  await expect(page.getByText('each wrong answer costs 0.25 marks')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Start Exam' }).click();

  const pane = page.getByTestId('passage-pane');
  await expect(pane.getByRole('cell', { name: '150' })).toBeVisible();
  await expect(pane.locator('img[src^="/api/uploads/files/"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /English Language/ })).toBeVisible();
  await page.getByRole('radio', { name: /150/ }).check();
  await page.getByRole('button', { name: 'Mark for Review & Next' }).click();
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  // Same passage: the pane stays.
  await expect(pane.getByRole('cell', { name: '150' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 1, Answered & Marked for Review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 2, Not Answered, current' })).toBeVisible();
  await page.screenshot({ path: 'test-results/papers-desktop.png', fullPage: true });
  // Let the flags reach the server, then reload.
  const token = await apiToken(page.request, state.student?.email ?? '', state.student?.password ?? '');
  await expect
    .poll(
      async () => (await (await page.request.post(`/api/exams/${state.examId}/attempt`, { headers: bearer(token) })).json()).review.length,
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Question 1, Answered & Marked for Review' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Show passage' })).toBeVisible();
  await page.getByRole('button', { name: 'Show passage' }).click();
  await expect(pane.getByRole('cell', { name: '150' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide passage' })).toBeVisible();
  await page.screenshot({ path: 'test-results/papers-phone.png', fullPage: true });

  await page.getByRole('button', { name: /Current Affairs/ }).click();
  await page.getByRole('radio', { name: /26 November/ }).check();
  await page.getByRole('button', { name: 'Submit Exam' }).first().click();
  const dialog = page.getByRole('dialog');
  const table = dialog.getByRole('table', { name: 'Your answers by section' });
  await expect(table.getByRole('row', { name: /English Language/ })).toContainText('1');
  await page.screenshot({ path: 'test-results/papers-confirm.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/student\/results/);
});
