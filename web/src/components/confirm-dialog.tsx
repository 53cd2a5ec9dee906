import type { ReactNode } from 'react';
import { buttonClass } from './field.tsx';
import { Modal } from './modal.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  children?: ReactNode;
};

/** Confirmation before anything destructive or final. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  busyLabel,
  busy,
  tone = 'danger',
  onConfirm,
  children,
}: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={tone === 'danger' ? buttonClass.danger : buttonClass.primary}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? (busyLabel ?? `${confirmLabel}...`) : confirmLabel}
          </button>
        </>
      }
    >
      <div className="text-slate-700">{message}</div>
      {children}
    </Modal>
  );
}
