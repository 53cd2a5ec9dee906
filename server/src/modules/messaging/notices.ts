import { INSTITUTE_NAME as INSTITUTE } from '@app/common/constants';
import { formatDate, formatDateTime, formatDay, formatINR, toRupees } from '@app/common';
import type { TemplateRef } from '../../db/schema.ts';
import { linesHtml } from '../../lib/escape.ts';

// The messages and their texts (docs/product-notifications.md, "Messages"): an e-mail (subject and
// lines), a short text for SMS and WhatsApp's text mode, and the approved WhatsApp template with its
// body parameters in order.

export type NoticeKind =
  | 'fee-due'
  | 'fee-overdue'
  | 'payment-received'
  | 'results-published'
  | 'exam-tomorrow'
  | 'absent-today'
  | 'admission-approved'
  | 'admission-rejected'
  | 'announcement'
  | 'daily-quiz'
  // To a student's guardians (guardian-notices.ts, docs/product-parents.md "Alerts").
  | 'guardian-absence'
  | 'guardian-results'
  | 'guardian-fee-due'
  | 'guardian-fee-overdue'
  | 'guardian-payment'
  | 'guardian-digest';

export type Notice = {
  kind: NoticeKind;
  subject: string;
  lines: string[];
  short: string;
  template: TemplateRef;
  /** Account and money mail (an admission's decision, a payment) reaches the inbox whatever the student chose. */
  transactional?: boolean;
};

export function emailOf(notice: Notice, to: string) {
  return {
    to,
    subject: notice.subject,
    text: notice.lines.join('\n'),
    html: linesHtml(notice.lines),
  };
}

const rupees = (paise: number) => formatINR(toRupees(paise));

export function feeDueNotice(p: {
  name: string;
  course: string;
  installment: number;
  amountPaise: number;
  dueDate: Date;
  payUrl: string;
}): Notice {
  const when = formatDate(p.dueDate);
  return {
    kind: 'fee-due',
    subject: `${INSTITUTE}: fee installment due on ${when}`,
    lines: [
      `Dear ${p.name},`,
      '',
      `Installment ${p.installment} of your ${p.course} fee, ${rupees(p.amountPaise)}, is due on ${when}.`,
      `Pay online at ${p.payUrl}, or at the counter of your centre.`,
      '',
      'If you have already paid, please ignore this message.',
      '',
      INSTITUTE,
    ],
    short: `${INSTITUTE}: Dear ${p.name}, installment ${p.installment} of your ${p.course} fee (${rupees(p.amountPaise)}) is due on ${when}. Pay at ${p.payUrl}`,
    template: { name: 'fee_due_reminder', params: [p.name, String(p.installment), p.course, rupees(p.amountPaise), when] },
  };
}

export function feeOverdueNotice(p: {
  name: string;
  course: string;
  installment: number;
  amountPaise: number;
  dueDate: Date;
  reminder: number;
  payUrl: string;
}): Notice {
  const when = formatDate(p.dueDate);
  return {
    kind: 'fee-overdue',
    subject: `${INSTITUTE}: fee installment overdue since ${when}`,
    lines: [
      `Dear ${p.name},`,
      '',
      `Installment ${p.installment} of your ${p.course} fee, ${rupees(p.amountPaise)}, was due on ${when} and is not paid yet.`,
      `Please pay it at ${p.payUrl}, or at the counter of your centre.`,
      `(Reminder ${p.reminder} of 4.)`,
      '',
      'If you have already paid, please ignore this message.',
      '',
      INSTITUTE,
    ],
    short: `${INSTITUTE}: Dear ${p.name}, installment ${p.installment} of your ${p.course} fee (${rupees(p.amountPaise)}) was due on ${when} and is overdue. Pay at ${p.payUrl}`,
    template: { name: 'fee_overdue_reminder', params: [p.name, String(p.installment), p.course, rupees(p.amountPaise), when] },
  };
}

export function paymentReceivedNotice(p: { name: string; course: string; amountPaise: number; receipt: string; paidAt: Date }): Notice {
  return {
    kind: 'payment-received',
    subject: `Payment received: ${p.receipt}`,
    lines: [`Dear ${p.name},`, '', `We have received ${rupees(p.amountPaise)} for ${p.course} (receipt ${p.receipt}).`, '', INSTITUTE],
    short: `${INSTITUTE}: Dear ${p.name}, we have received ${rupees(p.amountPaise)} for ${p.course} on ${formatDateTime(p.paidAt)}. Receipt ${p.receipt}.`,
    template: { name: 'payment_received', params: [p.name, rupees(p.amountPaise), p.course, p.receipt] },
    transactional: true,
  };
}

export function resultsPublishedNotice(p: { name: string; exam: string; url: string }): Notice {
  return {
    kind: 'results-published',
    subject: `${INSTITUTE}: results of ${p.exam} are out`,
    lines: [`Dear ${p.name},`, '', `The results of ${p.exam} have been published.`, `See your marks at ${p.url}`, '', INSTITUTE],
    short: `${INSTITUTE}: Dear ${p.name}, the results of ${p.exam} are out. See them at ${p.url}`,
    template: { name: 'results_published', params: [p.name, p.exam] },
  };
}

export function examTomorrowNotice(p: { name: string; exam: string; opensAt: Date; url: string }): Notice {
  const when = formatDateTime(p.opensAt);
  return {
    kind: 'exam-tomorrow',
    subject: `${INSTITUTE}: ${p.exam} opens tomorrow`,
    lines: [
      `Dear ${p.name},`,
      '',
      `${p.exam} opens tomorrow, ${when} IST.`,
      `Take it from your student area: ${p.url}`,
      '',
      'All the best!',
      '',
      INSTITUTE,
    ],
    short: `${INSTITUTE}: Dear ${p.name}, ${p.exam} opens tomorrow, ${when} IST. All the best!`,
    template: { name: 'exam_opening_tomorrow', params: [p.name, p.exam, when] },
  };
}

export function absentTodayNotice(p: { name: string; subject: string; batch: string; date: string; time: string }): Notice {
  const when = formatDay(p.date);
  return {
    kind: 'absent-today',
    subject: `${INSTITUTE}: absent from class on ${when}`,
    lines: [
      `Dear ${p.name},`,
      '',
      `You were marked absent from ${p.subject} (${p.batch}) on ${when} at ${p.time}.`,
      'If this is a mistake, please speak to your centre.',
      '',
      INSTITUTE,
    ],
    short: `${INSTITUTE}: Dear ${p.name}, you were marked absent from ${p.subject} (${p.batch}) today, ${when} at ${p.time}.`,
    template: { name: 'absent_from_class', params: [p.name, p.subject, when] },
  };
}

/** No password here: the temporary password travels by e-mail only. */
export function admissionApprovedNotice(p: { name: string; course: string; registrationNumber: string; loginUrl: string }): Notice {
  return {
    kind: 'admission-approved',
    subject: `Welcome to ${INSTITUTE}: your admission is approved`,
    lines: [],
    short: `${INSTITUTE}: Dear ${p.name}, your admission to ${p.course} is approved (registration ${p.registrationNumber}). Your sign-in details are in your e-mail. ${p.loginUrl}`,
    template: { name: 'admission_approved', params: [p.name, p.course, p.registrationNumber] },
    transactional: true,
  };
}

export function announcementNotice(p: { subject: string; message: string }): Notice {
  return {
    kind: 'announcement',
    subject: p.subject || `${INSTITUTE}: announcement`,
    lines: [...p.message.split(/\r?\n/), '', INSTITUTE],
    short: `${INSTITUTE}: ${p.subject ? `${p.subject}: ` : ''}${p.message}`,
    template: { name: 'announcement', params: [p.subject || 'Announcement', p.message] },
  };
}
