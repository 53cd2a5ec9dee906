import { zodResolver } from '@hookform/resolvers/zod';
import { fromIstInput, toIstInput } from '@app/common/rules/dates';
import {
  MATERIAL_MAX_BYTES,
  MATERIAL_MSG,
  type Material,
  type MaterialPatchBody,
  pdfMaterialFields,
  type VideoMaterialBody,
  videoMaterialBody,
} from '@app/common/schemas/materials';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useBatches } from '../../../api/batches.ts';
import { useAdminCourses } from '../../../api/courses.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { CheckboxGroup, TextAreaField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateMaterial, useUpdateMaterial } from '../api/materials.ts';

export type Values = {
  kind: 'pdf' | 'video';
  title: string;
  description: string;
  subject: string;
  videoUrl: string;
  file: FileList | null;
  courses: string[];
  batches: string[];
  publishAt: string;
};

const toFields = (v: Values): z.input<typeof pdfMaterialFields> => ({
  title: v.title,
  description: v.description,
  subject: v.subject,
  courses: v.courses,
  batches: v.batches,
  publishAt: fromIstInput(v.publishAt),
});

const toVideoBody = (v: Values): VideoMaterialBody => ({ ...toFields(v), videoUrl: v.videoUrl });

// The form's values are read into the API body and checked by the server's own schemas (a video link's
// body, or a PDF's fields), so its rules and messages apply unchanged; a new PDF's file is one more field,
// checked here for presence, size and type (the server checks it again by its content).
const pdfFile = z
  .custom<File | undefined>((file) => file !== undefined, { error: MATERIAL_MSG.fileMissing.replace(' in the field "file"', '') })
  .refine((file) => (file?.size ?? 0) <= MATERIAL_MAX_BYTES, MATERIAL_MSG.fileTooLarge)
  .refine((file) => (file?.size ?? 0) > 0, MATERIAL_MSG.fileEmpty)
  .refine((file) => /\.pdf$/i.test(file?.name ?? '') || file?.type === 'application/pdf', MATERIAL_MSG.notPdf);

const videoForm = z.custom<Values>().transform(toVideoBody).pipe(videoMaterialBody);
const newPdfBody = pdfMaterialFields.safeExtend({ file: pdfFile });
const newPdfForm = z
  .custom<Values>()
  .transform((v): z.input<typeof newPdfBody> => ({ ...toFields(v), file: v.file?.[0] }))
  .pipe(newPdfBody);
const pdfEditForm = z.custom<Values>().transform(toFields).pipe(pdfMaterialFields);

// raw: the submit handler gets the form's values (a PDF goes up as multipart form data, not as the body).
const checks = {
  video: zodResolver(videoForm, undefined, { raw: true }),
  newPdf: zodResolver(newPdfForm, undefined, { raw: true }),
  pdfEdit: zodResolver(pdfEditForm, undefined, { raw: true }),
};
/** The form's resolver: by the kind of material, and for a new PDF its file too. */
export const materialResolver =
  (creating: boolean): Resolver<Values> =>
  (values, context, options) =>
    (values.kind === 'video' ? checks.video : creating ? checks.newPdf : checks.pdfEdit)(values, context, options);

const toValues = (m: Material | null): Values => ({
  kind: m?.kind ?? 'pdf',
  title: m?.title ?? '',
  description: m?.description ?? '',
  subject: m?.subject ?? '',
  videoUrl: m?.videoUrl ?? '',
  file: null,
  courses: m?.courses ?? [],
  batches: m?.batches ?? [],
  publishAt: toIstInput(m?.publishAt),
});

function toFormData(v: Values): FormData {
  const form = new FormData();
  const f = toFields(v);
  form.append('title', f.title);
  form.append('description', f.description ?? '');
  form.append('subject', f.subject);
  form.append('courses', JSON.stringify(f.courses));
  form.append('batches', JSON.stringify(f.batches));
  form.append('publishAt', f.publishAt ?? '');
  // The file goes last, so the server has read the fields when the large part arrives.
  if (v.file?.[0]) form.append('file', v.file[0]);
  return form;
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; material: Material | null };

/** Add a PDF or a video link, or change a material's details and audience. */
export function MaterialFormModal({ open, onOpenChange, material }: Props) {
  const courses = useAdminCourses();
  const batches = useBatches();
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const creating = material === null;
  const save = creating ? create : update;
  const { reset: resetCreate } = create;
  const { reset: resetUpdate } = update;
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<Values>({
    resolver: materialResolver(creating),
    defaultValues: toValues(material),
  });
  useEffect(() => {
    if (open) {
      reset(toValues(material));
      resetCreate();
      resetUpdate();
    }
  }, [open, material, reset, resetCreate, resetUpdate]);

  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.fields) {
      for (const [name, message] of Object.entries(err.fields)) {
        const field = name.split('.')[0] as keyof Values;
        if (field in toValues(null)) setError(field, { message });
      }
    }
  };
  const onDone = () => {
    toast.success(creating ? 'Material added' : 'Material updated');
    onOpenChange(false);
  };
  const onSubmit = handleSubmit((v) => {
    if (!creating && material) {
      const body: MaterialPatchBody = { ...toFields(v), ...(material.kind === 'video' ? { videoUrl: v.videoUrl } : {}) };
      update.mutate({ id: material._id, body }, { onSuccess: onDone, onError });
    } else {
      create.mutate(v.kind === 'pdf' ? toFormData(v) : toVideoBody(v), { onSuccess: onDone, onError });
    }
  });
  const e = formState.errors;
  const kind = watch('kind');
  const error = save.error;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={creating ? 'Add Study Material' : 'Edit Study Material'}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form="material-form" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? (creating && kind === 'pdf' ? 'Uploading...' : 'Saving...') : creating ? 'Add Material' : 'Save Changes'}
          </button>
        </>
      }
    >
      <form id="material-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && !(error instanceof ApiError && error.fields) && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(error, 'Could not save the material.')}</FormAlert>
          </div>
        )}
        {creating && (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-700">Type</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" value="pdf" className="h-4 w-4" {...register('kind')} /> PDF file
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" value="video" className="h-4 w-4" {...register('kind')} /> Video link (YouTube or Vimeo)
              </label>
            </div>
          </fieldset>
        )}
        <div className="sm:col-span-2">
          <Field label="Title" error={e.title?.message} {...register('title')} />
        </div>
        <Field label="Subject" placeholder="Legal Reasoning" error={e.subject?.message} {...register('subject')} />
        <Field
          label="Publish at (IST)"
          type="datetime-local"
          hint={<span className="text-xs text-slate-500">Empty: students see it at once</span>}
          error={e.publishAt?.message}
          {...register('publishAt')}
        />
        <div className="sm:col-span-2">
          <TextAreaField label="Description" rows={3} error={e.description?.message} {...register('description')} />
        </div>
        {kind === 'video' ? (
          <div className="sm:col-span-2">
            <Field
              label="Video link"
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=..."
              error={e.videoUrl?.message}
              {...register('videoUrl')}
            />
          </div>
        ) : creating ? (
          <div className="sm:col-span-2">
            <Field
              label="File (PDF)"
              type="file"
              accept="application/pdf,.pdf"
              hint={<span className="text-xs text-slate-500">At most 50 MB. Each student's copy is stamped with their name.</span>}
              error={e.file?.message}
              {...register('file')}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2">
            File: {material?.fileName}. To replace the file, add the new one and delete this material.
          </p>
        )}
        <CheckboxGroup
          legend="For these courses (all their students)"
          error={e.courses?.message}
          options={(courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          field={register('courses')}
        />
        <CheckboxGroup
          legend="Or these batches"
          error={e.batches?.message}
          options={(batches.data ?? []).map((b) => ({ value: b._id, label: b.name }))}
          field={register('batches')}
          isLong
          notice={batches.isError && <p className="mt-1 text-sm text-red-700">Could not load the batches.</p>}
          empty={batches.data?.length === 0 ? 'No batches yet.' : undefined}
        />
      </form>
    </Modal>
  );
}
