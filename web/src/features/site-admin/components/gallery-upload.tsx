import { zodResolver } from '@hookform/resolvers/zod';
import { GALLERY_CATEGORIES } from '@app/common/constants';
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_MESSAGES, galleryUploadFields } from '@app/common/schemas/site';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { useAddGalleryImage } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { setServerErrors } from './set-server-errors.ts';

export const categoryOptions = GALLERY_CATEGORIES.map((c) => ({ value: c, label: c }));
type Values = z.input<typeof galleryUploadFields>;

/** Adds an image to the end of the gallery: the file, its category and its caption (the page's alt text). */
export function GalleryUpload() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof galleryUploadFields>>({
    resolver: zodResolver(galleryUploadFields),
    defaultValues: { category: 'Academic', caption: '' },
  });
  const add = useAddGalleryImage();
  const { register, handleSubmit, reset, setError, formState } = form;

  const onSubmit = handleSubmit((fields) => {
    if (!file) return setFileError(SITE_IMAGE_MESSAGES.missing.replace(' in the field "file"', ''));
    if (file.size > SITE_IMAGE_MAX_BYTES) return setFileError(SITE_IMAGE_MESSAGES.tooLarge);
    add.mutate(
      { file, ...fields },
      {
        onSuccess: () => {
          toast.success(SITE_ADMIN_MSG.imageAdded);
          reset({ category: fields.category, caption: '' });
          setFile(null);
        },
        onError: (err) => setServerErrors(err, setError),
      },
    );
  });
  const e = formState.errors;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
    >
      {add.isError && (
        <div className="sm:col-span-4">
          <FormAlert>{errorMessage(add.error, SITE_ADMIN_MSG.uploadError)}</FormAlert>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-700">
          Image
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          className="min-w-0 text-sm file:mr-2 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          onChange={(ev) => {
            setFileError(null);
            setFile(ev.target.files?.[0] ?? null);
          }}
        />
        {fileError && (
          <p id={`${fileId}-error`} className="text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>
      <SelectField label="Category" options={categoryOptions} error={e.category?.message} {...register('category')} />
      <Field label="Caption" autoComplete="off" error={e.caption?.message} {...register('caption')} />
      <button type="submit" className={buttonClass.primary} disabled={add.isPending}>
        <Upload aria-hidden="true" className="h-4 w-4" /> {add.isPending ? 'Uploading...' : 'Add to gallery'}
      </button>
    </form>
  );
}
