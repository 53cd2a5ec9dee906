import { MSG } from '@app/common/messages';
import { ArrowRight, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';

/**
 * /register and /signup: students do not register themselves; their login is e-mailed once an
 * admission is approved (docs/product.md section 1), so a visitor who looks for sign-up is sent to
 * the admission request instead of a 404.
 */
export default function RegistrationClosedPage() {
  usePageTitle('Registration');
  return (
    <section className="bg-white">
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-800 text-gold-400 shadow-lg">
          <Scale aria-hidden="true" className="h-10 w-10" />
        </span>
        <h1 className="mt-6 font-serif text-3xl font-bold text-brand-900">Registration</h1>
        <p role="status" className="mt-4 text-lg text-slate-700">
          {MSG.registrationDisabled}
        </p>
        <Link
          to="/admission-request"
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-800 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Request Admission
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
        <p className="mt-6 text-sm text-slate-600">
          Already a student?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </p>
      </div>
    </section>
  );
}
