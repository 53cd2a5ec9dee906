import { formatDate, formatDateTime, formatDay } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { ChildOverview } from '@app/common/schemas/parents';
import { Bell, CalendarDays, ClipboardList, CreditCard, Download, UserCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge.tsx';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { formatPercent } from '../../../components/score.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadChildReceipt } from '../api/parent.ts';

type Result = ChildOverview['exams']['results'][number];
type Installment = ChildOverview['fees']['installments'][number];
type Receipt = ChildOverview['fees']['receipts'][number];
/** One mock on the trend chart: its score as a percentage and its percentile. */
export type TrendLine = { examId: string; title: string; percentage: number; percentile: number | null };

const round2 = (n: number) => Math.round(n * 100) / 100;
/**
 * The child's trend as their own analysis draws it (the server's `exams.trend`, oldest first), else made from
 * the published results.
 */
const trendOf = (e: ChildOverview['exams']): TrendLine[] =>
  e.trend && e.trend.length > 0
    ? e.trend.map((t) => ({
        examId: t.examId,
        title: t.title,
        percentage: t.totalMarks > 0 ? round2((t.score / t.totalMarks) * 100) : 0,
        percentile: t.percentile,
      }))
    : [...e.results]
        .reverse()
        .map((r) => ({ examId: r.exam._id, title: r.exam.title, percentage: r.percentage, percentile: r.percentile }));

/** What the fees section needs to offer Pay for one installment (composed in app/: the payments feature's checkout). */
export type PayInstallment = { childId: string; admissionId: string; installment: Installment };

export type OverviewSlots = {
  /** The score trend across ranked mocks (the analysis feature's chart), oldest first, when there are two or more. */
  trend?: (points: TrendLine[]) => ReactNode;
  /** Pay for the next installment due (the payments feature's checkout). */
  pay?: (what: PayInstallment) => ReactNode;
};

const card = 'min-w-0 rounded-xl bg-white p-5 shadow-sm';
const heading = 'mb-3 flex items-center gap-2 text-lg font-semibold text-brand-800';

/** A class or due date is an IST calendar day (YYYY-MM-DD); anything else an instant. Both en-IN. */
const dayText = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : formatDate(value));

function Section({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={heading}>
        {icon} {title}
      </h2>
      {children}
    </section>
  );
}

const Muted = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-600">{children}</p>;

function Percentage({ label, value }: { label: string; value: { held: number; present: number; percentage: number | null } }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value.percentage === null ? '—' : formatPercent(value.percentage)}</dd>
      <dd className="text-xs text-slate-600">
        {value.held === 0 ? 'No classes yet' : `${value.present} of ${value.held} ${value.held === 1 ? 'class' : 'classes'}`}
      </dd>
    </div>
  );
}

function Attendance({ a }: { a: ChildOverview['attendance'] }) {
  return (
    <Section id="parent-attendance" title="Attendance" icon={<UserCheck aria-hidden="true" className="h-5 w-5" />}>
      <dl className="grid grid-cols-2 gap-2 text-center">
        <Percentage label="This month" value={a.month} />
        <Percentage label="Course so far" value={a.course} />
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-700">Recent absences</h3>
      {a.recentAbsences.length === 0 ? (
        <Muted>No absences recorded.</Muted>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Recent absences">
          {a.recentAbsences.map((x) => (
            <li key={`${x.date}-${x.subject}-${x.topic ?? ''}`} className="flex flex-wrap justify-between gap-x-3 py-2">
              <span className="font-medium text-slate-900">{dayText(x.date)}</span>
              <span className="text-slate-700">
                {x.subject}
                {x.topic ? `: ${x.topic}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 flex items-center gap-1 text-sm font-semibold text-slate-700">
        <CalendarDays aria-hidden="true" className="h-4 w-4" /> This week's timetable
      </h3>
      {a.timetable.length === 0 ? (
        <Muted>No classes this week.</Muted>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="This week's classes">
          {a.timetable.map((s) => (
            <li key={s._id} className="py-2">
              <span className="inline-block min-w-28 text-slate-600">{dayText(s.date)}</span> {s.startTime} to {s.endTime}: {s.subject}
              {s.teacher ? ` (${s.teacher})` : ''}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const rankOf = (r: Result) => (r.rank === null ? '—' : r.candidates === null ? String(r.rank) : `${r.rank} of ${r.candidates}`);

const resultColumns: Column<Result>[] = [
  { header: 'Exam', rowHeader: true, hideInCard: true, cell: (r) => r.exam.title },
  { header: 'Date', className: 'whitespace-nowrap', cell: (r) => formatDate(r.submittedAt) },
  {
    header: 'Score',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <>
        {r.marksObtained} / {r.totalMarks} <span className="text-slate-500">({formatPercent(r.percentage)})</span>
      </>
    ),
  },
  { header: 'Rank', className: 'whitespace-nowrap', cell: rankOf },
  { header: 'Percentile', className: 'whitespace-nowrap', cell: (r) => (r.percentile === null ? '—' : r.percentile.toFixed(2)) },
];

function SectionsOf({ r }: { r: Result }) {
  if (r.sections.length === 0) return null;
  return (
    <details className="mt-2 rounded-lg border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">Sections of {r.exam.title}</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Sections of {r.exam.title}</caption>
        <thead>
          <tr className="text-xs text-slate-500">
            <th scope="col" className="py-1 font-medium">
              Section
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Marks
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {r.sections.map((s) => (
            <tr key={s.title}>
              <th scope="row" className="py-1 font-normal text-slate-800">
                {s.title}
              </th>
              <td className="py-1 text-right">
                {s.marksObtained} / {s.totalMarks}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Exams({ e, trend }: { e: ChildOverview['exams']; trend?: OverviewSlots['trend'] }) {
  return (
    <Section id="parent-exams" title="Exams" icon={<ClipboardList aria-hidden="true" className="h-5 w-5" />}>
      <h3 className="text-sm font-semibold text-slate-700">Upcoming</h3>
      {e.upcoming.length === 0 ? (
        <Muted>No upcoming mocks.</Muted>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Upcoming mocks">
          {e.upcoming.map((x) => (
            <li key={x._id} className="py-2">
              <span className="font-medium text-slate-900">{x.title}</span>
              <span className="block text-slate-600">
                {x.opensAt ? `Opens ${formatDateTime(x.opensAt)}` : 'Open now'}
                {x.closesAt ? `, closes ${formatDateTime(x.closesAt)}` : ''} · {x.duration} min
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-700">Published results</h3>
      {e.results.length === 0 ? (
        <Muted>No results published yet.</Muted>
      ) : (
        <>
          <DataTable
            rows={e.results}
            rowKey={(r) => r.exam._id}
            columns={resultColumns}
            caption="Published results"
            cardTitle={(r) => <p className="font-semibold text-slate-900">{r.exam.title}</p>}
          />
          {e.results.map((r) => (
            <SectionsOf key={r.exam._id} r={r} />
          ))}
          {trend && trendOf(e).length > 1 && <div className="mt-4">{trend(trendOf(e))}</div>}
        </>
      )}
    </Section>
  );
}

const installmentColumns: Column<Installment>[] = [
  { header: 'Installment', rowHeader: true, hideInCard: true, cell: (i) => i.label },
  { header: 'Amount', className: 'whitespace-nowrap', cell: (i) => formatINR(i.amount) },
  {
    header: 'Due date',
    className: 'whitespace-nowrap',
    cell: (i) => <span className={i.overdue ? 'font-semibold text-red-800' : ''}>{dayText(i.dueDate)}</span>,
  },
  { header: 'To pay', className: 'whitespace-nowrap', cell: (i) => (i.outstanding > 0 ? formatINR(i.outstanding) : '—') },
  { header: 'Status', hideInCard: true, cell: (i) => <InstallmentBadge i={i} /> },
];

function InstallmentBadge({ i }: { i: Installment }) {
  if (i.outstanding <= 0) return <Badge tone="green">Paid</Badge>;
  if (i.overdue) return <Badge tone="red">Overdue</Badge>;
  return <Badge tone="amber">{i.paid > 0 ? 'Part paid' : 'Pending'}</Badge>;
}

const paidByText: Record<Receipt['paidBy'], string> = { student: 'Paid by the student', parent: 'Paid by you', staff: 'Paid at the desk' };

function ReceiptButton({ childId, r }: { childId: string; r: Receipt }) {
  const [busy, setBusy] = useState(false);
  const label = `Download receipt ${r.receiptNumber ?? ''}`.trim();
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline disabled:opacity-60"
      disabled={busy}
      aria-label={label}
      onClick={() => {
        setBusy(true);
        downloadChildReceipt(childId, r._id)
          .catch((err) => toast.error(errorMessage(err, 'Could not download the receipt. Please try again.')))
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden="true" className="h-4 w-4" /> {busy ? 'Downloading...' : 'Receipt'}
    </button>
  );
}

function Fees({ childId, f, pay }: { childId: string; f: ChildOverview['fees']; pay?: OverviewSlots['pay'] }) {
  const next = f.installments.find((i) => i.outstanding > 0);
  return (
    <Section id="parent-fees" title="Fees" icon={<CreditCard aria-hidden="true" className="h-5 w-5" />}>
      <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Fee figures">
        <div className="rounded-lg bg-slate-50 p-2">
          <dt className="text-xs text-slate-500">Total</dt>
          <dd className="text-sm font-bold text-slate-900">{formatINR(f.totalFees)}</dd>
        </div>
        <div className="rounded-lg bg-green-50 p-2">
          <dt className="text-xs text-slate-500">Paid</dt>
          <dd className="text-sm font-bold text-green-800">{formatINR(f.paidAmount)}</dd>
        </div>
        <div className="rounded-lg bg-amber-50 p-2">
          <dt className="text-xs text-slate-500">Due</dt>
          <dd className="text-sm font-bold text-amber-800">{formatINR(f.pendingAmount)}</dd>
        </div>
      </dl>
      {/* First on a phone: what a parent most often came to do. */}
      {next && pay && f.admissionId && <div className="mt-4">{pay({ childId, admissionId: f.admissionId, installment: next })}</div>}
      {f.installments.length === 0 ? (
        <div className="mt-3">
          <Muted>No fee schedule yet.</Muted>
        </div>
      ) : (
        <div className="mt-4">
          <DataTable
            rows={f.installments}
            rowKey={(i) => String(i.number)}
            columns={installmentColumns}
            caption="Installments"
            cardTitle={(i) => <p className="font-semibold text-slate-900">{i.label}</p>}
            cardBadge={(i) => <InstallmentBadge i={i} />}
          />
        </div>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-700">Receipts</h3>
      {f.receipts.length === 0 ? (
        <Muted>No payments yet.</Muted>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Receipts">
          {f.receipts.map((r) => (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{formatINR(r.amount)}</span>
                <span className="block text-xs text-slate-600">
                  {r.paidAt ? formatDate(r.paidAt) : ''} · {r.receiptNumber ?? 'No receipt number'} · {paidByText[r.paidBy]}
                </span>
              </span>
              <ReceiptButton childId={childId} r={r} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const FIRST_NOTICES = 5;

function Notices({ n }: { n: ChildOverview['notices'] }) {
  const [all, setAll] = useState(false);
  const shown = all ? n : n.slice(0, FIRST_NOTICES);
  return (
    <Section id="parent-notices" title="Notices" icon={<Bell aria-hidden="true" className="h-5 w-5" />}>
      {n.length === 0 ? (
        <Muted>No notices.</Muted>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Notices">
          {shown.map((x) => (
            <li key={x._id} className="py-2">
              <p className="font-medium text-slate-900">{x.title}</p>
              <p className="text-xs text-slate-500">{formatDate(x.date)}</p>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{x.content}</p>
            </li>
          ))}
        </ul>
      )}
      {n.length > FIRST_NOTICES && (
        <button type="button" className="mt-2 text-sm font-semibold text-brand-700 hover:underline" onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer notices' : `Show all ${n.length} notices`}
        </button>
      )}
    </Section>
  );
}

/** One child's overview (GET /api/parent/children/{id}/overview): attendance, exams, fees and notices. */
export function ChildOverviewView({ childId, overview, slots = {} }: { childId: string; overview: ChildOverview; slots?: OverviewSlots }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Attendance a={overview.attendance} />
      <Fees childId={childId} f={overview.fees} pay={slots.pay} />
      <div className="lg:col-span-2">
        <Exams e={overview.exams} trend={slots.trend} />
      </div>
      <div className="lg:col-span-2">
        <Notices n={overview.notices} />
      </div>
    </div>
  );
}
