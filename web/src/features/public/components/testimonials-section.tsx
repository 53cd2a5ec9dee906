import type { Testimonial } from '@app/common/schemas/site';
import { SiteImg } from './site-image.tsx';
import { Section } from './section.tsx';
import { SiteText } from './site-text.tsx';

/** What students say, in the institute's order (docs/product-site.md). */
export function TestimonialsSection({ testimonials }: { testimonials: Testimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <Section id="testimonials" eyebrow="Testimonials" title="What our students say">
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t._id} data-testid="testimonial" className="flex flex-col rounded-2xl border border-slate-200 p-6">
            <SiteText text={t.text} className="flex-1 space-y-3 leading-relaxed text-slate-700" />
            <p className="mt-5 flex items-center gap-3">
              {t.photo ? (
                <SiteImg image={t.photo} sizes="48px" alt="" loading="lazy" className="h-12 w-12 rounded-full object-cover" />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-800 font-bold text-gold-400"
                >
                  {t.initials}
                </span>
              )}
              <span>
                <span className="block font-semibold text-brand-900">{t.name}</span>
                <span className="block text-sm text-slate-600">
                  {t.course}, {t.year}
                </span>
              </span>
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
