import { forwardRef, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

// Companions of Field (field.tsx) for multi-line text and choices: same label, error and aria wiring.

const controlClass = (error?: string) =>
  `rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 ${
    error ? 'border-red-500' : 'border-slate-300'
  }`;

/** The control's id, error wiring and classes, as Wrap labels it. */
const controlProps = (inputId: string, error: string | undefined, className: string | undefined) => ({
  id: inputId,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${inputId}-error` : undefined,
  className: `${controlClass(error)} ${className ?? ''}`,
});

function Wrap({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, id, className, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <Wrap id={inputId} label={label} error={error}>
      <textarea ref={ref} {...controlProps(inputId, error, className)} {...rest} />
    </Wrap>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
};

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, id, className, options, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <Wrap id={inputId} label={label} error={error}>
      <select ref={ref} {...controlProps(inputId, error, className)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
});

type CheckboxGroupProps = {
  legend: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  /** register(name) of a react-hook-form field holding the ticked values. */
  field: UseFormRegisterReturn;
  /** A long list: a bordered box that scrolls. */
  isLong?: boolean;
  /** Said under the legend, e.g. that the options could not load. */
  notice?: ReactNode;
  /** Said in place of the boxes when there are none to tick. */
  empty?: string;
};

/** A list of checkboxes for one field that holds many values (a material's courses, a coupon's courses). */
export function CheckboxGroup({ legend, error, options, field, isLong, notice, empty }: CheckboxGroupProps) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {error && (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {notice}
      <div className={`mt-2 grid gap-2 sm:grid-cols-2 ${isLong ? 'max-h-48 overflow-y-auto rounded-md border border-slate-200 p-2' : ''}`}>
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" value={o.value} className="h-4 w-4" {...field} /> {o.label}
          </label>
        ))}
        {empty && options.length === 0 && <p className="text-sm text-slate-500">{empty}</p>}
      </div>
    </fieldset>
  );
}
