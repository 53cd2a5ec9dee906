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
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useBatches } from '../../../api/batches.ts';
import { useAdminCourses } from '../../../api/courses.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateMaterial, useUpdateMaterial } from '../api/materials.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

type Values = {
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

const toFields = (v: Values) => ({
  title: v.title,
  description: v.description,
  subject: v.subject,
  courses: v.courses,
  batches: v.batches,
  publishAt: fromIstInput(v.publishAt),
});

const toVideoBody = (v: Values): VideoMaterialBody => ({ ...toFields(v), videoUrl: v.videoUrl });

// The form is checked by the server's own schemas (the video body, or a PDF's fields), plus the file's
// size and type, which the server checks again by the file's content.
const formSchema = (creating: boolean) =>
  z.custom<Values>().superRefine((v, ctx) => {
    const result = v.kind === 'video' ? videoMaterialBody.safeParse(toVideoBody(v)) : pdfMaterialFields.safeParse(toFields(v));
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: [String(issue.path[0] ?? 'title')], message: issue.message });
    }
    if (creating && v.kind === 'pdf') {
      const file = v.file?.[0];
      if (!file) ctx.addIssue({ code: 'custom', path: ['file'], message: MATERIAL_MSG.fileMissing.replace(' in the field "file"', '') });
      else if (file.size > MATERIAL_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['file'], message: MATERIAL_MSG.fileTooLarge });
      else if (file.size === 0) ctx.addIssue({ code: 'custom', path: ['file'], message: MATERIAL_MSG.fileEmpty });
      else if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf')
        ctx.addIssue({ code: 'custom', path: ['file'], message: MATERIAL_MSG.notPdf });
    }
  });

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
  form.append('description', f.description);
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
    resolver: formResolver(formSchema(creating)),
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
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">For these courses (all their students)</legend>
          {e.courses?.message && (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {e.courses.message}
            </p>
          )}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(courses.data ?? []).map((c) => (
              <label key={c._id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" value={c._id} className="h-4 w-4" {...register('courses')} /> {c.name}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">Or these batches</legend>
          {e.batches?.message && (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {e.batches.message}
            </p>
          )}
          {batches.isError && <p className="mt-1 text-sm text-red-700">Could not load the batches.</p>}
          <div className="mt-2 grid max-h-48 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
            {(batches.data ?? []).map((b) => (
              <label key={b._id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" value={b._id} className="h-4 w-4" {...register('batches')} /> {b.name}
              </label>
            ))}
            {batches.data?.length === 0 && <p className="text-sm text-slate-500">No batches yet.</p>}
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
