import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/** Closing call to action: the two things a prospective student comes to do. */
export function CtaBand() {
  return (
    <section aria-labelledby="cta-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-br from-brand-800 to-brand-900 p-8 text-white shadow-xl sm:p-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-title" className="font-serif text-2xl font-bold sm:text-3xl">
              Ready to begin your preparation?
            </h2>
            <p className="mt-2 max-w-xl text-slate-300">
              Send a request and a counsellor will call you. Your login details arrive by e-mail once it is approved.
            </p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link
              to="/admission-request"
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-gold-400 px-6 py-3 font-semibold text-brand-900 hover:bg-gold-500"
            >
              Request Admission
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <Link
              to="/admission-status"
              className="inline-flex items-center justify-center rounded-lg border border-white/30 px-6 py-3 font-semibold hover:bg-white/10"
            >
              Check Admission Status
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
