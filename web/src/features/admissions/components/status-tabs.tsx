import { ADMISSION_STATUSES, type AdmissionStatus } from '@app/common/schemas/admissions';
import { type KeyboardEvent, useRef } from 'react';

const labels: Record<AdmissionStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** Tabs Pending, Approved, Rejected (docs/product.md section 2), with arrow-key movement as in the ARIA tabs pattern. */
export function StatusTabs({
  value,
  onChange,
  counts,
}: {
  value: AdmissionStatus;
  onChange: (s: AdmissionStatus) => void;
  counts?: Partial<Record<AdmissionStatus, number>>;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + ADMISSION_STATUSES.length) % ADMISSION_STATUSES.length;
    onChange(ADMISSION_STATUSES[next]);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Request status" className="flex gap-1 border-b border-slate-200">
      {ADMISSION_STATUSES.map((s, i) => {
        const selected = s === value;
        return (
          <button
            key={s}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${s}`}
            aria-selected={selected}
            aria-controls="admission-tabpanel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(s)}
            onKeyDown={(e) => onKey(e, i)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-brand-700'
            }`}
          >
            {labels[s]}
            {counts?.[s] !== undefined && <span className="ml-1.5 rounded-full bg-slate-100 px-2 text-xs text-slate-700">{counts[s]}</span>}
          </button>
        );
      })}
    </div>
  );
}
