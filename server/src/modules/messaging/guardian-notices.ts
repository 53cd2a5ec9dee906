import { INSTITUTE_NAME as INSTITUTE } from '@app/common/constants';
import { formatDate, formatDay, formatINR, toRupees } from '@app/common';
import type { Notice } from './notices.ts';

// The texts of the alerts to a student's guardians (docs/product-parents.md "Alerts"): an e-mail, a short
// text for SMS and WhatsApp's text mode, and the WhatsApp template. Each names the child, so a parent of
// two children knows whom it is about (and staff see a child's alerts by the name: guardians/alerts.ts).

const rupees = (paise: number) => formatINR(toRupees(paise));
const dear = (parent: string) => `Dear ${parent || 'Parent'},`;

export function guardianAbsenceNotice(p: {
  parent: string;
  child: string;
  date: string;
  classes: { subject: string; time: string }[];
}): Notice {
  const when = formatDay(p.date);
  const list = p.classes.map((c) => `${c.subject} at ${c.time}`).join(', ');
  return {
    kind: 'guardian-absence',
    subject: `${INSTITUTE}: ${p.child} was absent on ${when}`,
    lines: [
      dear(p.parent),
      '',
      `${p.child} was marked absent on ${when} from: ${list}.`,
      'If you have any questions, please speak to the centre.',
      '',
      INSTITUTE,
    ],
    short: `${INSTITUTE}: ${p.child} was marked absent on ${when} from ${list}.`,
    template: { name: 'guardian_absent', params: [p.child, when, list] },
  };
}

export function guardianResultNotice(p: {
  parent: string;
  child: string;
  exam: string;
  marksObtained: number;
  totalMarks: number;
  rank: number | null;
  candidates: number | null;
}): Notice {
  const score = `${p.marksObtained}/${p.totalMarks}`;
  const rank = p.rank === null ? '' : `, rank ${p.rank}${p.candidates ? ` of ${p.candidates}` : ''}`;
  return {
    kind: 'guardian-results',
    subject: `${INSTITUTE}: ${p.child}'s result in ${p.exam}`,
    lines: [dear(p.parent), '', `The results of ${p.exam} are out: ${p.child} scored ${score}${rank}.`, '', INSTITUTE],
    short: `${INSTITUTE}: ${p.child} scored ${score}${rank} in ${p.exam}.`,
    template: { name: 'guardian_result', params: [p.child, p.exam, score, p.rank === null ? '-' : String(p.rank)] },
  };
}

export function guardianFeeNotice(p: {
  parent: string;
  child: string;
  course: string;
  installment: number;
  amountPaise: number;
  dueDate: Date;
  /** Null: due in three days; else the overdue reminder's number. */
  reminder: number | null;
}): Notice {
  const when = formatDate(p.dueDate);
  const what = `Installment ${p.installment} of ${p.child}'s ${p.course} fee, ${rupees(p.amountPaise)},`;
  const overdue = p.reminder !== null;
  return {
    kind: overdue ? 'guardian-fee-overdue' : 'guardian-fee-due',
    subject: overdue
      ? `${INSTITUTE}: ${p.child}'s fee installment overdue since ${when}`
      : `${INSTITUTE}: ${p.child}'s fee installment due on ${when}`,
    lines: [
      dear(p.parent),
      '',
      overdue ? `${what} was due on ${when} and is not paid yet.` : `${what} is due on ${when}.`,
      'You can pay it from the parent area, or at the counter of the centre.',
      '',
      'If it is already paid, please ignore this message.',
      '',
      INSTITUTE,
    ],
    short: overdue
      ? `${INSTITUTE}: installment ${p.installment} of ${p.child}'s fee (${rupees(p.amountPaise)}) was due on ${when} and is overdue.`
      : `${INSTITUTE}: installment ${p.installment} of ${p.child}'s fee (${rupees(p.amountPaise)}) is due on ${when}.`,
    template: {
      name: overdue ? 'guardian_fee_overdue' : 'guardian_fee_due',
      params: [p.child, String(p.installment), rupees(p.amountPaise), when],
    },
  };
}

export function guardianPaymentNotice(p: { parent: string; child: string; course: string; amountPaise: number; receipt: string }): Notice {
  return {
    kind: 'guardian-payment',
    subject: `Payment received for ${p.child}: ${p.receipt}`,
    lines: [
      dear(p.parent),
      '',
      `We have received ${rupees(p.amountPaise)} for ${p.child}'s ${p.course} (receipt ${p.receipt}).`,
      'The receipt is attached; you can also download it from the parent area.',
      '',
      INSTITUTE,
    ],
    short: `${INSTITUTE}: we have received ${rupees(p.amountPaise)} for ${p.child}'s ${p.course}. Receipt ${p.receipt}.`,
    template: { name: 'guardian_payment_received', params: [p.child, rupees(p.amountPaise), p.receipt] },
    transactional: true,
  };
}

/** One child's week in the digest. */
export type DigestChild = {
  name: string;
  held: number;
  present: number;
  exams: { title: string; score: string | null }[];
  duePaise: number;
};

export function guardianDigestNotice(p: { parent: string; weekOf: string; children: DigestChild[] }): Notice {
  const week = formatDay(p.weekOf);
  const lineOf = (c: DigestChild) => {
    const attendance = c.held > 0 ? `attended ${c.present} of ${c.held} classes` : 'no classes';
    const exams =
      c.exams.length > 0
        ? `; mocks: ${c.exams.map((e) => (e.score ? `${e.title} ${e.score}` : `${e.title} (result awaited)`)).join(', ')}`
        : '';
    const dues = c.duePaise > 0 ? `; fees due ${rupees(c.duePaise)}` : '';
    return `${c.name}: ${attendance}${exams}${dues}.`;
  };
  const names = p.children.map((c) => c.name).join(', ');
  return {
    kind: 'guardian-digest',
    subject: `${INSTITUTE}: the week of ${week} for ${names}`,
    lines: [dear(p.parent), '', `The week from ${week}:`, ...p.children.map(lineOf), '', INSTITUTE],
    short: `${INSTITUTE}: week of ${week}. ${p.children.map(lineOf).join(' ')}`,
    template: { name: 'guardian_weekly_digest', params: [week, p.children.map(lineOf).join(' ')] },
  };
}
