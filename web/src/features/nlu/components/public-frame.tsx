import type { ReactNode } from 'react';

// The public site's header band and section, in the look of the other public pages
// (features/public/components/page-header.tsx and section.tsx): a feature does not import another
// feature (scripts/check-imports.mjs), so the NLU page has its own two pieces.

/** The dark band at the top of the page. */
export function NluHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="relative isolate overflow-hidden bg-brand-800 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(224,180,76,0.2),transparent_55%)]"
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-lg text-slate-200">{children}</div>}
      </div>
    </header>
  );
}

/** A section with its heading tied to it, so screen readers list it as a landmark. */
export function NluSection({
  id,
  title,
  intro,
  tone = 'white',
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'white' | 'muted';
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-16 ${tone === 'muted' ? 'bg-slate-50' : 'bg-white'}`}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="font-serif text-3xl font-bold text-brand-900 sm:text-4xl">
            {title}
          </h2>
          <span aria-hidden="true" className="mt-4 block h-1 w-16 rounded-full bg-gold-400" />
          {intro && <p className="mt-4 text-lg leading-relaxed text-slate-600">{intro}</p>}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
