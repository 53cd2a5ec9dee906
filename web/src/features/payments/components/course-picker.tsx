import { FEE_TYPE_LABELS } from '@app/common/constants';
import { formatINR } from '@app/common/rules/money';
import type { CourseFee } from '@app/common/schemas/payments';
import { Check, ChevronDown, Clock } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/badge.tsx';

type Props = { courses: CourseFee[]; selectedId: string | null; onSelect: (course: CourseFee) => void; disabled?: boolean };

/**
 * The course cards of the fee payment page: one radio group, each card a labelled choice showing what
 * the server says is due. A course whose fee is covered is shown as paid and cannot be chosen. A student
 * with an approved admission sees their course first; the others are under "Other courses", folded until
 * opened (paying for one asks first: fee-payment-page.tsx).
 */
export function CoursePicker({ courses, selectedId, onSelect, disabled }: Props) {
  const admitted = courses.filter((c) => c.admitted);
  const others = courses.filter((c) => !c.admitted);
  const [showOthers, setShowOthers] = useState(() => others.some((c) => c._id === selectedId));
  const cards = (list: CourseFee[]) => (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {list.map((c) => (
        <CourseCard key={c._id} c={c} selected={c._id === selectedId} onSelect={onSelect} />
      ))}
    </div>
  );
  if (admitted.length === 0) {
    return (
      <fieldset disabled={disabled}>
        <legend className="mb-3 text-lg font-semibold text-brand-800">Select a Course</legend>
        {cards(courses)}
      </fieldset>
    );
  }
  return (
    <fieldset disabled={disabled} className="grid gap-4">
      <legend className="mb-3 text-lg font-semibold text-brand-800">Select a Course</legend>
      <div className="grid gap-2">
        <p className="text-sm font-semibold text-slate-700">Your course</p>
        {cards(admitted)}
      </div>
      {others.length > 0 && (
        <div className="grid gap-3">
          <button
            type="button"
            aria-expanded={showOthers}
            aria-controls="other-courses"
            onClick={() => setShowOthers((v) => !v)}
            className="flex w-full items-center justify-between rounded-md border border-slate-200 bg-white px-4 py-3 text-left font-semibold text-slate-800 hover:bg-slate-50"
          >
            <span>
              Other courses <span className="font-normal text-slate-600">({others.length})</span>
            </span>
            <ChevronDown aria-hidden="true" className={`h-5 w-5 transition-transform ${showOthers ? 'rotate-180' : ''}`} />
          </button>
          <div id="other-courses" hidden={!showOthers} className="grid gap-2">
            <p className="text-sm text-slate-600">
              Courses other than the one you were admitted to. Paying for one of them does not pay your {admitted[0].name} fee.
            </p>
            {cards(others)}
          </div>
        </div>
      )}
    </fieldset>
  );
}

function CourseCard({ c, selected, onSelect }: { c: CourseFee; selected: boolean; onSelect: (course: CourseFee) => void }) {
  const paid = c.due <= 0;
  return (
    <label
      data-testid={`course-${c._id}`}
      className={`relative flex flex-col rounded-xl border-2 bg-white p-4 shadow-sm transition focus-within:ring-2 focus-within:ring-gold-400 ${
        paid
          ? 'cursor-not-allowed border-green-200 opacity-90'
          : selected
            ? 'cursor-pointer border-brand-700 ring-1 ring-brand-700'
            : 'cursor-pointer border-slate-200 hover:border-brand-600'
      }`}
    >
      <input
        type="radio"
        name="course"
        value={c._id}
        checked={selected}
        disabled={paid}
        onChange={() => onSelect(c)}
        className="sr-only"
        aria-label={paid ? `${c.name}, paid` : `${c.name}, ${formatINR(c.fee)}`}
      />
      <span className="flex items-start justify-between gap-3">
        <span className="font-semibold text-slate-900">{c.name}</span>
        {selected && (
          <span className="rounded-full bg-brand-700 p-1 text-white">
            <Check aria-hidden="true" className="h-3.5 w-3.5" />
          </span>
        )}
      </span>
      {paid ? (
        <span className="mt-2 flex items-center gap-2">
          <Badge tone="green">Paid</Badge>
          <span className="text-sm text-slate-600">{formatINR(c.fee)} fee covered</span>
        </span>
      ) : (
        <>
          <span className="mt-2 text-2xl font-bold text-brand-800">{formatINR(c.fee)}</span>
          {c.status === 'partial' && (
            <span className="text-xs text-slate-600">
              {formatINR(c.due)} still due (paid {formatINR(c.paid)}
              {c.discount > 0 ? `, discount ${formatINR(c.discount)}` : ''})
            </span>
          )}
        </>
      )}
      <span className="text-xs text-slate-500">{FEE_TYPE_LABELS[c.feeType]}</span>
      <span className="mt-2 flex items-center gap-1 text-sm text-slate-600">
        <Clock aria-hidden="true" className="h-4 w-4" /> {c.duration}
      </span>
      {c.features.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {c.features.map((f) => (
            <li key={f} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
              {f}
            </li>
          ))}
        </ul>
      )}
    </label>
  );
}
