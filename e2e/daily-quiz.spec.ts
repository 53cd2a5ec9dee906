import { todayInIndia } from '../common/src/rules/dates.ts';
import { admitStudent, createBatch, stamp } from './builders.ts';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';

// The daily quiz (docs/product-daily-quiz.md): staff set today's quiz for a batch; a student of that batch,
// on a phone, takes it on one screen, sees each answer's key and explanation at once, their streak and
// their place on the batch leaderboard. Today's quiz opens at 06:00 IST: run before that, there is none.

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };

test('a student on a phone takes today’s quiz and sees the answers, the streak and their place on the batch board', async ({
  page,
  request,
}) => {
  const id = stamp();
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const batch = await createBatch(request, token, { name: `Quiz batch ${id}` });
  const created = await request.post('/api/daily-quizzes', {
    headers: bearer(token),
    data: {
      date: todayInIndia(),
      title: `Quiz ${id}`,
      audience: { batches: [batch._id] },
      questions: [
        {
          type: 'mcq',
          question: 'The basic structure doctrine was laid down in which case?',
          options: ['Kesavananda Bharati v. State of Kerala', 'Maneka Gandhi v. Union of India'],
          correctAnswer: 0,
          explanation: `Kesavananda Bharati (1973) ${id}`,
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const student = await admitStudent(request, { name: `Quiz Student ${id}`, batch: batch._id }, token);

  // Signed in at a desktop width (the sign-in's welcome is in the wide header), then on a phone.
  await signIn(page, student.email, student.password);
  await page.setViewportSize(PHONE);
  await page.goto('/student/daily-quiz');
  await expect(page.getByRole('heading', { name: 'Daily quiz', level: 1 })).toBeVisible();
  // Another quiz open to all may come first today (the demo's sample): answer whatever is shown.
  const questions = page.locator('fieldset:has(input[type="radio"])');
  await expect(questions.first()).toBeVisible();
  for (const q of await questions.all()) await q.locator('label').first().click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText(/Your score:/)).toBeVisible();
  await expect(page.getByText(/Answer: [A-F]/).first()).toBeVisible();
  await expect(page.getByTestId('streak')).toContainText('1 day streak');
  const board = page.getByTestId('leaderboard');
  await expect(board).toContainText('(You)');
  await expectAccessible(page);
});
