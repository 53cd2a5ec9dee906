import type { Page } from '@playwright/test';
import { formatDate } from '../common/src/rules/dates.ts';
import type { Student } from './builders.ts';
import { expect, signIn } from './fixtures.ts';

// Shared by the payment journeys (payments-gateway, payments-dashboard).

/** docs/product.md section 9: rupees in Indian formatting; paise only when there are some (₹25,000, ₹1,234.50). */
export const inr = (n: number) =>
  `₹${n.toLocaleString('en-IN', Number.isInteger(n) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const day = (d: Date) => formatDate(d);

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
