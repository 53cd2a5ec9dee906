import { ArrowLeft, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';

const HELPFUL = [
  { to: '/about', label: 'About Us' },
  { to: '/admission-request', label: 'Request Admission' },
  { to: '/admission-status', label: 'Check Admission Status' },
  { to: '/login', label: 'Login' },
];

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="relative isolate overflow-hidden bg-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(224,180,76,0.16),transparent_60%)]"
      />
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-800 text-gold-400 shadow-lg">
          <Scale aria-hidden="true" className="h-10 w-10" />
        </span>
        <p className="mt-6 font-serif text-7xl font-bold tracking-tight text-brand-800">404</p>
        <h1 className="mt-2 font-serif text-3xl font-bold text-brand-900">Page not found</h1>
        <p className="mt-4 text-lg text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link
          to="/"
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-800 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          Back to Home
        </Link>
        <nav aria-label="Helpful links" className="mt-10 w-full border-t border-slate-200 pt-6">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-semibold">
            {HELPFUL.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-brand-700 hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
