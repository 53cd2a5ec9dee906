import type { SiteHome } from '@app/common/schemas/site';
import { initialsOf } from '@app/common/rules/text';
import { SiteImg } from './site-image.tsx';
import { SiteText } from './site-text.tsx';

const ROLE = 'Principal, Law Coaching Institute';

/** The principal's photo (or initials) and message, as the institute edits them at /admin/site. */
export function PrincipalMessage({ principal }: { principal: SiteHome['principal'] }) {
  return (
    <section aria-labelledby="principal-title" className="bg-brand-800 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[auto_1fr]">
        <div aria-hidden="true" className="hidden w-60 flex-col items-center text-center md:flex">
          <Portrait principal={principal} size="large" />
          <p className="mt-4 font-serif text-xl font-semibold">{principal.name}</p>
          <p className="text-sm text-slate-300">{ROLE}</p>
        </div>
        <figure>
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">From the principal</p>
          <h2 id="principal-title" className="mt-2 font-serif text-3xl font-bold sm:text-4xl">
            A message to every aspirant
          </h2>
          <blockquote className="mt-6 border-l-4 border-gold-400/70 pl-5 text-lg leading-relaxed text-slate-100">
            <SiteText text={principal.message} className="space-y-4" />
          </blockquote>
          <figcaption className="mt-6 flex items-center gap-4 md:sr-only">
            <span className="md:hidden">
              <Portrait principal={principal} size="small" />
            </span>
            <span>
              <span className="block font-semibold text-gold-400">{principal.name}</span>
              <span className="block text-sm text-slate-300">{ROLE}</span>
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

function Portrait({ principal, size }: { principal: SiteHome['principal']; size: 'large' | 'small' }) {
  const box = size === 'large' ? 'h-32 w-32 border-4 text-4xl' : 'h-14 w-14 border-2 text-xl';
  if (principal.photo) {
    return (
      <SiteImg
        image={principal.photo}
        sizes={size === 'large' ? '128px' : '56px'}
        alt=""
        loading="lazy"
        className={`rounded-full border-gold-400 object-cover ${box}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex items-center justify-center rounded-full border-gold-400 bg-brand-900 font-serif font-bold text-gold-400 ${box}`}
    >
      {initialsOf(principal.name)}
    </span>
  );
}
