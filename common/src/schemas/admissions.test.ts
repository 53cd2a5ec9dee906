import { describe, expect, it } from 'vitest';
import { admissionDecisionBody, admissionRequestBody, applicationForm } from './admissions.ts';

const base = {
  fullName: 'Asha Roy',
  email: 'Asha@Example.com',
  phone: '+91 98300 00000',
  address: '1 Park Street',
  education: 'Class 12',
  course: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  centre: 'dumdum',
  reason: 'CLAT 2027',
};
const application = {
  batchPreference: 'MORNING',
  lastQualification: 'Class 12',
  institution: 'Some School',
  yearOfPassing: '2024',
  percentage: '88.5',
  emergencyContactName: 'Ritu Roy',
  emergencyContactRelation: 'Mother',
  emergencyContactPhone: '9830011111',
};
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('admission request body', () => {
  it('accepts the request form and lower-cases the e-mail', () => {
    const r = admissionRequestBody.safeParse({ ...base, selectedCourse: { id: 'x', name: 'y', price: 1 } });
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('asha@example.com');
  });

  it('requires every request field with a message each', () => {
    const r = admissionRequestBody.safeParse({ fullName: ' ', centre: 'elsewhere' });
    expect(issues(r)).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      address: 'Address is required',
      education: 'Education is required',
      course: 'Please select a course',
      centre: 'Please select a centre',
      reason: 'Reason is required',
    });
  });

  it('requires every application field once one is given or applicationForm is true', () => {
    expect(issues(admissionRequestBody.safeParse({ ...base, applicationForm: true }))).toMatchObject({
      batchPreference: 'Please select a batch preference',
      percentage: 'Percentage is required',
      emergencyContactPhone: 'Emergency contact phone is required',
    });
    expect(Object.keys(issues(admissionRequestBody.safeParse({ ...base, institution: 'X' })))).toHaveLength(7);
    // Blank optional fields on the plain form mean "not given".
    expect(admissionRequestBody.safeParse({ ...base, percentage: '', batchPreference: null }).success).toBe(true);
  });

  it('checks year of passing, percentage range and step, batch preference', () => {
    const ok = admissionRequestBody.safeParse({ ...base, ...application });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ yearOfPassing: 2024, percentage: 88.5 });
    const bad = (patch: object) => issues(admissionRequestBody.safeParse({ ...base, ...application, ...patch }));
    expect(bad({ yearOfPassing: 1999 })).toEqual({ yearOfPassing: 'Year of passing must be between 2000 and 2030' });
    expect(bad({ yearOfPassing: 2031 })).toEqual({ yearOfPassing: 'Year of passing must be between 2000 and 2030' });
    expect(bad({ percentage: 100.1 })).toEqual({ percentage: 'Percentage must be between 0 and 100' });
    expect(bad({ percentage: -1 })).toEqual({ percentage: 'Percentage must be between 0 and 100' });
    expect(bad({ percentage: 70.25 })).toEqual({ percentage: 'Percentage can have at most one decimal place' });
    expect(bad({ batchPreference: 'NIGHT' })).toEqual({ batchPreference: 'Please select a batch preference' });
    expect(bad({ percentage: 0, yearOfPassing: 2000 })).toEqual({});
  });

  it('the Application Form schema requires course and centre too', () => {
    const r = applicationForm.safeParse({ ...base, ...application, course: '', centre: '' });
    expect(issues(r)).toEqual({ course: 'Please select a course', centre: 'Please select a centre' });
  });

  it('decision notes are optional', () => {
    expect(admissionDecisionBody.parse(undefined)).toEqual({ adminNotes: null, noteIsForApplicant: false });
    expect(admissionDecisionBody.parse({ adminNotes: '  ', noteIsForApplicant: true })).toEqual({
      adminNotes: null,
      noteIsForApplicant: false,
    });
    expect(admissionDecisionBody.parse({ adminNotes: ' Approved from dashboard ' })).toEqual({
      adminNotes: 'Approved from dashboard',
      noteIsForApplicant: false,
    });
    expect(admissionDecisionBody.parse({ adminNotes: 'Welcome', noteIsForApplicant: true })).toEqual({
      adminNotes: 'Welcome',
      noteIsForApplicant: true,
    });
  });
});
