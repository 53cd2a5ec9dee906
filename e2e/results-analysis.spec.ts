import type { Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, createExam, sitExam, stamp } from './builders.ts';

// Results that teach (docs/product-results.md): on a ranked mock of its own, a student reads the analysis
// and the solutions on a desktop and a phone, bookmarks two questions and finds them in My revision;
// the admin reads the merit list and downloads it as CSV and PDF.

test.describe.configure({ mode: 'serial' });

const tag = stamp();
const TITLE = `E2E Ranked Mock ${tag}`;
const state: { examId?: string; submissionId?: string; student?: { email: string; password: string } } = {};

const mcq = (question: string, explanation: string) => ({
  type: 'mcq',
  question,
  options: ['Right', 'Wrong', 'Also wrong'],
  correctAnswer: 0,
  marks: 1,
  explanation,
});

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const courses = await (await request.get('/api/courses')).json();
  const paper = await createExam(request, admin, {
    title: TITLE,
    description: 'A ranked mock for the analysis journey',
    course: courses[0]._id,
    duration: 30,
    totalMarks: 6,
    resultMode: 'rank',
    negativeMarks: 0.25,
    tieBreakSection: 'Legal Reasoning',
    sections: [
      {
        title: 'Legal Reasoning',
        passages: [
          {
            body: 'A **tort** is a civil wrong.',
            questions: [mcq('Is a tort a civil wrong?', 'A tort is a civil wrong.'), mcq('Is negligence a tort?', 'Negligence is a tort.')],
          },
        ],
        questions: [mcq('Is consideration needed for a contract?', 'Section 25 of the Contract Act.')],
      },
      {
        title: 'English',
        questions: [
          mcq('Pick the synonym of "big".', '"Large" means big.'),
          mcq('Pick the antonym of "hot".', 'Cold.'),
          mcq('Pick the plural of "child".', 'Children.'),
        ],
      },
    ],
  });
  state.examId = paper._id;
  const ids = paper.questions.map((q) => q._id);
  // Patterns per question: r right, w wrong, - left.
  const sitters = [
    ['Kavya Sen', 'dumdum', 'rwr-rw'],
    ['Nikhil Roy', 'kasba', 'rrrrrr'],
    ['Oishi Das', 'kasba', 'r--r--'],
    ['Pranav Bose', 'dumdum', 'wwwrrr'],
  ] as const;
  for (const [i, [name, centre, pattern]] of sitters.entries()) {
    const student = await admitStudent(request, { name, course: courses[0]._id, centre }, admin);
    const answers = Object.fromEntries(ids.map((id, q) => [id, pattern[q] === 'r' ? 0 : pattern[q] === 'w' ? 1 : null]));
    const sat = await sitExam(request, student, paper._id, answers);
    if (i === 0) {
      state.student = student;
      state.submissionId = sat.submission._id;
    }
  }
  expect((await request.patch(`/api/submissions/admin/publish-results/${paper._id}`, { headers: bearer(admin) })).ok()).toBeTruthy();
});

async function openAnalysis(page: Page) {
  await page.goto('/student/results');
  await page
    .getByRole('link', { name: `Analysis: ${TITLE}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `${TITLE}: analysis` })).toBeVisible();
}

test('a student reads the analysis and the solutions and bookmarks two questions (desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, state.student?.email ?? '', state.student?.password ?? '');
  // The dashboard shows the latest rank.
  await page.goto('/student/dashboard');
  await expect(page.getByText('2 / 4').first()).toBeVisible();
  // The dashboard's results card gives a ranked mock its rank, never a grade.
  const recent = page.getByRole('region', { name: 'Results', exact: true }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(recent).toContainText('Rank 2 / 4');
  await expect(recent).not.toContainText(/\b(A\+|A|B\+|B|C|F)\b/);
  await page.screenshot({ path: 'test-results/results-dashboard-desktop.png', fullPage: true });
  await page.goto('/student/results');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: TITLE });
  await expect(row.getByText('Rank 2 / 4')).toBeVisible();
  // The percentile in a column of its own, the status beside it.
  await expect(row.getByRole('cell', { name: '66.67', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Published', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/results-list-desktop.png', fullPage: true });
  await openAnalysis(page);
  await expect(page.getByText('2.50 / 6', { exact: true })).toBeVisible();
  await expect(page.getByText('2 / 4', { exact: true })).toBeVisible();
  await expect(page.getByText('66.67', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Section scores: you, the average and the topper' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Score (%) and percentile across mocks' })).toBeVisible();
  // Round y-axis ticks from 0: section scores from -0.75 to 3 marks, and percentages.
  const ticks = (name: string) => page.getByRole('img', { name }).locator('[data-tick="y"]').allTextContents();
  expect(await ticks('Section scores: you, the average and the topper')).toEqual(['0', '1', '2', '3']);
  expect(await ticks('Score (%) and percentile across mocks')).toEqual(['0', '20', '40', '60', '80', '100']);
  await page.screenshot({ path: 'test-results/results-analysis-desktop.png', fullPage: true });
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Review solutions' }).click();
  await expect(page.getByRole('heading', { name: `${TITLE}: solutions` })).toBeVisible();
  await page.getByRole('button', { name: /^Wrong \(2\)/ }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('Negligence is a tort.')).toBeVisible();
  await page.getByRole('button', { name: /^All \(6\)/ }).click();
  await page.getByRole('button', { name: 'Bookmark: question 2' }).click();
  await expect(page.getByRole('button', { name: 'Remove bookmark: question 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Bookmark: question 4' }).click();
  await expect(page.getByRole('button', { name: 'Remove bookmark: question 4' })).toBeVisible();
  await page.getByRole('button', { name: /^Bookmarked \(2\)/ }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/results-review-desktop.png', fullPage: true });
  await expectAccessible(page);

  await page.getByRole('link', { name: 'My revision' }).click();
  await expect(page.getByRole('heading', { name: 'My Revision' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Legal Reasoning' }).getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'English' }).getByRole('article')).toHaveCount(1);
  // Each card has its question's number in the mock, as the solutions number it.
  await expect(page.getByRole('region', { name: 'Legal Reasoning' }).getByRole('article', { name: 'Question 2' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'English' }).getByRole('article', { name: 'Question 4' })).toBeVisible();
  await expect(page.getByText('Negligence is a tort.')).toBeVisible();
  await page.screenshot({ path: 'test-results/results-revision-desktop.png', fullPage: true });
});

test('the analysis and the review read on a phone', async ({ page }) => {
  await signIn(page, state.student?.email ?? '', state.student?.password ?? '');
  await page.setViewportSize({ width: 390, height: 844 });
  // The result card: the percentile on a row of its own, not as the Status.
  await page.goto('/student/results');
  const card = page.getByRole('list', { name: 'Your results' }).getByRole('listitem').filter({ hasText: TITLE });
  const row = (term: string) => card.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(row('Percentile')).toHaveText('66.67');
  await expect(row('Status')).toHaveText('Published');
  await expect(row('Grade / Rank')).toHaveText('Rank 2 / 4');
  await page.screenshot({ path: 'test-results/results-list-phone.png', fullPage: true });
  await page.goto('/student/revision');
  await expect(page.getByRole('article', { name: 'Question 4' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/results-revision-phone.png', fullPage: true });
  await openAnalysis(page);
  await expect(page.getByRole('img', { name: 'Section scores: you, the average and the topper' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/results-analysis-phone.png', fullPage: true });
  await page.getByRole('figure').first().screenshot({ path: 'test-results/results-chart-phone.png' });
  await page.getByRole('link', { name: 'Review solutions' }).click();
  // The solutions page first: the analysis page also has labels that begin with "Section".
  await expect(page.getByRole('heading', { name: `${TITLE}: solutions` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Section' }).selectOption({ label: 'English' });
  await expect(page.getByRole('article')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/results-review-phone.png', fullPage: true });
});

test('the admin reads the merit list, filters it by centre and downloads it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/exams/${state.examId}/results`);
  await expect(page.getByRole('heading', { name: `Merit list: ${TITLE}` })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('row').nth(1)).toContainText('Nikhil Roy');
  await page.getByLabel('Centre').selectOption('kasba');
  await expect(page.getByRole('row')).toHaveCount(3);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^merit-list-.*\.csv$/);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^merit-list-.*\.pdf$/);
  await page.screenshot({ path: 'test-results/results-merit-desktop.png', fullPage: true });
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Item analysis' }).click();
  await expect(page.getByRole('row')).toHaveCount(7);
  await page.screenshot({ path: 'test-results/results-items-desktop.png', fullPage: true });
});
