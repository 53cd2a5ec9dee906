import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner } from './toast.ts';

// sonner is about 10 KB gzip: it loads once the first page has rendered, not before (issue 6 bundle
// budget). A toast raised before it mounts is not lost: sonner replays active toasts to a late Toaster.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-right" />
    </Suspense>
  );
}
