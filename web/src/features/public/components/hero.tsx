import { ArrowRight, BookOpenCheck, Gavel, GraduationCap, Landmark, Search } from 'lucide-react';
import { Link } from 'react-router';

const TRACKS = [
  { icon: GraduationCap, title: 'Law entrance', text: 'CLAT, AILET and LSAT India' },
  { icon: Gavel, title: 'Judicial services', text: 'WBJS and state judiciary: prelims, mains, interview' },
  { icon: BookOpenCheck, title: 'Law degree', text: 'LL.B. and B.A. LL.B. semester coaching' },
];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-brand-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(224,180,76,0.22),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(47,67,116,0.9),transparent_60%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(rgba(255,255,255,.6)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,.6)_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-400/40 bg-white/5 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-gold-400">
            <Landmark aria-hidden="true" className="h-4 w-4" />
            Kolkata · Since 2010
          </p>
          <h1 id="hero-title" className="mt-6 font-serif text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl">
            Coaching for <span className="text-gold-400">CLAT</span>, the judiciary and your law degree
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">
            Small batches, weekly mock tests and teachers who practise law. Learn at our Dumdum, Kasba/Ballygunge and Shrirampur centres,
            and sit your tests online.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/admission-request"
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-gold-400 px-6 py-3 font-semibold text-brand-900 shadow-lg shadow-black/20 transition hover:bg-gold-500"
            >
              Request Admission
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <Link
              to="/admission-status"
              className="inline-flex items-center justify-center gap-2 rounded-lg border border-white/30 px-6 py-3 font-semibold text-white transition hover:bg-white/10"
            >
              <Search aria-hidden="true" className="h-5 w-5" />
              Check Admission Status
            </Link>
          </div>
        </div>
        <ul className="grid gap-4" aria-label="What we teach">
          {TRACKS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-4 rounded-2xl border border-white/10 bg-white/[0.06] p-5 backdrop-blur-sm">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-400">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <span>
                <span className="block font-serif text-lg font-semibold">{title}</span>
                <span className="mt-1 block text-sm text-slate-300">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
