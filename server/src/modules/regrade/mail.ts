import type { RegradeMarks } from '@app/common/schemas/regrade';

// The e-mail a student gets when a regrade changes their marks (docs/product-regrade.md). Before the
// results are published it carries no marks (docs/product.md section 10): only that they changed.
const INSTITUTE = 'Law Coaching Institute';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const figure = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 2 });

export function regradeMail(p: {
  name: string;
  exam: string;
  published: boolean;
  before: RegradeMarks;
  after: RegradeMarks;
  ranked: boolean;
  candidates: number;
}) {
  const lines = [
    `Dear ${p.name},`,
    '',
    `The answer key of "${p.exam}" has been revised after review of the objections, and your paper has been marked again.`,
    ...(p.published
      ? [
          `Your marks: ${figure(p.after.marksObtained)} out of ${figure(p.after.totalMarks)} (${figure(p.after.percentage)}%), before the revision ${figure(p.before.marksObtained)} out of ${figure(p.before.totalMarks)}.`,
          ...(p.ranked ? [`Your rank: ${p.after.rank} of ${p.candidates} (before: ${p.before.rank}).`] : []),
          'Sign in to the student area to see your result, analysis and solutions.',
        ]
      : ['Your marks will be shown in the student area when the results are published.']),
    '',
    INSTITUTE,
  ];
  return {
    subject: `${INSTITUTE}: your marks in ${p.exam} were revised`,
    text: lines.join('\n'),
    html: `<div style="font-family:Arial,sans-serif;line-height:1.5">${lines
      .map((l) => (l === '' ? '<br>' : `<p style="margin:0">${escapeHtml(l)}</p>`))
      .join('')}</div>`,
  };
}
