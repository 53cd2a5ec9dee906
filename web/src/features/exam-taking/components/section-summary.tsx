import { countStates, type PaperSection, type Progress } from '../paper.ts';

type Props = { sections: PaperSection[]; questionIds: string[]; progress: Progress };

/**
 * The Confirm Submission table: per section, answered, not answered, marked for review and not visited.
 * A plain table, not the DataTable, on purpose: a small grid of counts read down each column in the
 * submit dialog, which scrolls sideways inside the dialog on a phone rather than turning into cards.
 */
export function SectionSummary({ sections, questionIds, progress }: Props) {
  const rows = sections.map((s) => {
    const c = countStates(
      s.indexes.map((i) => questionIds[i]),
      progress,
    );
    return {
      key: s.id ?? 'all',
      title: s.title,
      answered: c.answered + c['answered-review'],
      notAnswered: c['not-answered'],
      marked: c.review + c['answered-review'],
      notVisited: c['not-visited'],
    };
  });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="overflow-x-auto" aria-label="Answers by section" tabIndex={0}>
      <table className="w-full min-w-[28rem] border-collapse text-sm" aria-label="Your answers by section">
        <thead>
          <tr className="bg-slate-100 text-left">
            <th scope="col" className="border border-slate-200 px-2 py-1">
              Section
            </th>
            <th scope="col" className="border border-slate-200 px-2 py-1 text-right">
              Answered
            </th>
            <th scope="col" className="border border-slate-200 px-2 py-1 text-right">
              Not Answered
            </th>
            <th scope="col" className="border border-slate-200 px-2 py-1 text-right">
              Marked for Review
            </th>
            <th scope="col" className="border border-slate-200 px-2 py-1 text-right">
              Not Visited
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="border border-slate-200 px-2 py-1 text-left font-medium">
                {r.title}
              </th>
              <td className="border border-slate-200 px-2 py-1 text-right">{r.answered}</td>
              <td className="border border-slate-200 px-2 py-1 text-right">{r.notAnswered}</td>
              <td className="border border-slate-200 px-2 py-1 text-right">{r.marked}</td>
              <td className="border border-slate-200 px-2 py-1 text-right">{r.notVisited}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
