import { blankAsMissing, email, text } from '@app/common/schemas/fields';
import { type guardianInput, PARENT_MSG, parentPhone } from '@app/common/schemas/parents';
import { z } from 'zod';
import { GUARDIAN_FIELDS, type GuardianFlat } from './guardian-flat.ts';

type GuardianOut = z.output<typeof guardianInput>;

// The guardians of the admission forms (docs/product-parents.md "Guardians"): the light form's fields are flat
// (guardian1Name, guardian1Relation, ...), the request sends `guardians: [...]`. Loaded with the form's schema,
// after the first render, like the rest of the validation (web/src/lib/light-form.tsx).

type AdmissionsModule = typeof import('@app/common/schemas/admissions');
/** The /admission-request form: a guardian may be given. */
export const requestFormSchema = (m: AdmissionsModule) => withGuardians(z.object(m.admissionRequestFields), false);

/** The Application Form: a parent or guardian is asked for. */
export const applicationFormSchema = (m: AdmissionsModule) =>
  withGuardians(
    // The emergency contact's place is the guardian's fields.
    z
      .object({ ...m.admissionRequestFields, ...m.applicationFields })
      .omit({ emergencyContactName: true, emergencyContactRelation: true, emergencyContactPhone: true }),
    true,
  );

const optionalText = (label: string, max: number) => blankAsMissing(text(label, max).optional());

/** One guardian's flat fields: required (the application's first guardian) or given only when any is filled. */
const guardianFields = (i: 1 | 2, required: boolean) => ({
  [`guardian${i}Name`]: required ? text('Guardian name', 120) : optionalText('Guardian name', 120),
  [`guardian${i}Relation`]: required ? text('Relation', 60) : optionalText('Relation', 60),
  [`guardian${i}Phone`]: blankAsMissing(parentPhone.optional()),
  [`guardian${i}Email`]: blankAsMissing(email.optional()),
});

type Flat = Record<string, string | undefined>;
const pick = (v: Flat, i: 1 | 2) => ({
  name: v[`guardian${i}Name`],
  relation: v[`guardian${i}Relation`],
  phone: v[`guardian${i}Phone`],
  email: v[`guardian${i}Email`],
});
const isBlank = (g: ReturnType<typeof pick>) => Object.values(g).every((x) => x === undefined);

/**
 * The form's schema with the guardian fields: `firstRequired` on the Application Form (a parent or guardian is
 * asked for there); the second guardian, and the request form's first, only when any of its fields is filled.
 * The output carries `guardians` (1-2, or none) in place of the flat fields.
 */
export function withGuardians<S extends z.ZodObject>(
  base: S,
  firstRequired: boolean,
): z.ZodType<z.output<S> & { guardians?: GuardianOut[] }, z.input<S> & GuardianFlat> {
  const schema = base
    .extend({ ...guardianFields(1, firstRequired), ...guardianFields(2, false) })
    .superRefine((raw, ctx) => {
      const v = raw as Flat;
      for (const i of [1, 2] as const) {
        const g = pick(v, i);
        if (isBlank(g) && !(i === 1 && firstRequired)) continue;
        if (g.name === undefined) ctx.addIssue({ code: 'custom', path: [`guardian${i}Name`], message: 'Guardian name is required' });
        if (g.relation === undefined) ctx.addIssue({ code: 'custom', path: [`guardian${i}Relation`], message: 'Relation is required' });
        if (g.phone === undefined && g.email === undefined)
          ctx.addIssue({ code: 'custom', path: [`guardian${i}Phone`], message: PARENT_MSG.guardianContactRequired });
      }
    })
    .transform((raw) => {
      const v = raw as Flat;
      const rest: Flat = { ...v };
      for (const i of [1, 2]) for (const f of GUARDIAN_FIELDS) delete rest[`guardian${i}${f}`];
      const guardians = ([1, 2] as const)
        .map((i) => pick(v, i))
        .filter((g) => !isBlank(g))
        .map((g): GuardianOut => ({ name: g.name ?? '', relation: g.relation ?? '', phone: g.phone, email: g.email }));
      return { ...(rest as unknown as z.output<S>), guardians: guardians.length > 0 ? guardians : undefined };
    });
  return schema as unknown as z.ZodType<z.output<S> & { guardians?: GuardianOut[] }, z.input<S> & GuardianFlat>;
}
