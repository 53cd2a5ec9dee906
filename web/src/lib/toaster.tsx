import { type CSSProperties, lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner, onFirstToast } from './toast.ts';

// sonner is about 10 KB gzip: it loads and mounts when the first toast is raised, never with a page
// (mounting it on idle was a long task on a phone). The toast is not lost: sonner replays
// active toasts to a Toaster that subscribes late.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

// Bottom-right: at the top the toasts covered the header's welcome line and Logout for seconds.
const TOAST_POSITION = 'bottom-right';

/**
 * sonner's rich colours put green, red, blue and amber text on pale backgrounds below the 4.5:1
 * contrast of WCAG 1.4.3 (the success text is 4.3:1): darker shades of the same hues, each above 6:1.
 */
const TOAST_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--error-text': 'hsl(360, 100%, 38%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 30%)',
} as CSSProperties;

export function LazyToaster() {
  const [isReady, setReady] = useState(false);
  useEffect(() => onFirstToast(() => setReady(true)), []);
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position={TOAST_POSITION} style={TOAST_COLOURS} />
    </Suspense>
  );
}
