import { initialsOf } from '@app/common/rules/text';
import { RichText } from '../../../components/rich-text.tsx';

// "Preview": the draft as the public pages lay it out (their colours, order and type), before it is saved.

const str = (v: unknown) => (typeof v === 'string' ? v : '');
type Button = { label?: string; href?: string };
/** The form's draft, any part of it possibly still empty. */
type HomeDraft = {
  hero?: { headline?: string; text?: string; imageUrl?: string; primaryButton?: Button; secondaryButton?: Button };
  whyChooseUs?: { title?: string; text?: string }[];
  principal?: { name?: string; photoUrl?: string; message?: string };
};

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="overflow-hidden rounded-xl border-4 border-dashed border-gold-400/60">
      <p className="bg-gold-400/20 px-4 py-1 text-xs font-semibold uppercase tracking-widest text-brand-900">{title}: not saved yet</p>
      {children}
    </section>
  );
}

export function HomePreview({ home }: { home: HomeDraft }) {
  const hero = home.hero ?? {};
  const principal = home.principal ?? {};
  const buttons = [hero.primaryButton, hero.secondaryButton].filter((b) => b && str(b.label));
  return (
    <Frame title="Home page preview">
      <div className="grid gap-8 bg-brand-900 px-6 py-10 text-white md:grid-cols-[1.2fr_1fr]">
        <div>
          <h2 className="font-serif text-3xl font-bold leading-tight sm:text-4xl">{str(hero.headline) || 'Headline'}</h2>
          <RichText className="mt-4 text-slate-200" text={str(hero.text)} />
          <div className="mt-6 flex flex-wrap gap-3">
            {buttons.map((b, i) => (
              <span
                key={str(b?.label)}
                className={
                  i === 0
                    ? 'rounded-lg bg-gold-400 px-5 py-2 font-semibold text-brand-900'
                    : 'rounded-lg border border-white/30 px-5 py-2 font-semibold'
                }
              >
                {str(b?.label)}
              </span>
            ))}
          </div>
        </div>
        {str(hero.imageUrl) && <img src={str(hero.imageUrl)} alt="" className="w-full rounded-2xl object-cover" />}
      </div>
      <div className="bg-white px-6 py-8">
        <h3 className="font-serif text-2xl font-bold text-brand-900">Why students choose us</h3>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(home.whyChooseUs ?? []).map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a draft's points have no ids; the order is what is shown
            <li key={i} className="rounded-2xl border border-slate-200 p-4">
              <p className="font-semibold text-brand-900">{str(p?.title)}</p>
              <RichText className="mt-1 text-sm text-slate-600" text={str(p?.text)} />
            </li>
          ))}
        </ul>
      </div>
      <div className="grid items-center gap-6 bg-brand-800 px-6 py-8 text-white md:grid-cols-[auto_1fr]">
        {str(principal.photoUrl) ? (
          <img src={str(principal.photoUrl)} alt="" className="h-28 w-28 rounded-full border-4 border-gold-400 object-cover" />
        ) : (
          <span className="flex h-28 w-28 items-center justify-center rounded-full border-4 border-gold-400 bg-brand-900 font-serif text-3xl font-bold text-gold-400">
            {initialsOf(str(principal.name))}
          </span>
        )}
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">From the principal</p>
          <RichText className="mt-2 text-slate-100" text={str(principal.message)} />
          <p className="mt-3 font-semibold text-gold-400">{str(principal.name)}</p>
        </div>
      </div>
    </Frame>
  );
}

type Pair = { title?: unknown; text?: unknown };

export function AboutPreview({ story, achievements }: { story: unknown; achievements: Pair[] }) {
  return (
    <Frame title="About page preview">
      <div className="bg-white px-6 py-8">
        <h3 className="font-serif text-2xl font-bold text-brand-900">Our story</h3>
        <RichText className="mt-3 text-slate-700" text={str(story)} />
      </div>
      <dl className="grid grid-cols-2 gap-4 bg-brand-900 px-6 py-8 text-center text-white lg:grid-cols-4">
        {achievements.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a draft's entries have no ids; the order is what is shown
          <div key={i} className="rounded-2xl border border-white/10 bg-white/5 p-4">
            <dd className="font-serif text-3xl font-bold text-gold-400">{str(a.title)}</dd>
            <dt className="mt-1 text-sm text-slate-200">
              <RichText inline text={str(a.text)} />
            </dt>
          </div>
        ))}
      </dl>
    </Frame>
  );
}

export function FaqPreview({ items }: { items: { question?: unknown; answer?: unknown }[] }) {
  return (
    <Frame title="FAQ preview">
      <div className="divide-y divide-slate-200 bg-white px-6 py-4">
        {items.map((q, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a draft's questions have no ids; the order is what is shown
          <details key={i} open className="py-3">
            <summary className="cursor-pointer font-semibold text-brand-900">{str(q.question)}</summary>
            <RichText className="mt-2 text-slate-700" text={str(q.answer)} />
          </details>
        ))}
      </div>
    </Frame>
  );
}
