import { INSTITUTE_NAME as INSTITUTE } from '@app/common/constants';
import type { RegradeMarks } from '@app/common/schemas/regrade';
import { linesHtml } from '../../lib/escape.ts';

// The e-mail a student gets when a regrade changes their marks (docs/product-regrade.md). Before the
// results are published it carries no marks (docs/product.md section 10): only that they changed.

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
    html: linesHtml(lines),
  };
}
