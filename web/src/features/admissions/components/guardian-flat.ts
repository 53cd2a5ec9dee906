// The admission forms' guardian fields, flat as the light form holds them (guardian1Name, guardian1Relation,
// ...): no zod here, so the forms' first render does not load it (web/src/lib/light-form.tsx).

export const GUARDIAN_FIELDS = ['Name', 'Relation', 'Phone', 'Email'] as const;
export type GuardianFlat = {
  [K in `guardian${1 | 2}${(typeof GUARDIAN_FIELDS)[number]}`]?: string;
};
export const emptyGuardianFields: GuardianFlat = Object.fromEntries(
  [1, 2].flatMap((i) => GUARDIAN_FIELDS.map((f) => [`guardian${i}${f}`, ''])),
) as GuardianFlat;
