import type { SiteFaq } from '@app/common/schemas/site';
import { Section } from './section.tsx';
import { SiteText } from './site-text.tsx';

/** The questions the centres' desks are asked most; <details> opens them with or without JavaScript. */
export function FaqSection({ faq }: { faq: SiteFaq }) {
  if (faq.items.length === 0) return null;
  return (
    <Section id="faq" tone="muted" eyebrow="FAQ" title="Frequently asked questions">
      <div className="max-w-3xl space-y-3">
        {faq.items.map((item) => (
          <details key={item.question} className="group rounded-xl border border-slate-200 bg-white p-5">
            <summary className="cursor-pointer list-none font-semibold text-brand-900 marker:hidden">{item.question}</summary>
            <SiteText text={item.answer} className="mt-3 space-y-2 leading-relaxed text-slate-700" />
          </details>
        ))}
      </div>
    </Section>
  );
}
