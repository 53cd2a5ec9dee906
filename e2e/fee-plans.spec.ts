import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { addDays, formatDay, todayInIndia } from '../common/src/rules/dates.ts';
import { admitStudent, stamp } from './builders.ts';

// Fee plans per course (docs/product.md section 11, "Fee plans"): an admin gives a new course three
// installments on dates of their choosing (the form refuses dates out of order and previews the amounts),
// and a student admitted to it sees those three installments with their dates on the dashboard.
test.describe.configure({ timeout: 240_000 });

/** YYYY-MM-DD, `days` after today in India. */
const istDay = (days: number) => addDays(todayInIndia(), days);
/** As the screens show a date: en-IN, Asia/Kolkata ("5 Jan 2027"). */
const shown = formatDay;

test('an admin sets a 3-installment plan on a course; a student admitted to it sees the 3 installments with their dates', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const courseName = `Weekend CLAT ${id}`;
  const dates = [istDay(20), istDay(51), istDay(82)];

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/courses');
  await page.getByRole('button', { name: 'Add Course' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Course' });
  await form.getByLabel('Course name').fill(courseName);
  await form.getByLabel('Description').fill('Weekend batch for CLAT, paid in three installments.');
  await form.getByLabel('Price (₹)').fill('30000');
  await form.getByLabel('Duration').fill('6 months');
  await form.getByLabel('Feature 1').fill('Sunday mocks');

  // The plan: 3 installments on dates the admin chooses, previewed as the server will split the fee.
  await form.getByLabel('Number of installments').selectOption('3');
  await form.getByLabel('On dates I choose').check();
  await form.getByLabel('1st installment due').fill(dates[1]);
  await form.getByLabel('2nd installment due').fill(dates[0]);
  await form.getByLabel('Final installment due').fill(dates[2]);
  await form.getByRole('button', { name: 'Create Course' }).click();
  await expect(form.getByText('Due dates must be strictly increasing: each one later than the one before')).toBeVisible();
  await form.getByLabel('1st installment due').fill(dates[0]);
  await form.getByLabel('2nd installment due').fill(dates[1]);
  const preview = form.getByRole('table', { name: 'Fee plan preview' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('row').nth(1)).toContainText(`1st₹10,000${shown(dates[0])}`);
  await expect(preview.getByRole('row').nth(3)).toContainText(`Final₹10,000${shown(dates[2])}`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/fee-plans-form-desktop.png', fullPage: true });
  await form.getByRole('button', { name: 'Create Course' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: courseName });
  await expect(row).toContainText('3 on set dates');

  // A student applies for the course and the admin approves the request.
  const courses = (await (await page.request.get('/api/courses')).json()) as { _id: string; name: string; feePlan: unknown }[];
  const course = courses.find((c) => c.name === courseName);
  expect(course?.feePlan).toEqual({ installments: 3, dueDates: dates });
  const { email, password } = await admitStudent(page.request, { name: `Plan Student ${id}`, course: course?._id });

  // The student's dashboard: three installments of ₹10,000 on the admin's dates, pending.
  const context = await browser.newContext();
  const sp = await context.newPage();
  await signIn(sp, email, password);
  await sp.goto('/student/dashboard');
  const schedule = sp.getByRole('region', { name: 'Fee schedule' });
  await expect(schedule).toContainText('Installment schedule (3 installments)');
  const rows = schedule.getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const [i, label] of ['1st', '2nd', 'Final'].entries()) {
    await expect(rows.nth(i + 1)).toContainText(label);
    await expect(rows.nth(i + 1)).toContainText('₹10,000');
    await expect(rows.nth(i + 1)).toContainText(shown(dates[i]));
    await expect(rows.nth(i + 1)).toContainText('Pending');
  }
  await expectAccessible(sp);
  await sp.screenshot({ path: 'test-results/fee-plans-student-desktop.png', fullPage: true });

  // The Course Payment page offers the plan's installments.
  await sp.goto('/payment/admission');
  await expect(sp.getByLabel('Installment').locator('option')).toHaveText(['1st', '2nd', 'Final']);
  await expect(sp.getByLabel('Amount to pay (₹)')).toHaveValue('10000');
  await expectAccessible(sp);
  await sp.screenshot({ path: 'test-results/fee-plans-course-payment-desktop.png', fullPage: true });

  // On a phone.
  await sp.setViewportSize({ width: 390, height: 844 });
  await sp.goto('/student/dashboard');
  // A card per installment on a phone (the shared DataTable), each with its label, amount and date.
  const cards = sp.getByRole('region', { name: 'Fee schedule' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(2)).toContainText('Final');
  await expect(cards.nth(2)).toContainText(shown(dates[2]));
  await sp.getByRole('region', { name: 'Fee schedule' }).screenshot({ path: 'test-results/fee-plans-student-phone.png' });
  // The admin edits the course on a phone: the plan reads back as saved.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: `Edit ${courseName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Course' });
  await expect(edit.getByLabel('Number of installments')).toHaveValue('3');
  await expect(edit.getByLabel('On dates I choose')).toBeChecked();
  await expect(edit.getByLabel('Final installment due')).toHaveValue(dates[2]);
  await edit.getByRole('group', { name: 'Fee plan' }).scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/fee-plans-form-phone.png' });
  await context.close();
});
