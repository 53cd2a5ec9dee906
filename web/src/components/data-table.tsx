import type { ReactNode } from 'react';
import { useMediaQuery, WIDE_QUERY } from '../lib/media.ts';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the table cell (width, wrapping); the card ignores them. */
  className?: string;
  /** Left out of the card, which already shows it as its title or badge. */
  hideInCard?: boolean;
  /** The cell names its row (a `th scope="row"`), as the first column usually does. */
  rowHeader?: boolean;
};

type Props<T> = {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  /** Names the table (screen readers) and the list of cards. */
  caption: string;
  /** The card's heading on a phone, usually the row's name. */
  cardTitle: (row: T) => ReactNode;
  /** Shown at the card's top right (a status badge). */
  cardBadge?: (row: T) => ReactNode;
  /** The row's buttons: the table's last column, the card's footer (`place` says which, for their layout). */
  actions?: (row: T, place: 'table' | 'card') => ReactNode;
  /** The heading of the actions column ("Actions" unless a screen names it otherwise). */
  actionsHeader?: string;
  rowClassName?: (row: T) => string;
};

/**
 * A list of records: a table from tablet width up, a card per record on a phone, so no page scrolls
 * sideways and every action stays within reach. Only one of the two is in the page at a time.
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  caption,
  cardTitle,
  cardBadge,
  actions,
  actionsHeader = 'Actions',
  rowClassName,
}: Props<T>) {
  const wide = useMediaQuery(WIDE_QUERY);
  if (!wide) {
    return (
      <ul className="flex flex-col gap-3" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ${rowClassName?.(row) ?? ''}`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 break-words">{cardTitle(row)}</div>
              {cardBadge && <div className="shrink-0">{cardBadge(row)}</div>}
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {columns
                .filter((c) => !c.hideInCard)
                .map((c) => (
                  <div key={c.header} className="contents">
                    <dt className="text-slate-500">{c.header}</dt>
                    <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                  </div>
                ))}
            </dl>
            {actions && <div className="mt-3 border-t border-slate-200 pt-3">{actions(row, 'card')}</div>}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="whitespace-nowrap px-4 py-3">
                {c.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="whitespace-nowrap px-4 py-3">
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={`align-top ${rowClassName?.(row) ?? ''}`}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.header} scope="row" className={`px-4 py-3 text-left font-normal ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={`px-4 py-3 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
              {actions && <td className="px-4 py-3">{actions(row, 'table')}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
