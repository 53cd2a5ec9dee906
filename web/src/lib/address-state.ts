import { useSearchParams } from 'react-router';

/** `value` when it is one of `allowed`, else `fallback` (an address edited by hand names nothing odd). */
export const pickParam = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * A list's state kept in the address (shareable; the back button works): its parameters, the page, and
 * `update`, which writes changes in place of the current history entry. A blank or null value removes its
 * parameter, and so does page 1; any change but the page's goes back to page 1 unless `resetPage` is false.
 */
export function useAddressState() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (changes: Record<string, string | number | null>, resetPage = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage && !('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, page, update };
}
