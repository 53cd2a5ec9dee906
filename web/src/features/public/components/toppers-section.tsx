import type { Topper } from '@app/common/schemas/site';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { initialsOf } from '@app/common/rules/text';
import { SiteImg } from './site-image.tsx';
import { Section } from './section.tsx';
import { SiteText } from './site-text.tsx';

/** How many toppers the home page shows; /results lists them all. */
const HOME_TOPPERS = 8;

/** The home page's toppers, in the institute's order (docs/product-site.md). */
export function ToppersSection({ toppers }: { toppers: Topper[] }) {
  if (toppers.length === 0) return null;
  return (
    <Section
      id="toppers"
      tone="muted"
      eyebrow="Results"
      title="Our toppers"
      intro="Students of our centres in the exams they prepared for with us."
    >
      <ToppersGrid toppers={toppers.slice(0, HOME_TOPPERS)} />
      <p className="mt-8">
        <Link to="/results" className="font-semibold text-brand-700 hover:underline">
          See all our results
        </Link>
      </p>
    </Section>
  );
}

/** Topper cards; `nameAs` is the heading level of each name under the section's own headings. */
export function ToppersGrid({ toppers, nameAs = 'h3' }: { toppers: Topper[]; nameAs?: 'h3' | 'h4' }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {toppers.map((t) => (
        <TopperCard key={t._id} topper={t} nameAs={nameAs} />
      ))}
    </ul>
  );
}

function TopperCard({ topper, nameAs: Name }: { topper: Topper; nameAs: 'h3' | 'h4' }) {
  return (
    <li data-testid="topper-card" className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      {topper.photo ? (
        <SiteImg image={topper.photo} sizes="96px" alt="" loading="lazy" className="mx-auto h-24 w-24 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="mx-auto flex h-24 w-24 items-center justify-center rounded-full bg-brand-800 font-serif text-3xl font-bold text-gold-400"
        >
          {initialsOf(topper.name)}
        </span>
      )}
      <Name className="mt-4 font-serif text-lg font-bold text-brand-900">{topper.name}</Name>
      <p className="mt-1 inline-flex items-center justify-center gap-1 font-semibold text-amber-800">
        <Trophy aria-hidden="true" className="h-4 w-4 shrink-0" />
        {topper.exam} {topper.year}: {topper.rank !== undefined ? `Rank ${topper.rank}` : topper.score}
      </p>
      <p className="mt-1 text-sm text-slate-600">{topper.centreName}</p>
      {topper.quote && <SiteText text={topper.quote} className="mt-3 text-sm italic leading-relaxed text-slate-700" />}
    </li>
  );
}
