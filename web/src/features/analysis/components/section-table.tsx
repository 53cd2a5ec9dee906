import type { Analysis } from '@app/common/schemas/analysis';
import { DataTable } from '../../../components/data-table.tsx';
import { duration, marks } from './format.ts';

type Section = Analysis['sections'][number];

/** Score, attempts, accuracy and time per section beside the batch average and the topper. */
export function SectionTable({ sections }: { sections: Section[] }) {
  return (
    <DataTable
      rows={sections}
      rowKey={(s) => s._id}
      caption="Sections"
      cardTitle={(s) => s.title}
      columns={[
        { header: 'Section', cell: (s) => s.title, hideInCard: true, className: 'font-semibold' },
        { header: 'Score', cell: (s) => `${marks(s.score)} / ${marks(s.max)}` },
        { header: 'Attempted', cell: (s) => s.attempted },
        { header: 'Correct', cell: (s) => s.correct },
        { header: 'Wrong', cell: (s) => s.wrong },
        { header: 'Accuracy', cell: (s) => `${s.accuracy.toFixed(2)}%` },
        { header: 'Time', cell: (s) => duration(s.timeSpent) },
        { header: 'Average', cell: (s) => marks(s.average) },
        { header: 'Topper', cell: (s) => marks(s.topper) },
      ]}
    />
  );
}
