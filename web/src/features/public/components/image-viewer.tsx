import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type KeyboardEvent, type RefObject, type TouchEvent, useEffect, useRef } from 'react';
import type { GalleryImage } from '../api/gallery.ts';

type Props = {
  images: GalleryImage[];
  /** The image shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes back to when the viewer closes (the thumbnail that opened it). */
  returnFocus: RefObject<HTMLElement | null>;
};

const SWIPE_MIN_PX = 50;

/**
 * Full-screen image viewer (docs/product.md section 2, /about): arrow keys and buttons move, Escape closes,
 * a horizontal swipe moves on touch screens. Radix keeps focus inside and the page from scrolling.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, returnFocus }: Props) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const open = index !== null && images.length > 0;
  const current = open ? images[Math.min(index, images.length - 1)] : null;
  const total = images.length;
  const position = open ? Math.min(index, total - 1) : 0;

  const go = (delta: number) => onIndexChange((position + delta + total) % total);

  // Fetch the neighbours ahead of time so moving on feels instant.
  useEffect(() => {
    if (!open || total < 2) return;
    for (const d of [1, -1]) new Image().src = images[(position + d + total) % total].url;
  }, [open, position, total, images]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    }
  };
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touchStart.current = { x: t.clientX, y: t.clientY };
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const t = e.changedTouches[0];
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  const navButton =
    'flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/20 backdrop-blur transition hover:bg-white/20';

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
        <Dialog.Content
          data-testid="image-viewer"
          onKeyDown={onKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          {current && (
            <>
              <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
                <p className="text-sm font-semibold tabular-nums text-slate-200" data-testid="viewer-position">
                  <span className="sr-only">Image </span>
                  {position + 1} / {total}
                </p>
                <Dialog.Close aria-label="Close viewer" className={navButton}>
                  <X aria-hidden="true" className="h-6 w-6" />
                </Dialog.Close>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20">
                <img
                  key={current._id}
                  src={current.url}
                  alt={current.title}
                  width={1200}
                  height={800}
                  className="max-h-full w-auto max-w-full rounded-lg object-contain shadow-2xl"
                />
                {total > 1 && (
                  <>
                    <button
                      type="button"
                      aria-label="Previous image"
                      onClick={() => go(-1)}
                      className={`${navButton} absolute left-4 top-1/2 hidden -translate-y-1/2 sm:flex`}
                    >
                      <ChevronLeft aria-hidden="true" className="h-7 w-7" />
                    </button>
                    <button
                      type="button"
                      aria-label="Next image"
                      onClick={() => go(1)}
                      className={`${navButton} absolute right-4 top-1/2 hidden -translate-y-1/2 sm:flex`}
                    >
                      <ChevronRight aria-hidden="true" className="h-7 w-7" />
                    </button>
                  </>
                )}
              </div>
              <div className="flex items-center justify-between gap-4 px-4 pb-6 pt-4 sm:justify-center sm:px-6">
                {total > 1 && (
                  <button type="button" aria-label="Previous image" onClick={() => go(-1)} className={`${navButton} shrink-0 sm:hidden`}>
                    <ChevronLeft aria-hidden="true" className="h-6 w-6" />
                  </button>
                )}
                <div className="min-w-0 text-center" aria-live="polite">
                  <Dialog.Title className="font-serif text-lg font-semibold sm:text-xl">{current.title}</Dialog.Title>
                  <Dialog.Description className="mt-1 text-xs font-semibold uppercase tracking-widest text-gold-400">
                    {current.category}
                  </Dialog.Description>
                </div>
                {total > 1 && (
                  <button type="button" aria-label="Next image" onClick={() => go(1)} className={`${navButton} shrink-0 sm:hidden`}>
                    <ChevronRight aria-hidden="true" className="h-6 w-6" />
                  </button>
                )}
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
