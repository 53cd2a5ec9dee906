import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMISSION_REQUEST_FIELDS,
  ANNOUNCEMENT_FIELDS,
  CENTRE_DETAIL_FIELDS,
  CENTRE_FIELDS,
  COURSE_FIELDS,
  EXAM_FIELDS,
  expectFields,
  expectOk,
  expectStringIds,
  QUESTION_FIELDS,
  USER_FIELDS,
} from './contract-support.ts';
import { ADMIN, createTestApp, type TestApp } from './helpers.ts';

// The API contract, walked as one journey through the rows of docs/product.md section 7 (auth, courses,
// announcements, exams, admission requests up to the admitted student's first sign-in), checking
// methods, paths, statuses and that every answer carries at least the fields docs/product.md sections 3 and 7
// name. The rest of the journey: contract-exam.test.ts (taking, evaluating, publishing, results),
// contract-payments.test.ts (payments, the admin's student calls); errors: contract-errors.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const state = { courseId: '', examId: '', requestEmail: `asha-${Date.now()}@example.com`, studentPassword: '' };
const student = () => t.withToken(studentToken);
let studentToken = '';

const coursePayload = {
  name: 'CLAT Preparation',
  description: 'Full CLAT coaching',
  price: 25000,
  feeType: 'full',
  category: 'Entrance',
  duration: '6 months',
  features: ['Mock tests', '', 'Study material'],
};

describe('auth', () => {
  it('POST /api/auth/login → {token, user}', async () => {
    const body = expectOk(await t.visitor.post('/api/auth/login', { email: ADMIN.email, password: ADMIN.password }));
    expect(typeof body.token).toBe('string');
    expectFields(body.user, USER_FIELDS, 'user');
    expect(body.user.role).toBe('admin');
    expect(body.user.fullName).toBe(`${body.user.firstName} ${body.user.lastName}`);
  });

  it('GET /api/auth/profile → {user}, and the user object directly', async () => {
    const body = expectOk(await t.admin.get('/api/auth/profile'));
    expectFields(body.user, USER_FIELDS, 'user');
    expect(body.user.email).toBe(ADMIN.email);
    const { user, ...direct } = body;
    expect(direct).toEqual(user);
  });

  it('POST /api/auth/create-admin → message; the new admin can sign in', async () => {
    const admin = { firstName: 'Nila', lastName: 'Sen', email: 'nila.admin@example.com', password: 'Admin-Two-Pass', phone: '9876500000' };
    const res = await t.admin.post('/api/auth/create-admin', admin);
    expect([200, 201]).toContain(res.statusCode);
    expect(typeof res.json().message).toBe('string');
    const login = expectOk(await t.visitor.post('/api/auth/login', { email: admin.email, password: admin.password }));
    expect(login.user.role).toBe('admin');
  });
});

describe('courses', () => {
  it('POST /api/courses → the saved course', async () => {
    const course = expectOk(await t.admin.post('/api/courses', coursePayload), 201);
    expectFields(course, COURSE_FIELDS, 'course');
    expect(course).toMatchObject({ price: 25000, feeType: 'full', isActive: true, features: ['Mock tests', 'Study material'] });
    expect(typeof course.price).toBe('number');
    state.courseId = course._id;
  });

  it('GET /api/courses (public) and /api/courses/admin → lists', async () => {
    const list = expectOk(await t.visitor.get('/api/courses'));
    expect(Array.isArray(list)).toBe(true);
    expectFields(
      list.find((c: { _id: string }) => c._id === state.courseId),
      COURSE_FIELDS,
      'course',
    );
    const admin = expectOk(await t.admin.get('/api/courses/admin'));
    expect(admin.map((c: { _id: string }) => c._id)).toContain(state.courseId);
  });

  it('PUT /api/courses/{id} → the saved course', async () => {
    const saved = expectOk(await t.admin.put(`/api/courses/${state.courseId}`, { ...coursePayload, price: 26000 }));
    expectFields(saved, COURSE_FIELDS, 'course');
    expect(saved.price).toBe(26000);
  });

  it('DELETE /api/courses/{id} deactivates, PATCH …/restore reactivates, DELETE …/permanent removes', async () => {
    const other = expectOk(await t.admin.post('/api/courses', { ...coursePayload, name: 'AILET Preparation' }), 201);
    expect(expectOk(await t.admin.delete(`/api/courses/${other._id}`)).isActive).toBe(false);
    const publicIds = expectOk(await t.visitor.get('/api/courses')).map((c: { _id: string }) => c._id);
    expect(publicIds).not.toContain(other._id);
    expect(expectOk(await t.admin.patch(`/api/courses/${other._id}/restore`)).isActive).toBe(true);
    expectOk(await t.admin.delete(`/api/courses/${other._id}/permanent`));
    const adminIds = expectOk(await t.admin.get('/api/courses/admin')).map((c: { _id: string }) => c._id);
    expect(adminIds).not.toContain(other._id);
  });
});

describe('announcements', () => {
  const payload = { title: 'Mock test on Sunday', content: 'All students', type: 'exam_schedule', priority: 'high', targetAudience: 'all' };
  let id = '';

  it('POST /api/announcements and PUT /api/announcements/{id} → saved', async () => {
    const saved = expectOk(await t.admin.post('/api/announcements', payload), 201);
    expectFields(saved, ANNOUNCEMENT_FIELDS, 'announcement');
    id = saved._id;
    const updated = expectOk(await t.admin.put(`/api/announcements/${id}`, { ...payload, priority: 'urgent', expiryDate: '' }));
    expect(updated).toMatchObject({ priority: 'urgent', expiryDate: null });
  });

  it('GET /api/announcements?limit=5 and /api/announcements/admin → lists', async () => {
    const list = expectOk(await t.visitor.get('/api/announcements?limit=5'));
    expect(list.length).toBeLessThanOrEqual(5);
    expectFields(
      list.find((a: { _id: string }) => a._id === id),
      ANNOUNCEMENT_FIELDS,
      'announcement',
    );
    expect(expectOk(await t.admin.get('/api/announcements/admin')).map((a: { _id: string }) => a._id)).toContain(id);
  });

  it('DELETE deactivates, PATCH …/restore reactivates, DELETE …/permanent removes', async () => {
    expect(expectOk(await t.admin.delete(`/api/announcements/${id}`)).isActive).toBe(false);
    expect(expectOk(await t.visitor.get('/api/announcements')).map((a: { _id: string }) => a._id)).not.toContain(id);
    expect(expectOk(await t.admin.patch(`/api/announcements/${id}/restore`)).isActive).toBe(true);
    const extra = expectOk(await t.admin.post('/api/announcements', { ...payload, title: 'Gone' }), 201);
    expectOk(await t.admin.delete(`/api/announcements/${extra._id}/permanent`));
    expect(expectOk(await t.admin.get('/api/announcements/admin')).map((a: { _id: string }) => a._id)).not.toContain(extra._id);
  });
});

const examPayload = () => ({
  title: 'CLAT Mock 1',
  description: 'Legal reasoning',
  course: state.courseId,
  duration: 30,
  totalMarks: 10,
  passingMarks: 4,
  instructions: ['Read carefully'],
  questions: [
    { type: 'mcq', question: 'Article 21 protects?', options: ['Life and liberty', 'Property', '', ''], correctAnswer: 0, marks: 4 },
    { type: 'descriptive', question: 'Explain res judicata.', marks: 6 },
  ],
});

describe('exams (admin)', () => {
  it('POST /api/exams → the saved exam with its questions', async () => {
    const exam = expectOk(await t.admin.post('/api/exams', examPayload()), 201);
    expectFields(exam, EXAM_FIELDS, 'exam');
    expect(exam.course.name).toBe('CLAT Preparation');
    expect(exam).toMatchObject({ isActive: true, resultsPublished: false, resultsPublishedAt: null, totalQuestions: 2 });
    for (const q of exam.questions) expectFields(q, QUESTION_FIELDS, 'question');
    expect(exam.questions[0]).toMatchObject({ options: ['Life and liberty', 'Property'], correctAnswer: 0 });
    expect(exam.questions[1].options).toEqual([]);
    state.examId = exam._id;
  });

  it('GET /api/exams and GET /api/exams/{examId}', async () => {
    const list = expectOk(await t.admin.get('/api/exams'));
    const item = list.find((e: { _id: string }) => e._id === state.examId);
    expectFields(item, EXAM_FIELDS, 'exam list item');
    expect('questions' in item || 'questionsCount' in item).toBe(true);
    const one = expectOk(await t.admin.get(`/api/exams/${state.examId}`));
    expectFields(one, [...EXAM_FIELDS, 'questions'], 'exam');
    expectStringIds(one);
  });

  it('PATCH /api/exams/{id} takes the full body or {isActive}; DELETE removes', async () => {
    const saved = expectOk(await t.admin.patch(`/api/exams/${state.examId}`, { ...examPayload(), title: 'CLAT Mock One' }));
    expect(saved.title).toBe('CLAT Mock One');
    expect(expectOk(await t.admin.patch(`/api/exams/${state.examId}`, { isActive: false })).isActive).toBe(false);
    expect(expectOk(await t.admin.patch(`/api/exams/${state.examId}`, { isActive: true })).isActive).toBe(true);
    const other = expectOk(await t.admin.post('/api/exams', { ...examPayload(), title: 'Throwaway' }), 201);
    expectOk(await t.admin.delete(`/api/exams/${other._id}`));
    expect((await t.admin.get(`/api/exams/${other._id}`)).statusCode).toBe(404);
  });
});

describe('admission requests', () => {
  const form = () => ({
    fullName: 'Asha Roy',
    email: state.requestEmail,
    phone: '9876543210',
    address: '12 Lake Road, Kolkata',
    education: 'B.A. LL.B.',
    course: state.courseId,
    centre: 'dumdum',
    reason: 'CLAT 2027',
    selectedCourse: { id: state.courseId, name: 'CLAT Preparation', price: 26000 },
    selectedCentre: { id: 'dumdum', name: 'Dumdum Centre', location: 'Dumdum', address: 'x', phone: 'y' },
  });
  let requestId = '';

  it('GET /api/centres → the three centres', async () => {
    const list = expectOk(await t.visitor.get('/api/centres'));
    expect(list.map((c: { id: string }) => c.id).sort()).toEqual(['dumdum', 'kasba', 'shrirampur']);
    for (const c of list) expectFields(c, CENTRE_FIELDS, 'centre');
  });

  it('POST /api/admission-requests → message', async () => {
    const res = await t.visitor.post('/api/admission-requests', form());
    expect([200, 201]).toContain(res.statusCode);
    expect(typeof res.json().message).toBe('string');
  });

  it('GET /api/admission-requests/status/{email} → the request status', async () => {
    const body = expectOk(await t.visitor.get(`/api/admission-requests/status/${encodeURIComponent(state.requestEmail)}?phone=9876543210`));
    expectFields(body, ['fullName', 'course', 'courseDetails.description', 'courseDetails.price', 'courseDetails.feeType'], 'status');
    expectFields(body, ['createdAt', 'status', 'approvedAt', 'adminNotes'], 'status');
    expect(body).toMatchObject({ fullName: 'Asha Roy', status: 'pending', approvedAt: null, courseDetails: { price: 26000 } });
  });

  it('GET /api/admission-requests/admin?status=pending → {requests}', async () => {
    const body = expectOk(await t.admin.get('/api/admission-requests/admin?status=pending'));
    const request = body.requests.find((r: { email: string }) => r.email === state.requestEmail);
    expectFields(request, ADMISSION_REQUEST_FIELDS, 'admission request');
    expectFields(request, ['selectedCourse.id', 'selectedCourse.name', 'selectedCourse.price'], 'admission request');
    expectFields(request, ['selectedCentre.id', 'selectedCentre.name', 'selectedCentre.location', 'selectedCentre.address'], 'request');
    requestId = request._id;
  });

  it('PATCH …/admin/{id}/approve → user{email, temporaryPassword}, emailSent, emailPreview, notice', async () => {
    const body = expectOk(
      await t.admin.patch(`/api/admission-requests/admin/${requestId}/approve`, { adminNotes: 'Approved from dashboard' }),
    );
    expectFields(body, ['user.email', 'user.temporaryPassword', 'emailSent', 'emailPreview', 'notice'], 'approve answer');
    expect(body.user.email).toBe(state.requestEmail);
    expect(body.user.temporaryPassword.length).toBeGreaterThanOrEqual(16);
    expect(body.emailSent).toBe(true);
    state.studentPassword = body.user.temporaryPassword;
    const status = expectOk(await t.visitor.get(`/api/admission-requests/status/${state.requestEmail}?phone=9876543210`));
    // The dashboard's note is internal: the applicant sees adminNotes only when written for them.
    expect(status).toMatchObject({ status: 'approved', adminNotes: null });
    expect(typeof status.approvedAt).toBe('string');
  });

  it("the Application Form's fields stand on the request (docs/product.md section 3)", async () => {
    const application = {
      batchPreference: 'MORNING',
      lastQualification: 'Class XII',
      institution: 'Hindu School',
      yearOfPassing: 2024,
      percentage: 88.5,
      emergencyContactName: 'Ratna Roy',
      emergencyContactRelation: 'Mother',
      emergencyContactPhone: '9830000001',
    };
    const email = 'form@example.com';
    expectOk(await t.visitor.post('/api/admission-requests', { ...form(), email, applicationForm: true, ...application }), 201);
    const list = expectOk(await t.admin.get('/api/admission-requests/admin?status=pending')).requests;
    expect(list.find((r: { email: string }) => r.email === email)).toMatchObject(application);
  });

  it('PATCH …/reject and DELETE /api/admission-requests/admin/{id}', async () => {
    const email = 'bikram@example.com';
    expectOk(await t.visitor.post('/api/admission-requests', { ...form(), email, fullName: 'Bikram Das' }), 201);
    const pending = expectOk(await t.admin.get('/api/admission-requests/admin?status=pending')).requests;
    const id = pending.find((r: { email: string }) => r.email === email)._id;
    const rejected = expectOk(await t.admin.patch(`/api/admission-requests/admin/${id}/reject`, { adminNotes: 'Rejected from dashboard' }));
    expect(typeof rejected.message).toBe('string');
    const list = expectOk(await t.admin.get('/api/admission-requests/admin?status=rejected')).requests;
    expect(list.map((r: { _id: string }) => r._id)).toEqual([id]);
    expectOk(await t.admin.delete(`/api/admission-requests/admin/${id}`));
    expect(expectOk(await t.admin.get('/api/admission-requests/admin?status=rejected')).requests).toEqual([]);
  });
});

describe('the admitted student', () => {
  it('signs in with the e-mailed credentials; GET /api/auth/profile and /api/admissions/student', async () => {
    const login = expectOk(await t.visitor.post('/api/auth/login', { email: state.requestEmail, password: state.studentPassword }));
    studentToken = login.token;
    expectFields(login.user, USER_FIELDS, 'user');
    expect(login.user).toMatchObject({ role: 'student', firstName: 'Asha', lastName: 'Roy', fullName: 'Asha Roy', centre: 'dumdum' });
    expectFields(login.user.centreDetails, CENTRE_DETAIL_FIELDS, 'centreDetails');
    expectFields(expectOk(await student().get('/api/auth/profile')).user, USER_FIELDS, 'user');
    const admission = expectOk(await student().get('/api/admissions/student'));
    expectFields(admission, ['admissionId', 'course', 'batchYear', 'centre', 'batchPreference', 'admissionDate', 'status'], 'admission');
    expect(admission.status).toBe('APPROVED');
  });
});
