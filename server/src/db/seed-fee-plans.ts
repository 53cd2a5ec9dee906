import { indiaDayOf } from '@app/common/rules/dates';
import { addMonths, type FeePlan } from '@app/common/rules/fee-plans';

// Demo fee plans (docs/product.md section 11, "Fee plans"), so a new user sees plans other than the
// default four monthly installments: the judiciary course, eight months long, is paid monthly in eight;
// the AILET course in three installments on dates the institute set, the 10th of each of the three months
// after the demo was seeded. The other demo courses keep the default.

export function demoFeePlan(courseName: string, now = new Date()): FeePlan | undefined {
  if (courseName === 'Judiciary Exam') return { installments: 8 };
  if (courseName === 'AILET Preparation') {
    const tenth = `${indiaDayOf(now).slice(0, 8)}10`;
    return { installments: 3, dueDates: [1, 2, 3].map((m) => addMonths(tenth, m)) };
  }
  return undefined;
}
