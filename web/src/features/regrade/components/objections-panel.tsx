import type { QuestionAdmin } from '@app/common/schemas/exam-views';
import type { ObjectionGroup } from '@app/common/schemas/regrade';
import { DataTable } from '../../../components/data-table.tsx';
import { excerpt, objectionCount } from './format.ts';

/** Objections grouped by question: the question, how many objected, and every reason. */
export function ObjectionsPanel({ groups, questions }: { groups: ObjectionGroup[]; questions: QuestionAdmin[] }) {
  const numberOf = new Map(questions.map((q, i) => [q._id, i + 1]));
  const textOf = new Map(questions.map((q) => [q._id, q.question]));
  return (
    <section className="grid gap-3 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="objections-heading">
      <h2 id="objections-heading" className="text-lg font-semibold text-brand-800">
        Objections ({groups.reduce((s, g) => s + g.count, 0).toLocaleString('en-IN')})
      </h2>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600">No objections have been raised on this exam.</p>
      ) : (
        <DataTable
          rows={groups}
          rowKey={(g) => g.questionId}
          caption="Objections by question"
          cardTitle={(g) => <span className="font-semibold">Question {numberOf.get(g.questionId)}</span>}
          cardBadge={(g) => <span className="text-sm font-semibold text-amber-800">{objectionCount(g.count)}</span>}
          columns={[
            {
              header: 'Question',
              hideInCard: true,
              className: 'w-24',
              cell: (g) => <span className="font-semibold">Q{numberOf.get(g.questionId)}</span>,
            },
            { header: 'Text', cell: (g) => <span className="text-slate-700">{excerpt(textOf.get(g.questionId) ?? '')}</span> },
            { header: 'Objections', hideInCard: true, className: 'w-28', cell: (g) => g.count.toLocaleString('en-IN') },
            {
              header: 'Reasons',
              cell: (g) => (
                <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
                  {g.reasons.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: reasons are listed in the order they came
                    <li key={i} className="whitespace-pre-wrap break-words">
                      {r}
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
