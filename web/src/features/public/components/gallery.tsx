import { GALLERY_CATEGORIES, type GalleryCategory } from '@app/common/constants';
import { Expand, ImageOff } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { type GalleryImage, useGallery } from '../api/gallery.ts';
import { Section, Skeleton } from './section.tsx';
import { SiteImg } from './site-image.tsx';

// The viewer (and the dialog library) is fetched when first wanted, keeping the page's own script small.
const loadViewer = () => import('./image-viewer.tsx');
const ImageViewer = lazy(() => loadViewer().then((m) => ({ default: m.ImageViewer })));

type Filter = GalleryCategory | 'All';
const FILTERS: Filter[] = ['All', ...GALLERY_CATEGORIES];

/** The gallery of /about, filterable by the five categories (docs/product.md sections 2 and 9). */
export function Gallery() {
  const gallery = useGallery();
  const { data } = gallery;
  const [filter, setFilter] = useState<Filter>('All');
  const [viewing, setViewing] = useState<number | null>(null);
  const [hasViewer, setHasViewer] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);

  const images = useMemo(() => (data ?? []).filter((img) => filter === 'All' || img.category === filter), [data, filter]);

  return (
    <Section
      id="gallery"
      tone="muted"
      eyebrow="Life at the institute"
      title="Gallery"
      intro="Classes, moot courts, seminars and the days we celebrate our students’ results."
    >
      <fieldset className="min-w-0">
        <legend className="sr-only">Filter the gallery by category</legend>
        <div className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-inset transition ${
                filter === f ? 'bg-brand-800 text-white ring-brand-800' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50'
              }`}
            >
              {f}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="mt-6">
        <QueryState
          query={gallery}
          errorText="The gallery could not be loaded."
          loading={
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
              <Skeleton label="Loading gallery..." count={6} className="aspect-[3/2]" />
            </div>
          }
          isEmpty={() => images.length === 0}
          empty={
            <p className="flex items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-slate-600">
              <ImageOff aria-hidden="true" className="h-5 w-5 text-slate-400" />
              {filter === 'All' ? 'Photographs will be added soon.' : `No ${filter} photographs yet.`}
            </p>
          }
        >
          {() => (
            <ul
              className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3"
              data-testid="gallery-grid"
              onPointerEnter={loadViewer}
              onFocus={loadViewer}
            >
              {images.map((img, i) => (
                <Thumbnail
                  key={img._id}
                  image={img}
                  onOpen={(el) => {
                    opener.current = el;
                    setHasViewer(true);
                    setViewing(i);
                  }}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </div>

      {hasViewer && (
        <Suspense fallback={null}>
          <ImageViewer images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} returnFocus={opener} />
        </Suspense>
      )}
    </Section>
  );
}

function Thumbnail({ image, onOpen }: { image: GalleryImage; onOpen: (el: HTMLButtonElement) => void }) {
  return (
    <li data-category={image.category}>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={(e) => onOpen(e.currentTarget)}
        className="group relative block w-full overflow-hidden rounded-xl bg-slate-200 shadow-sm ring-1 ring-slate-200"
      >
        <SiteImg
          image={{ ...image, width: image.width ?? 1200, height: image.height ?? 800 }}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          alt={image.title}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] h-auto w-full object-cover transition duration-300 group-hover:scale-105"
        />
        <span
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-brand-900/95 via-brand-900/65 to-transparent p-2 pt-8 [text-shadow:0_1px_2px_rgba(0,0,0,0.5)] text-left text-white sm:p-3 sm:pt-10"
        >
          <span className="min-w-0">
            <span className="hidden text-[0.65rem] font-semibold uppercase tracking-widest text-gold-400 sm:block">{image.category}</span>
            <span className="mt-0.5 line-clamp-2 text-xs font-medium leading-snug sm:text-sm">{image.title}</span>
          </span>
          <Expand className="hidden h-5 w-5 shrink-0 opacity-80 sm:block" />
        </span>
      </button>
    </li>
  );
}
