import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

// Shared by the admissions test files: an app with an active and an inactive course, and admission forms.

/** A test app with the course an applicant picks, and one that is no longer offered. */
export async function startAdmissionsApp() {
  const t = await createTestApp();
  const course = { description: 'Law entrance', price: 25000, feeType: 'full', duration: '6 months', features: ['Mocks'] };
  const courseId: string = (await t.admin.post('/api/courses', { ...course, name: 'CLAT Preparation' })).json()._id;
  const inactiveCourseId: string = (await t.admin.post('/api/courses', { ...course, name: 'Old Course', isActive: false })).json()._id;
  return { t, courseId, inactiveCourseId };
}

let n = 0;
/** The enquiry form, under an e-mail of its own. */
export const formFor = (courseId: string, patch: Record<string, unknown> = {}) => ({
  fullName: 'Asha Kumari Roy',
  email: `applicant${++n}-${Date.now()}@example.com`,
  phone: '+91 98300 11111',
  address: '1 Park Street, Kolkata',
  education: 'Class 12',
  course: courseId,
  centre: 'kasba',
  reason: 'I want to crack CLAT',
  ...patch,
});

/** The Application Form answers. */
export const application = {
  applicationForm: true,
  batchPreference: 'WEEKEND',
  lastQualification: 'Class 12',
  institution: 'St. Xavier School',
  yearOfPassing: 2025,
  percentage: 91.5,
  emergencyContactName: 'Ritu Roy',
  emergencyContactRelation: 'Mother',
  emergencyContactPhone: '9830022222',
};

/** Submits a form as a visitor and answers the stored request. */
export async function submitAs(t: TestApp, courseId: string, patch: Record<string, unknown> = {}) {
  const res = await t.visitor.post('/api/admission-requests', formFor(courseId, patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request as { _id: string; email: string };
}
