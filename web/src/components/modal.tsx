import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/** The one modal of the app: focus trapped and returned, Escape closes, scrolls on small screens. */
export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md' }: Props) {
  // Radix returns the focus to a Dialog.Trigger; our modals are opened by plain buttons, so remember
  // what had the focus (a layout effect runs before Radix moves it into the dialog) and go back there.
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            if (returnTo.current?.isConnected) {
              e.preventDefault();
              returnTo.current.focus();
            }
          }}
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100vw-1.5rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none`}
        >
          <div className="flex items-start justify-between gap-4 border-b px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-brand-800">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Close">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable body must be focusable so a keyboard user can scroll it (axe scrollable-region-focusable) */}
          <div className="overflow-y-auto px-5 py-4" tabIndex={0}>
            {children}
          </div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t px-5 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
