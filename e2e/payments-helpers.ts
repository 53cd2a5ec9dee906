import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, signIn } from './fixtures.ts';

// Shared by the payment journeys (payments-gateway, payments-dashboard). Other spec files share the server:
// e-mails are unique. The process id keeps two payment files starting in the same millisecond apart.

const stamp = `${Date.now()}-${process.pid}`;
let seq = 0;

/** docs/product.md section 9: rupees in Indian formatting; paise only when there are some (₹25,000, ₹1,234.50). */
export const inr = (n: number) =>
  `₹${n.toLocaleString('en-IN', Number.isInteger(n) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const day = (d: Date) =>
  d.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });

export async function clatCourse(request: APIRequestContext) {
  const res = await request.get('/api/courses');
  const course = ((await res.json()) as { _id: string; name: string; price: number }[]).find((c) => c.name === 'CLAT Preparation');
  expect(course).toBeTruthy();
  return course!;
}

export type Student = { name: string; email: string; password: string };

/** A student made the way the institute makes them: an admission request approved by an admin (CLAT, Dumdum). */
export async function createStudent(request: APIRequestContext): Promise<Student> {
  seq += 1;
  const name = `Payer${seq} Das`;
  const email = `payer${seq}.${stamp}@e2e-payments.local`;
  const course = await clatCourse(request);
  const created = await request.post('/api/admission-requests', {
    data: {
      fullName: name,
      email,
      phone: '9830012345',
      address: '4 Lake Road, Kolkata',
      education: 'Class 12',
      course: course._id,
      centre: 'dumdum',
      reason: 'Preparing for CLAT',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { request: req } = await created.json();
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const approved = await request.patch(`/api/admission-requests/admin/${req._id}/approve`, { headers: bearer(admin), data: {} });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return { name, email, password: (await approved.json()).user.temporaryPassword };
}

export async function openInstallmentPage(page: Page, s: Student) {
  await signIn(page, s.email, s.password);
  await page.goto('/payment/admission');
  await expect(page.getByRole('heading', { name: 'Course Payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with Paytm' })).toBeVisible();
}

/** The five tiles as numbers (rupee amounts without their formatting). */
export async function readTiles(page: Page) {
  const list = page.getByRole('list', { name: 'Payment figures' });
  await expect(list).toBeVisible();
  const read = async (label: string) => {
    const text = await list.getByRole('listitem').filter({ hasText: label }).locator('p').nth(1).textContent();
    return Number((text ?? '').replace(/[^\d.]/g, ''));
  };
  return {
    revenue: await read('Total Revenue'),
    pending: await read('Pending'),
    total: await read('Total Transactions'),
    successful: await read('Successful'),
    failed: await read('Failed'),
  };
}
