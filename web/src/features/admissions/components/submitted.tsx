import { ADMISSION_MSG } from '@app/common/messages';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/field.tsx';

/**
 * Shown in place of a form once the request is in: the server's message (else the spec's) says
 * credentials come by e-mail. The forms load it lazily, when it is needed (bundle budget: scripts/bundle-budget.mjs).
 */
export default function Submitted({ message, onAnother }: { message?: string; onAnother: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form was long: bring the confirmation into view and give it focus for screen readers.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-col outline-none items-center gap-4 rounded-xl bg-white p-8 text-center shadow-md"
    >
      <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-green-600" />
      <h2 className="text-xl font-bold text-brand-800">Request received</h2>
      <p className="max-w-lg text-slate-700">{message || ADMISSION_MSG.submitted}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/admission-status" className={buttonClass.primary}>
          Check admission status
        </Link>
        <button type="button" onClick={onAnother} className={buttonClass.secondary}>
          Submit another request
        </button>
      </div>
    </div>
  );
}
