import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { Spinner } from './spinner.tsx';

/** A lazily loaded component whose code can be fetched ahead of its first render (`preload()`). */
export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component in a chunk of its own, loaded on its first render or on `preload()` (pass it to the
 * opening button's pointer-enter and focus, so the code is usually there by the click). Forms and
 * dialogs that open on a click live behind one: their code (react-hook-form, the form's schemas)
 * stays out of the page's initial JavaScript, which scripts/bundle-budget.mjs holds to 170 KB gzip.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const Component = lazy(() => preload().then((c) => ({ default: c })));
  return Object.assign(Component, { preload }) as unknown as Preloadable<P>;
}

/** What the user sees while a dialog's code loads: the modal's overlay with a spinner. */
export function DialogLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60">
      <div className="rounded-xl bg-white px-6 py-4 shadow-xl">
        <Spinner label={label} />
      </div>
    </div>
  );
}

/**
 * Renders a lazily loaded dialog (its element as `children`) from its first opening on: nothing
 * before, the loading overlay while its code arrives, then the dialog, which stays mounted (closed)
 * afterwards exactly as a statically imported one would.
 */
export function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={open ? <DialogLoading /> : null}>{children}</Suspense>;
}
