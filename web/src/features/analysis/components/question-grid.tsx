import type { Analysis } from '@app/common/schemas/analysis';
import { duration, STATUS_STYLE } from './format.ts';

/** One square per question in paper order: its outcome, the seconds spent and the share who got it right. */
export function QuestionGrid({ questions, sections }: { questions: Analysis['questions']; sections: Analysis['sections'] }) {
  const groups = sections.length
    ? sections.map((s) => ({ key: s._id, title: s.title, items: questions.filter((q) => q.section === s._id) }))
    : [{ key: 'all', title: 'Questions', items: questions }];
  const numberOf = new Map(questions.map((q, i) => [q._id, i + 1]));
  return (
    <div className="grid gap-4">
      <ul className="flex flex-wrap gap-3 text-sm" aria-label="Legend">
        {Object.values(STATUS_STYLE).map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block h-4 w-4 rounded border ${s.className}`} /> {s.label}
          </li>
        ))}
      </ul>
      {groups.map((g) => (
        <div key={g.key}>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{g.title}</h3>
          <ol className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8">
            {g.items.map((q) => {
              const style = STATUS_STYLE[q.status];
              return (
                <li
                  key={q._id}
                  className={`rounded-md border p-2 text-xs ${style.className}`}
                  title={`Question ${numberOf.get(q._id)}: ${style.label}`}
                >
                  <span className="block text-sm font-bold">
                    Q{numberOf.get(q._id)} <span className="sr-only">{style.label}</span>
                  </span>
                  <span className="block">{duration(q.timeSpent)}</span>
                  <span className="block">{q.percentCorrect.toFixed(0)}% right</span>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </div>
  );
}
