import type { APIRequestContext } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect } from './fixtures.ts';

// Shared by the exam journeys (exams-lifecycle, exams-keyboard-and-phone). Other spec files share the
// server: every title and e-mail made with `stamp` is unique, and each journey file uses its own names.

export const stamp = Date.now();

export type Student = { email: string; password: string };

/** The course the exam journeys set their exams and admissions in. */
export async function firstCourseId(request: APIRequestContext) {
  const courses = await (await request.get('/api/courses')).json();
  return courses[0]._id as string;
}

/** A student account, made the way the institute makes them: an admission request approved by an admin. */
export async function createStudent(request: APIRequestContext, name: string, courseId: string | undefined): Promise<Student> {
  const admin = await apiToken(request, ADMIN.email, ADMIN.password);
  const email = `${name.toLowerCase()}.${stamp}@e2e-exams.local`;
  const created = await request.post('/api/admission-requests', {
    data: {
      fullName: `${name} Sen`,
      email,
      phone: '9876543210',
      address: '12 Park Street, Kolkata',
      education: 'Class 12',
      course: courseId,
      centre: 'dumdum',
      reason: 'Preparing for CLAT',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { request: req } = await created.json();
  const approved = await request.patch(`/api/admission-requests/admin/${req._id}/approve`, { headers: bearer(admin), data: {} });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return { email, password: (await approved.json()).user.temporaryPassword };
}
