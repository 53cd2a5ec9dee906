import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here up the admin lists are tables, below it cards. */
export const WIDE_QUERY = '(min-width: 768px)';

/**
 * Whether a media query matches now, following changes (rotation, resizing). Read synchronously on the
 * first render, so a phone never paints the wide layout first. Without matchMedia (the component
 * tests' jsdom) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
