// The only real import of sonner (about 9 KB gzip). Pages write `import { toast } from 'sonner'` and
// web/vite.config.ts resolves that to this file, so sonner loads after the first render instead of
// with every page that can show a toast (bundle budget: scripts/bundle-budget.mjs). A toast raised before sonner has
// loaded shows a moment later; sonner replays active toasts to a Toaster that subscribes late.
type Sonner = typeof import('sonner');
type ToastArgs = Parameters<Sonner['toast']['success']>;

let sonner: Promise<Sonner> | undefined;
export const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

// The Toaster mounts when the first toast is asked for (lib/toaster.tsx): a page nobody acts on never
// loads sonner, nor pays for mounting it and its styles while the page is still settling.
let isWanted = false;
const wantedListeners = new Set<() => void>();
export function onFirstToast(listener: () => void): () => void {
  if (isWanted) {
    listener();
    return () => {};
  }
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

const show = (kind: 'success' | 'error' | 'warning' | 'info') => (message: ToastArgs[0], options?: ToastArgs[1]) => {
  if (!isWanted) {
    isWanted = true;
    for (const listener of wantedListeners) listener();
    wantedListeners.clear();
  }
  void loadSonner().then((m) => m.toast[kind](message, options));
};

export const toast = { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
