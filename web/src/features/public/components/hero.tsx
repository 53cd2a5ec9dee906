import type { SiteButton } from '@app/common/schemas/site';
import { ArrowRight, BookOpenCheck, Gavel, GraduationCap, Landmark, Search } from 'lucide-react';
import { Link } from 'react-router';
import { useSiteHome } from '../api/site.ts';
import { SiteImg } from './site-image.tsx';
import { Paragraphs } from './site-text.tsx';

const TRACKS = [
  { icon: GraduationCap, title: 'Law entrance', text: 'CLAT, AILET and LSAT India' },
  { icon: Gavel, title: 'Judicial services', text: 'WBJS and state judiciary: prelims, mains, interview' },
  { icon: BookOpenCheck, title: 'Law degree', text: 'LL.B. and B.A. LL.B. semester coaching' },
];

/** The home page's first screen: the headline, text, image and buttons the institute edits at /admin/site. */
export function Hero() {
  const { data: home, isError, refetch } = useSiteHome();
  const hero = home?.hero;
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
          {hero ? (
            <>
              <h1 id="hero-title" className="mt-6 font-serif text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl">
                {hero.headline}
              </h1>
              <div className="mt-6 max-w-xl space-y-3">
                <Paragraphs text={hero.text} className="text-lg leading-relaxed text-slate-200" />
              </div>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                {hero.primaryButton && <HeroButton button={hero.primaryButton} primary />}
                {hero.secondaryButton && <HeroButton button={hero.secondaryButton} primary={false} />}
              </div>
            </>
          ) : (
            <div aria-busy={!isError} className="mt-6 min-h-[16rem]">
              <h1 id="hero-title" className="font-serif text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl">
                Law Coaching Institute
              </h1>
              {isError && (
                <p role="alert" className="mt-6 text-lg text-slate-200">
                  This part of the page could not be loaded.{' '}
                  <button type="button" onClick={() => refetch()} className="font-semibold text-gold-400 underline">
                    Retry
                  </button>
                </p>
              )}
            </div>
          )}
        </div>
        {hero?.image ? (
          <SiteImg
            image={hero.image}
            sizes="(min-width: 1024px) 40vw, 100vw"
            alt=""
            fetchPriority="high"
            className="h-auto w-full rounded-2xl object-cover shadow-xl"
          />
        ) : (
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
        )}
      </div>
    </section>
  );
}

const BUTTON = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-gold-400 px-6 py-3 font-semibold text-brand-900 shadow-lg shadow-black/20 transition hover:bg-gold-500',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-white/30 px-6 py-3 font-semibold text-white transition hover:bg-white/10',
};

/** A button of the hero: a page of this site through the router, any other address as a plain link. */
function HeroButton({ button, primary }: { button: SiteButton; primary: boolean }) {
  const className = primary ? BUTTON.primary : BUTTON.secondary;
  const content = (
    <>
      {!primary && <Search aria-hidden="true" className="h-5 w-5" />}
      {button.label}
      {primary && <ArrowRight aria-hidden="true" className="h-5 w-5" />}
    </>
  );
  return button.href.startsWith('/') ? (
    <Link to={button.href} className={className}>
      {content}
    </Link>
  ) : (
    <a href={button.href} className={className}>
      {content}
    </a>
  );
}
