import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_MESSAGES } from '@app/common/schemas/site';
import { ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadSiteImage } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';

type Props = { label: string; value: string | undefined; onChange: (url: string) => void; error?: string };

/**
 * A photo field: uploads the chosen file (the server checks it and makes the page sizes) and keeps the
 * URL it answers; Remove empties it. The file's size is checked here first, to spare a long upload.
 */
export function ImageField({ label, value, onChange, error }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File) => {
    setFailure(null);
    if (file.size > SITE_IMAGE_MAX_BYTES) {
      setFailure(SITE_IMAGE_MESSAGES.tooLarge);
      return;
    }
    setBusy(true);
    try {
      onChange((await uploadSiteImage(file)).url);
    } catch (err) {
      setFailure(errorMessage(err, SITE_ADMIN_MSG.uploadError));
    } finally {
      setBusy(false);
    }
  };
  const shown = failure ?? error;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-700" id={`${id}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={value} alt="" className="h-16 w-16 rounded-md border border-slate-200 object-cover" />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500">
            None
          </span>
        )}
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 focus-within:ring-2 focus-within:ring-brand-100 hover:bg-slate-50"
        >
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Uploading...' : value ? 'Replace photo' : 'Upload photo'}
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={shown ? `${id}-error` : undefined}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
        {value && (
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            onClick={() => onChange('')}
          >
            <X aria-hidden="true" className="h-4 w-4" /> Remove
          </button>
        )}
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      )}
    </div>
  );
}
