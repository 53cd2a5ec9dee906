import * as admissions from '@app/common/schemas/admissions';
import { PARENT_MSG } from '@app/common/schemas/parents';
import { describe, expect, it } from 'vitest';
import { emptyGuardianFields } from './guardian-flat.ts';
import { applicationFormSchema, requestFormSchema } from './guardian-schema.ts';

// The admission forms' guardian fields (docs/product-parents.md "Guardians"): flat in the form, sent as
// `guardians: [...]`; the Application Form asks for one, the request form takes one when given.

const request = {
  fullName: 'Asha Roy',
  email: 'asha@test.local',
  phone: '9830012345',
  address: '4 Lake Road, Kolkata',
  education: 'Class 12',
  course: '0b6f7a1e-3c1d-4a8e-9d3f-2b7c5e9a1f00',
  centre: 'dumdum',
  reason: 'CLAT',
};
const application = {
  ...request,
  batchPreference: 'EVENING',
  lastQualification: 'Class 12',
  institution: 'St. Xavier',
  yearOfPassing: '2025',
  percentage: '88.5',
};
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the guardian fields of the admission forms', () => {
  it('the Application Form asks for a parent or guardian, with a phone or an e-mail', () => {
    const schema = applicationFormSchema(admissions);
    expect(issues(schema.safeParse({ ...application, ...emptyGuardianFields }))).toMatchObject({
      guardian1Name: 'Guardian name is required',
      guardian1Relation: 'Relation is required',
    });
    const noContact = schema.safeParse({ ...application, ...emptyGuardianFields, guardian1Name: 'Ravi Roy', guardian1Relation: 'Father' });
    expect(issues(noContact)).toEqual({ guardian1Phone: PARENT_MSG.guardianContactRequired });
    expect(
      issues(
        schema.safeParse({
          ...application,
          ...emptyGuardianFields,
          guardian1Name: 'Ravi',
          guardian1Relation: 'Father',
          guardian1Phone: '123',
        }),
      ),
    ).toEqual({
      guardian1Phone: PARENT_MSG.phoneInvalid,
    });
  });

  it('sends guardians in place of the flat fields, the mobile as +91 and a blank second guardian left out', () => {
    const out = applicationFormSchema(admissions).parse({
      ...application,
      ...emptyGuardianFields,
      guardian1Name: 'Ravi Roy',
      guardian1Relation: 'Father',
      guardian1Phone: '98300 11111',
    }) as Record<string, unknown>;
    expect(out.guardians).toEqual([{ name: 'Ravi Roy', relation: 'Father', phone: '+919830011111', email: undefined }]);
    expect(Object.keys(out).filter((k) => k.startsWith('guardian1') || k.startsWith('emergency'))).toEqual([]);
  });

  it('the request form takes no guardian, or a second one only in full', () => {
    const schema = requestFormSchema(admissions);
    expect((schema.parse({ ...request, ...emptyGuardianFields }) as Record<string, unknown>).guardians).toBeUndefined();
    const half = schema.safeParse({
      ...request,
      ...emptyGuardianFields,
      guardian1Name: 'Ravi Roy',
      guardian1Relation: 'Father',
      guardian1Email: 'ravi@test.local',
      guardian2Phone: '9830022222',
    });
    expect(issues(half)).toMatchObject({ guardian2Name: 'Guardian name is required', guardian2Relation: 'Relation is required' });
  });
});
