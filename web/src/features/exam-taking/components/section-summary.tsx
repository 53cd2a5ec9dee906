import { countStates, type PaperSection, type Progress } from '../paper.ts';

type Props = { sections: PaperSection[]; questionIds: string[]; progress: Progress };

const COLUMNS = [
  { key: 'answered', label: 'Answered' },
  { key: 'notAnswered', label: 'Not Answered' },
  { key: 'marked', label: 'Marked for Review' },
  { key: 'notVisited', label: 'Not Visited' },
] as const;

// A table from 640 px up. Narrower (the dialog of a phone is about 300 px inside), each section's title
// takes a line of its own above its four counts, so the table fits without a sideways swipe. The roles
// are written out because a table laid out as a grid loses its table semantics in some browsers.
const cell = 'px-1 py-1 sm:table-cell sm:border sm:border-slate-200 sm:px-2';
const numberCell = `${cell} text-center sm:text-right`;

/**
 * The Confirm Submission table: per section, answered, not answered, marked for review and not visited.
 * A plain table, not the DataTable: a small grid of counts read down each column.
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
    <section aria-label="Answers by section">
      {/* biome-ignore lint/a11y/noRedundantRoles: kept when the table is laid out as a grid on a phone (see above) */}
      <table role="table" className="grid w-full text-sm sm:table sm:border-collapse" aria-label="Your answers by section">
        {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
        <thead role="rowgroup" className="block sm:table-header-group">
          {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
          <tr role="row" className="grid grid-cols-4 items-end bg-slate-100 text-xs sm:table-row">
            {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
            <th role="columnheader" scope="col" className={`sr-only text-left sm:not-sr-only ${cell}`}>
              Section
            </th>
            {COLUMNS.map((c) => (
              // biome-ignore lint/a11y/noRedundantRoles: as the table's
              <th key={c.key} role="columnheader" scope="col" className={`font-semibold leading-tight ${numberCell}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
        <tbody role="rowgroup" className="block sm:table-row-group">
          {rows.map((r) => (
            // biome-ignore lint/a11y/noRedundantRoles: as the table's
            <tr key={r.key} role="row" className="grid grid-cols-4 border-b border-slate-200 sm:table-row sm:border-0">
              {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
              <th role="rowheader" scope="row" className={`col-span-4 pt-2 text-left font-medium ${cell}`}>
                {r.title}
              </th>
              {COLUMNS.map((c) => (
                // biome-ignore lint/a11y/noRedundantRoles: as the table's
                <td key={c.key} role="cell" className={numberCell}>
                  {r[c.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
