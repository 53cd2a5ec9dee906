import type { ReactNode } from 'react';

/** The dark band at the top of a public page (About, Courses, Results, Contact). */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="relative isolate overflow-hidden bg-brand-800 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(224,180,76,0.2),transparent_55%)]"
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-lg text-slate-200">{children}</div>}
      </div>
    </header>
  );
}
