import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, signIn, test } from './fixtures.ts';
import { admitStudent, requestAdmission, type Student, stamp } from './builders.ts';

// Phone layouts: no page scrolls sideways at 360 px or wider, even with a long course name and the
// "Kasba/Ballygunge Centre"; the students and admission request lists are cards on a phone with every
// action on screen. Desktop journeys (the other spec files) keep the tables.

// Short (base 36), as the names and e-mails below carry it: the layout is checked with ordinary lengths.
const tag = `L${Number(stamp()).toString(36)}`;
const LONG_COURSE = `Five-Year Integrated B.A. LL.B. (Hons) Entrance Foundation Programme with Weekend Mock Tests ${tag}`;

type Made = { student: Student; pending: { name: string; id: string } };

/** A course with a long name, one approved student and one pending request at the Kasba/Ballygunge Centre. */
async function setUp(request: APIRequestContext): Promise<Made> {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const course = await request.post('/api/courses', {
    headers: bearer(token),
    data: {
      name: LONG_COURSE,
      description: 'A long course name on a phone.',
      price: 45000,
      feeType: 'full',
      duration: '12 months',
      features: ['Mock tests'],
    },
  });
  expect(course.status()).toBe(201);
  const courseId = (await course.json())._id as string;
  // At the Kasba/Ballygunge Centre, with a long address.
  const applicant = (first: string) => ({
    name: `${first} ${tag}`,
    email: `${first.toLowerCase()}-${tag.toLowerCase()}@e2e.local`,
    course: courseId,
    centre: 'kasba',
    address: '45 Rashbehari Connector, Kasba, Kolkata',
  });
  const student = await admitStudent(request, applicant('Sudeshna'), token);
  const pending = await requestAdmission(request, applicant('Anindita'));
  return { student, pending };
}

/** The page is loaded (no spinner left) and is no wider than the viewport. */
async function expectNoSideScroll(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
    const clientWidth = document.documentElement.clientWidth;
    // The innermost element that reaches furthest right, named, so a failure says what to mend.
    let widest = '';
    let right = clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect().right;
      if (r > right + 0.5 || (r >= right - 0.5 && r > clientWidth && el.children.length === 0)) {
        right = r;
        widest = `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 4).join('.')} "${(el.textContent ?? '').trim().slice(0, 60)}"`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth, widest };
  });
  expect.soft(scrollWidth, `${path} is ${scrollWidth - clientWidth} px wider than the screen: ${widest}`).toBeLessThanOrEqual(clientWidth);
}

/** Every element matched is fully inside the viewport's width. */
async function expectWithinWidth(page: Page, names: string[]) {
  const width = page.viewportSize()!.width;
  for (const name of names) {
    const target = page.getByRole('button', { name }).or(page.getByRole('link', { name }));
    await expect(target).toBeVisible();
    const box = (await target.boundingBox())!;
    expect(box.x, `${name} starts off-screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends off-screen`).toBeLessThanOrEqual(width);
  }
}

test.describe('phone layouts', () => {
  // The admin walk opens fourteen pages; on a loaded two-core machine that takes more than the default 2 minutes.
  test.describe.configure({ timeout: 300_000 });
  let made: Made;
  test.beforeAll(async ({ request }) => {
    made = await setUp(request);
  });

  test('no admin page scrolls sideways at 360 px', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password); // the welcome line is in the phone's closed menu
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/admin/dashboard',
      '/admin/students',
      `/admin/students/${made.student.id}`,
      '/admin/admissions',
      `/admin/admissions/${made.pending.id}`,
      '/admin/enquiries',
      '/admin/enquiries/funnel',
      '/admin/exams',
      '/admin/submissions',
      '/admin/courses',
      '/admin/announcements',
      '/admin/site',
      '/admin/payments',
      '/admin/audit',
      '/admin/settings',
      '/admin/materials',
      '/admin/create-admin',
      '/admin/notifications/broadcast',
      '/admin/notifications/outbox',
    ]) {
      await expectNoSideScroll(page, path);
    }
    // The long course name and the centre are on the dashboard, whole.
    await page.goto('/admin/dashboard');
    await expect(page.getByText(LONG_COURSE).first()).toBeVisible();
  });

  test('no student page scrolls sideways at 360 px', async ({ page }) => {
    await signIn(page, made.student.email, made.student.password);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/student/dashboard',
      '/student/results',
      '/student/materials',
      '/student/admission',
      '/student/payment',
      '/payment/admission',
    ]) {
      await expectNoSideScroll(page, path);
    }
  });

  test('students and admission requests are cards on a phone with every action on screen', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/admin/students?search=${encodeURIComponent(made.student.name)}`);
    const students = page.getByRole('list', { name: 'Students' });
    await expect(students.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    const s = made.student.name;
    await expectWithinWidth(page, [`View ${s}`, `Email ${s}`, `Deactivate ${s}`, `Reset Pwd: ${s}`, `Delete ${s}`]);

    await page.goto('/admin/admissions');
    const card = page.getByRole('list', { name: 'Admission requests' }).getByRole('listitem').filter({ hasText: made.pending.name });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Kasba/Ballygunge Centre')).toBeVisible();
    const p = made.pending.name;
    await expectWithinWidth(page, [`View ${p}`, `Approve ${p}`, `Reject ${p}`, `Delete ${p}`]);
  });
});
