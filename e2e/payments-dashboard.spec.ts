import { expect, signIn, test } from './fixtures.ts';
import { admitStudent, clatCourse, stamp } from './builders.ts';
import { inr } from './payments-helpers.ts';

// Payment journey of the student dashboard: the payment summary while it loads, when it fails, and after
// Retry. It moves no money, so it runs apart from the journeys in payments-gateway.

test('the dashboard payment summary shows loading, then an error with Retry that recovers', async ({ page }) => {
  const course = await clatCourse(page.request);
  const s = await admitStudent(page.request, { name: `Payer ${stamp()}` });
  await signIn(page, s.email, s.password);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let calls = 0;
  await page.route('**/api/payments/student', async (route) => {
    calls += 1;
    // A server error is retried twice by the client before the card shows it: fail all three.
    if (calls <= 3) {
      if (calls === 1) await held;
      return route.fulfill({ status: 500, json: { message: 'Internal server error', code: 'INTERNAL' } });
    }
    return route.continue();
  });
  await page.goto('/student/dashboard');
  const fees = page.getByRole('region', { name: 'Fees and payments' });
  await expect(fees.getByText('Loading fees...')).toBeVisible();
  release();
  const alert = fees.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(fees).not.toContainText('Total fees');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(fees).toContainText(`Total fees${inr(course.price)}`);
  await expect(fees).toContainText('Unpaid');
  await expect(fees.getByRole('table', { name: 'Installment schedule' }).getByRole('row')).toHaveCount(5);
});
