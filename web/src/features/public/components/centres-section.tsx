import type { Centre } from '@app/common/schemas/centres';
import { Clock, MapPin, Navigation, Phone } from 'lucide-react';
import { QueryState } from '../../../components/query-state.tsx';
import { useCentres } from '../../../api/centres.ts';
import { Section, Skeleton } from './section.tsx';

type Props = { id?: string; title?: string; intro?: string; tone?: 'white' | 'muted'; hours?: string };

/** The three centres (docs/product.md section 1), on the home page and as contacts on /about. */
export function CentresSection({
  id = 'centres',
  title = 'Our centres',
  intro = 'Three centres across Kolkata and Hooghly, each with its own classrooms, library and test hall.',
  tone = 'muted',
  hours,
}: Props) {
  const centres = useCentres();
  return (
    <Section id={id} tone={tone} eyebrow="Visit us" title={title} intro={intro}>
      <QueryState
        query={centres}
        errorText="Centre details could not be loaded."
        loading={
          <div className="grid gap-6 md:grid-cols-3" aria-busy="true">
            <Skeleton label="Loading centres..." count={3} className="h-72" />
          </div>
        }
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            Centre details will be published soon.
          </p>
        }
      >
        {(data) => (
          <div className="grid gap-6 md:grid-cols-3">
            {data.map((c) => (
              <CentreCard key={c.id} centre={c} hours={hours} />
            ))}
          </div>
        )}
      </QueryState>
    </Section>
  );
}

function CentreCard({ centre: c, hours }: { centre: Centre; hours?: string }) {
  const headingId = `centre-${c.id}`;
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(c.address)}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="centre-card"
      className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="rounded-t-2xl bg-brand-800 px-6 py-5 text-white">
        <h3 id={headingId} className="font-serif text-xl font-bold">
          {c.name}
        </h3>
        <p className="mt-1 text-sm text-gold-400">{c.location}</p>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-6">
        <address className="flex gap-3 not-italic text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          {c.address}
        </address>
        <a href={`tel:${c.phone.replace(/\s/g, '')}`} className="flex gap-3 font-medium text-brand-800 hover:underline">
          <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          {c.phone}
        </a>
        {hours && (
          <p className="flex gap-3 text-slate-700">
            <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            {hours}
          </p>
        )}
        {c.facilities.length > 0 && (
          <ul aria-label={`Facilities at ${c.name}`} className="flex flex-wrap gap-2">
            {c.facilities.map((f) => (
              <li key={f} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                {f}
              </li>
            ))}
          </ul>
        )}
        <a
          href={mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          <Navigation aria-hidden="true" className="h-4 w-4" />
          Get directions<span className="sr-only"> to {c.name} (opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}
