import type { SiteHome } from '@app/common/schemas/site';
import { Section } from './section.tsx';
import { SiteText } from './site-text.tsx';

/** "Why choose us": the points the institute edits at /admin/site. */
export function WhyChooseUs({ points }: { points: SiteHome['whyChooseUs'] }) {
  if (points.length === 0) return null;
  return (
    <Section
      id="why"
      eyebrow="Why students choose us"
      title="Preparation that is personal and exam-true"
      intro="Fifteen years of coaching law aspirants in Kolkata and Hooghly have taught us what works."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {points.map(({ title, text }, i) => (
          <li key={title} className="rounded-2xl border border-slate-200 p-6">
            <span
              aria-hidden="true"
              className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-800 font-serif text-xl font-bold text-gold-400"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-brand-900">{title}</h3>
            <SiteText text={text} className="mt-2 space-y-2 leading-relaxed text-slate-600" />
          </li>
        ))}
      </ul>
    </Section>
  );
}
