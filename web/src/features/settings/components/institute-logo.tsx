import { type InstituteSettings, LOGO_MAX_BYTES, LOGO_MESSAGES } from '@app/common/schemas/settings';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRemoveLogo, useUploadLogo } from '../api/institute-settings.ts';

/**
 * The institute's logo (docs/product.md section 15): PNG or JPEG up to 2 MB, previewed here and drawn at
 * the top of every receipt, tax invoice and credit note. The server judges the file by its content.
 */
export function InstituteLogo({ settings }: { settings: InstituteSettings }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  const onFile = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setProblem(LOGO_MESSAGES.tooLarge);
    if (file.type && !['image/png', 'image/jpeg'].includes(file.type)) return setProblem(LOGO_MESSAGES.notImage);
    upload.mutate(file, {
      onSuccess: () => toast.success('Logo saved'),
      onError: (err) => setProblem(errorMessage(err, 'Could not upload the logo. Please try again.')),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-800">
        Logo
      </h2>
      <p id={hintId} className="text-sm text-slate-600">
        PNG or JPEG, at most 2 MB. Printed at the top of every receipt, tax invoice and credit note.
      </p>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-24 w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 sm:w-64">
          {settings.logoUrl ? (
            <img src={settings.logoUrl} alt="Institute logo" className="max-h-20 max-w-full object-contain" />
          ) : (
            <span className="text-sm text-slate-500">No logo yet</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label htmlFor={inputId} className={`${buttonClass.primary} cursor-pointer focus-within:ring-2`}>
            {upload.isPending ? 'Uploading...' : settings.logoUrl ? 'Replace logo' : 'Upload logo'}
            <input
              id={inputId}
              ref={input}
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              aria-describedby={hintId}
              disabled={busy}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
          </label>
          {settings.logoUrl && (
            <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => setConfirming(true)}>
              Remove logo
            </button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the logo?"
        message="Receipts, tax invoices and credit notes will be printed without a logo."
        confirmLabel="Remove logo"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setProblem(null);
              toast.success('Logo removed');
            },
            onError: (err) => {
              setConfirming(false);
              setProblem(errorMessage(err, 'Could not remove the logo. Please try again.'));
            },
          })
        }
      />
    </section>
  );
}
