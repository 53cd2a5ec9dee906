import fs from 'node:fs';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, clatCourse, stamp } from './builders.ts';
import { day, inr, openInstallmentPage, readTiles } from './payments-helpers.ts';

// Payment journeys on the sandbox gateway: a course fee with a coupon and its PDF receipt; installments
// to the success and the failed page; an admin verifies and refunds while the tiles follow. The tiles are
// the whole institute's figures compared before and after, so every journey here that moves money stays
// in this file and runs in order, never beside the tiles check in another worker.

test.describe.configure({ mode: 'serial' });
const SHOTS = '/tmp/shots-money';
fs.mkdirSync(SHOTS, { recursive: true });

test('a CLAT student sees their course first, the others under Other courses, and confirms before paying for another', async ({ page }) => {
  const s = await admitStudent(page.request, { name: `Payer ${stamp()}` });
  await signIn(page, s.email, s.password);
  await page.goto('/student/payment');
  await expect(page.getByText('Your course', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^CLAT Preparation, / })).toBeAttached();
  // The other courses are folded until opened.
  const toggle = page.getByRole('button', { name: /^Other courses/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('radio', { name: /^AILET Preparation, / })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/fee-courses-desktop.png`, fullPage: true });
  await toggle.click();
  await expect(page.getByText('Paying for one of them does not pay your CLAT Preparation fee.')).toBeVisible();
  await page.getByText('AILET Preparation', { exact: true }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Pay for another course?' });
  await expect(confirm).toContainText('You were admitted to CLAT Preparation.');
  await expect(confirm).toContainText('does not count towards your CLAT Preparation fee');
  await page.screenshot({ path: `${SHOTS}/fee-other-confirm-desktop.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment gateway' })).toHaveCount(0);

  // On a phone: the same, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/fee-courses-phone.png`, fullPage: true });
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fee-other-confirm-phone.png` });
  await confirm.getByRole('button', { name: 'Pay for AILET Preparation' }).click();
  const gateway = page.getByRole('dialog', { name: 'Sandbox payment gateway' });
  await expect(gateway).toContainText('AILET Preparation');
  await gateway.getByRole('button', { name: 'Cancel' }).click();
  await expect(gateway).toBeHidden();

  // Their own course pays without the question.
  await page.getByText('CLAT Preparation', { exact: true }).first().click();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(gateway).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await gateway.getByRole('button', { name: 'Cancel' }).click();
});

test('a student pays a course fee with coupon EARLY20 and downloads the PDF receipt', async ({ page }) => {
  // A long journey (pay, dashboard, covered course, history, receipt, four axe scans): three times the timeout.
  test.slow();
  const course = await clatCourse(page.request);
  const total = course.price - (course.price * 20) / 100;
  const s = await admitStudent(page.request, { name: `Payer ${stamp()}` });
  await signIn(page, s.email, s.password);
  await page.goto('/student/payment');
  await expect(page.getByRole('heading', { name: 'Fee Payment' })).toBeVisible();
  await expect(page.getByText('No payments yet')).toBeVisible();

  // Without a course: the spec's message; the coupon box appears only once a course is chosen.
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Please select a course')).toBeVisible();
  await expect(page.getByLabel('Have a coupon code?')).toHaveCount(0);
  await page.getByText('CLAT Preparation', { exact: true }).first().click();
  // Which codes exist is the server's: none is listed in the page or its code.
  await expect(page.getByText('EARLY20')).toHaveCount(0);
  await expectAccessible(page);

  const coupon = page.getByLabel('Have a coupon code?');
  await coupon.pressSequentially('bogus');
  await expect(coupon).toHaveValue('BOGUS');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid coupon code')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText(`Total${inr(course.price)}`);

  await coupon.fill('');
  await coupon.pressSequentially('early20');
  await expect(coupon).toHaveValue('EARLY20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied! 20% discount')).toBeVisible();
  await expect(summary).toContainText(`Course fee${inr(course.price)}`);
  await expect(summary).toContainText(`Total${inr(total)}`);

  // Closing the gateway dialog goes back to idle with no error.
  await page.getByRole('button', { name: `Pay ${inr(total)}` }).click();
  const gateway = page.getByRole('dialog', { name: 'Sandbox payment gateway' });
  await expect(gateway).toContainText(inr(total));
  await gateway.getByRole('button', { name: 'Cancel' }).click();
  await expect(gateway).toBeHidden();
  await expect(page.getByRole('button', { name: `Pay ${inr(total)}` })).toBeEnabled();
  await expect(page.getByText('Payment failed. Please try again.')).toHaveCount(0);

  await page.getByRole('button', { name: `Pay ${inr(total)}` }).click();
  await gateway.getByRole('button', { name: `Pay ${inr(total)}` }).click();
  await expect(page.getByText('Payment successful! Course access has been granted.')).toBeVisible();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  // The dashboard's payment summary: the course fee paid with a coupon settles the whole fee; Paid is
  // the money received and the discount has its own line.
  const fees = page.getByRole('region', { name: 'Fees and payments' });
  await expect(fees).toContainText('Completed');
  await expect(fees).toContainText(`Total fees${inr(course.price)}`);
  await expect(fees).toContainText(`Paid${inr(total)}`);
  await expect(fees).toContainText(`Discount${inr(course.price - total)}`);
  await expect(fees).toContainText(`Pending${inr(0)}`);
  const schedule = fees.getByRole('table', { name: 'Installment schedule' });
  await expect(schedule.getByRole('cell', { name: 'Paid', exact: true })).toHaveCount(4);
  await expect(fees.getByRole('link', { name: 'Pay Installment' })).toHaveCount(0);

  // The fee is covered: Fee Payment shows the course as paid and it cannot be chosen again.
  await page.goto('/student/payment');
  const covered = page.getByRole('radio', { name: 'CLAT Preparation, paid' });
  await expect(covered).toBeDisabled();
  await expect(page.getByTestId(`course-${course._id}`)).toContainText('Paid');
  const history = page.getByRole('list', { name: 'Payments' });
  // 'Completed' with its capital: the checkout closed without paying reads 'Not completed'.
  const paid = history.getByRole('listitem').filter({ hasText: /Completed/ });
  await expect(paid).toContainText('CLAT Preparation');
  await expect(paid).toContainText(inr(total));
  await expect(paid).toContainText('coupon EARLY20');
  // The checkout closed without paying is no money: 'Not completed', not 'Pending' (docs/product.md section 11).
  const abandoned = history.getByRole('listitem').filter({ hasText: 'Not completed' });
  await expect(abandoned).toHaveCount(1);
  await expect(abandoned).toContainText('no money has reached us for it');
  await expect(history.getByRole('listitem').filter({ hasText: 'Pending' })).toHaveCount(0);
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/history-not-completed-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(abandoned).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/history-not-completed-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Download Receipt on completed items only (a tax invoice while invoices.spec has a GSTIN set).
  await expect(history.getByRole('button', { name: /^Download (Receipt|Tax Invoice)/ })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await paid.getByRole('button', { name: /^Download (Receipt|Tax Invoice)/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^(receipt-RCT-\d{4}-\d+|invoice-[A-Z0-9]+-\d{4}-\d{2}-\d{6})\.pdf$/);
  await expectAccessible(page);
});
test('an installment goes through the gateway form post and lands on /payment/success', async ({ page }) => {
  const course = await clatCourse(page.request);
  const s = await admitStudent(page.request, { name: `Payer ${stamp()}` });
  await openInstallmentPage(page, s);
  const admission = page.getByRole('region', { name: 'Admission Details' });
  await expect(admission).toContainText('CLAT Preparation');
  await expect(admission).toContainText('Dumdum Centre');
  await expect(admission).toContainText(`Total fees${inr(course.price)}`);
  const student = page.getByRole('region', { name: 'Student Details' });
  await expect(student).toContainText(s.name);
  await expect(student).toContainText(s.email);
  await expect(student).toContainText('9830012345');
  await expectAccessible(page);

  const amount = page.getByLabel('Amount to pay (₹)');
  await expect(amount).toHaveAttribute('min', '1');
  await expect(amount).toHaveAttribute('max', String(course.price));
  await amount.fill('');
  await expect(page.getByRole('button', { name: 'Pay with Paytm' })).toBeDisabled();
  await amount.fill('0');
  await page.getByRole('button', { name: 'Pay with Paytm' }).click();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();

  await amount.fill('5000');
  await page.getByLabel('Installment').selectOption({ label: '2nd' });
  await page.getByRole('button', { name: 'Pay with Paytm' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
  await expect(page.getByText('₹5,000', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/success\?orderId=ORD_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const details = page.locator('dl');
  await expect(details).toContainText(`Order ID${orderId}`);
  await expect(details).toContainText(/Transaction ID\s*SBXTXN\w+/);
  await expect(details).toContainText('CourseCLAT Preparation');
  await expect(details).toContainText('Amount Paid₹5,000');
  await expect(details).toContainText('Payment MethodPaytm');
  await expect(details).toContainText('Installment2nd');
  await expect(page.getByText('A confirmation email has been sent to your registered email address.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/student/dashboard');
  await expect(page.getByRole('link', { name: 'View Payment History' })).toHaveAttribute('href', '/student/payments');
  await expectAccessible(page);

  // The history (at /student/payments) and the summary know it.
  await page.getByRole('link', { name: 'View Payment History' }).click();
  await expect(page.getByRole('list', { name: 'Payments' }).getByRole('listitem').first()).toContainText('Installment: 2nd');
  await page.goto('/payment/admission');
  await expect(page.getByRole('region', { name: 'Admission Details' })).toContainText('Paid so far₹5,000');
  // The 5,000 goes to the installment due first: the form offers what is left of the 1st.
  await expect(page.getByLabel('Installment')).toHaveValue('1');
  await expect(page.getByLabel('Amount to pay (₹)')).toHaveValue(String(course.price / 4 - 5000));

  // The dashboard's payment summary (GET /api/payments/student): figures, status and the schedule.
  await page.goto('/student/dashboard');
  const fees = page.getByRole('region', { name: 'Fees and payments' });
  await expect(fees).toContainText(`Total fees${inr(course.price)}`);
  await expect(fees).toContainText('Paid₹5,000');
  await expect(fees).toContainText(`Pending${inr(course.price - 5000)}`);
  await expect(fees).toContainText('Partial');
  const rows = fees.getByRole('table', { name: 'Installment schedule' }).getByRole('row');
  await expect(rows).toHaveCount(5); // header + 1st, 2nd, 3rd, Final
  // 1st is due on the day of admission (today): pending, not overdue; 5,000 does not cover the 2nd.
  await expect(rows.nth(1)).toContainText(`1st${inr(course.price / 4)}${day(new Date())}Pending`);
  await expect(rows.nth(4)).toContainText('Final');
  await expect(fees.getByRole('link', { name: 'Pay Installment' })).toHaveAttribute('href', '/payment/admission');
  await expectAccessible(page);
});
test('a declined installment lands on /payment/failed with the gateway message and help', async ({ page }) => {
  const s = await admitStudent(page.request, { name: `Payer ${stamp()}` });
  await openInstallmentPage(page, s);
  await page.getByLabel('Amount to pay (₹)').fill('2500');
  await page.getByRole('button', { name: 'Pay with Paytm' }).click();
  await page.getByRole('button', { name: 'Fail', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/failed\?orderId=ORD_\w+&error=payment_failed/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  const details = page.locator('dl');
  await expect(details).toContainText('CourseCLAT Preparation');
  await expect(details).toContainText('Amount₹2,500');
  await expect(details).toContainText('StatusFailed');
  await expect(details).toContainText('Gateway messageYour payment has been declined by your bank.');
  await expect(page.getByText(/There was an error processing the payment callback/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/payment/admission');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/student/dashboard');
  const help = page.getByRole('complementary', { name: 'Need help?' });
  // The institute's contacts come from its settings: the seeded phone, and never a placeholder e-mail.
  await expect(help.getByRole('link', { name: '+91 33 2550 1201' })).toHaveAttribute('href', 'tel:+913325501201');
  await expect(help.getByRole('link', { name: /lawcoaching\.local/ })).toHaveCount(0);
  await expectAccessible(page);

  const declinedUrl = new URL(page.url());

  await page.goto('/payment/failed?orderId=ORD_UNKNOWN&error=callback_failed');
  await expect(
    page.getByText('There was an error processing the payment callback. If money was deducted from your account, please contact support.'),
  ).toBeVisible();

  // /payment/success states success only for a completed payment of one's own: the declined order (back
  // button, bookmark), an unknown order and no order at all show the failed or unknown state.
  const declinedOrder = declinedUrl.searchParams.get('orderId') ?? '';
  await page.goto(`/payment/success?orderId=${declinedOrder}`);
  await expect(page.getByRole('heading', { name: 'Payment Not Completed' })).toBeVisible();
  await expect(page.getByText('A confirmation email has been sent', { exact: false })).toHaveCount(0);
  for (const url of ['/payment/success?orderId=ORD_UNKNOWN', '/payment/success']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Payment Status Unknown' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
    await expect(page.getByText('A confirmation email has been sent', { exact: false })).toHaveCount(0);
  }
  await expectAccessible(page);
});
test('an admin verifies an offline payment and refunds a completed one; the tiles follow', async ({ page }) => {
  test.slow();
  const clat = await clatCourse(page.request);
  // The offline payment is for another course: once CLAT is paid, its fee cannot be paid (nor verified) again.
  const other = ((await (await page.request.get('/api/courses')).json()) as { _id: string; name: string; price: number }[]).find(
    (c) => c.name !== 'CLAT Preparation',
  )!;
  const course = other;
  const s = await admitStudent(page.request, { name: `Payer ${stamp()}` });
  const token = await apiToken(page.request, s.email, s.password);
  const order = (method: 'offline' | 'gateway', courseId = clat._id) =>
    page.request.post('/api/payments/orders', { headers: bearer(token), data: { courseId, method } }).then((r) => r.json());
  // An offline payment (pending), an abandoned checkout (pending) and a paid gateway payment (completed).
  await order('offline', other._id);
  await order('gateway');
  const paid = await order('gateway');
  const answer = await (await page.request.post(paid.checkout.url, { headers: bearer(token), data: { action: 'pay' } })).json();
  const verified = await page.request.post('/api/payments/verify', {
    headers: bearer(token),
    data: { orderId: answer.orderId, paymentId: answer.paymentId, signature: answer.signature },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { name: 'Payment Management' })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: s.email });
  await expect(rows).toHaveCount(3);
  await expectAccessible(page);
  const before = await readTiles(page);

  // Verify exists only on pending rows, Refund only on completed ones.
  const offline = rows.filter({ hasText: 'Offline' });
  const online = rows.filter({ hasText: 'Online' });
  const completed = online.filter({ hasText: 'Completed' });
  const abandoned = online.filter({ hasText: 'Pending' });
  await expect(offline.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await expect(completed.getByRole('button', { name: /^Verify/ })).toHaveCount(0);

  // The gateway never received the abandoned checkout: Verify is refused with the server's reason.
  await abandoned.getByRole('button', { name: /^Verify/ }).click();
  await page.getByRole('dialog', { name: 'Verify this payment?' }).getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The gateway has not received this payment.')).toBeVisible();
  await expect(abandoned).toContainText('Pending');

  await offline.getByRole('button', { name: /^Verify/ }).click();
  await page.getByRole('dialog', { name: 'Verify this payment?' }).getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Payment verified and marked as completed.')).toBeVisible();
  await expect(offline).toContainText('Completed');
  await expect(offline.getByRole('button', { name: /^Refund/ })).toBeVisible();
  await expect
    .poll(() => readTiles(page))
    .toEqual({
      ...before,
      revenue: before.revenue + course.price,
      pending: before.pending - course.price,
      successful: before.successful + 1,
    });

  const afterVerify = await readTiles(page);
  await completed.getByRole('button', { name: /^Refund/ }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund this payment?' });
  await expect(refundDialog.getByLabel(/^Refund amount/)).toHaveValue(String(clat.price));
  await refundDialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Payment refunded.')).toBeVisible();
  const refunded = online.filter({ hasText: 'Refunded' });
  await expect(refunded.getByRole('button')).toHaveCount(0);
  await expect(refunded.getByRole('link', { name: /^View/ })).toBeVisible();
  await expect
    .poll(() => readTiles(page))
    .toEqual({ ...afterVerify, revenue: afterVerify.revenue - clat.price, successful: afterVerify.successful - 1 });

  // A part of a payment: ₹1 of the offline one; it stays completed for the rest.
  await offline.getByRole('button', { name: /^Refund/ }).click();
  await page
    .getByRole('dialog', { name: 'Refund this payment?' })
    .getByLabel(/^Refund amount/)
    .fill(String(course.price + 1));
  await page.getByRole('dialog', { name: 'Refund this payment?' }).getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('dialog', { name: 'Refund this payment?' }).getByRole('alert')).toContainText(
    `The refund can be at most ${inr(course.price)}`,
  );
  await page
    .getByRole('dialog', { name: 'Refund this payment?' })
    .getByLabel(/^Refund amount/)
    .fill('1');
  await page.getByRole('dialog', { name: 'Refund this payment?' }).getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(`${inr(1)} refunded.`)).toBeVisible();
  await expect(offline).toContainText('Completed');
  await expect.poll(async () => (await readTiles(page)).revenue).toBe(afterVerify.revenue - clat.price - 1);

  // The status filter and the detail page with its history of state changes.
  await page.getByLabel('Filter by status').selectOption('refunded');
  await expect(page.getByRole('row').filter({ hasText: s.email })).toHaveCount(1);
  await page.getByRole('row').filter({ hasText: s.email }).getByRole('link', { name: /^View/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  // The toast is gone before axe looks (a toast fading in reads as low contrast).
  await expect(page.getByText('Payment refunded.')).toBeHidden();
  const log = page.getByRole('list', { name: 'State changes' });
  await expect(log.getByRole('listitem')).toHaveCount(3);
  await expect(log.getByRole('listitem').nth(1)).toContainText('Paid: confirmed with the gateway');
  await expect(log.getByRole('listitem').nth(2)).toContainText(/Refunded by .+ through sandbox/);
  await expectAccessible(page);
});
