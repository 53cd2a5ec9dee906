import type { ReactNode } from 'react';

type Props = {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: 'white' | 'muted';
  children: ReactNode;
};

/** A page section with its heading tied to it, so screen readers list it as a landmark. */
export function Section({ id, eyebrow, title, intro, tone = 'white', children }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-16 ${tone === 'muted' ? 'bg-slate-50' : 'bg-white'}`}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} />
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function SectionHeading({ id, eyebrow, title, intro }: Pick<Props, 'id' | 'eyebrow' | 'title' | 'intro'>) {
  return (
    <div className="max-w-2xl">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{eyebrow}</p>}
      <h2 id={`${id}-title`} className="mt-2 font-serif text-3xl font-bold text-brand-900 sm:text-4xl">
        {title}
      </h2>
      <span aria-hidden="true" className="mt-4 block h-1 w-16 rounded-full bg-gold-400" />
      {intro && <p className="mt-4 text-lg leading-relaxed text-slate-600">{intro}</p>}
    </div>
  );
}

/** Placeholder blocks while a list loads; the text is for screen readers. */
export function Skeleton({ label, count, className }: { label: string; count: number; className: string }) {
  return (
    <>
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} aria-hidden="true" className={`animate-pulse rounded-xl bg-slate-200/70 ${className}`} />
      ))}
    </>
  );
}
