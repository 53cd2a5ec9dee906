import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner, onFirstToast } from './toast.ts';

// sonner is about 10 KB gzip: it loads and mounts when the first toast is raised, never with a page
// (issue 6: mounting it on idle was a long task on a phone). The toast is not lost: sonner replays
// active toasts to a Toaster that subscribes late.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

// Bottom-right: at the top the toasts covered the header's welcome line and Logout for seconds.
export const TOAST_POSITION = 'bottom-right';

export function LazyToaster() {
  const [isReady, setReady] = useState(false);
  useEffect(() => onFirstToast(() => setReady(true)), []);
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position={TOAST_POSITION} />
    </Suspense>
  );
}
