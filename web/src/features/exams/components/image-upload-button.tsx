import { UPLOAD_MAX_BYTES, type UploadResponse } from '@app/common/schemas/uploads';
import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client.ts';

/**
 * Uploads an image (PNG, JPEG or WebP, at most 1 MB) to this server and hands back the Markdown that
 * shows it, to be added to the text being written.
 */
export function ImageUploadButton({ label, onUploaded }: { label: string; onUploaded: (markdown: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setError(null);
    if (file.size > UPLOAD_MAX_BYTES) {
      setError('The image is too large: at most 1 MB');
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const { url } = await api<UploadResponse>('/api/uploads', { method: 'POST', body: form });
      const alt = file.name.replace(/\.[a-z]+$/i, '').replace(/[[\]]/g, '') || 'image';
      onUploaded(`![${alt}](${url})`);
    } catch (err) {
      setError(errorMessage(err, 'The image could not be uploaded'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 font-medium text-slate-700 hover:bg-slate-50"
      >
        <ImagePlus aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Uploading...' : label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <span className="text-slate-600">Formatting: **bold**, *italic*, lists, | tables |</span>
      {error && (
        <span role="alert" className="text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
