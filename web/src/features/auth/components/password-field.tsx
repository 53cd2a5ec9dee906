import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, forwardRef, useState } from 'react';
import { Field } from '../../../components/field.tsx';

type Props = Omit<ComponentProps<typeof Field>, 'type'>;

/** A password field with the eye button that shows and hides what was typed ("Show password", "Show new password"). */
export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField({ label, className, ...rest }, ref) {
  const [shown, setShown] = useState(false);
  const what = label.toLowerCase();
  return (
    <div className="relative">
      <Field ref={ref} label={label} type={shown ? 'text' : 'password'} className={`w-full pr-12 ${className ?? ''}`} {...rest} />
      <button
        type="button"
        className="absolute right-2 top-7 rounded p-1.5 text-slate-500 hover:text-slate-800"
        aria-label={shown ? `Hide ${what}` : `Show ${what}`}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
      </button>
    </div>
  );
});
