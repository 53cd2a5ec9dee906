import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';

/** A full-page notice with the way out: 'Already Attempted', or the attempt closed by the server. */
export function ExamNotice({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <div className="rounded-xl bg-white p-8 text-center shadow-sm">
        <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
        <h1 className="mt-4 text-2xl font-bold text-brand-800">{title}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/student/results" className={buttonClass.primary}>
            View Results
          </Link>
          <Link to="/student/dashboard" className={buttonClass.secondary}>
            Back to Dashboard
          </Link>
        </div>
      </div>
    </section>
  );
}
