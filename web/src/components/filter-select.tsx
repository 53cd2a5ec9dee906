import { Search } from 'lucide-react';
import { useId } from 'react';

/** The look of a list's filter controls (selects, the search box). */
export const filterControl =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
};

/** One labelled filter of a list ("Centre: All centres"), laid out to share a row with its siblings. */
export function FilterSelect({ label, value, onChange, options }: Props) {
  const id = useId();
  return (
    <div className="flex min-w-[10rem] flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={filterControl}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type SearchProps = {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  /** Its share of the filters' row. */
  className?: string;
};

/** A list's search box, beside its FilterSelects. */
export function SearchFilter({
  label = 'Search',
  value,
  onChange,
  placeholder,
  maxLength,
  className = 'min-w-[14rem] flex-[2]',
}: SearchProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          className={`${filterControl} w-full pl-8`}
        />
      </div>
    </div>
  );
}
