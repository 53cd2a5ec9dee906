import { fromIstInput, toIstInput } from '@app/common/rules/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TYPES } from '@app/common/constants';
import { type Announcement, type AnnouncementBody, announcementBody } from '@app/common/schemas/announcements';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { type AnnouncementOutput, useSaveAnnouncement } from '../api/save-announcement.ts';
import { audienceOptions, priorityOptions, typeOptions } from '../labels.ts';
import { ANNOUNCEMENT_MSG } from '../messages.ts';

// The date inputs hold India-time text; this schema turns them into instants and validates the API
// body with the server's own schema (blank publish date = now, blank expiry = none).
export const announcementForm = z
  .object({
    title: z.string(),
    content: z.string(),
    type: z.enum(ANNOUNCEMENT_TYPES),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES),
    targetAudience: z.enum(ANNOUNCEMENT_AUDIENCES),
    publishDate: z.string(),
    expiryDate: z.string(),
  })
  .transform((v): AnnouncementBody => ({ ...v, publishDate: fromIstInput(v.publishDate), expiryDate: fromIstInput(v.expiryDate) }))
  .superRefine((v, ctx) => {
    // A blank publish date means now: an expiry already past is refused before the server is asked.
    if (v.expiryDate && !v.publishDate && new Date(v.expiryDate) <= new Date()) {
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Expiry date must be after the publish date' });
    }
  })
  .pipe(announcementBody);
type FormValues = z.input<typeof announcementForm>;

const toFormValues = (a?: Announcement | null): FormValues => ({
  title: a?.title ?? '',
  content: a?.content ?? '',
  type: a?.type ?? 'announcement',
  priority: a?.priority ?? 'medium',
  targetAudience: a?.targetAudience ?? 'all',
  publishDate: toIstInput(a?.publishDate),
  expiryDate: toIstInput(a?.expiryDate),
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; announcement: Announcement | null };

/** Add / Edit Announcement modal (docs/product.md section 5 "Announcement form"). */
export function AnnouncementFormModal({ open, onOpenChange, announcement }: Props) {
  const isEdit = Boolean(announcement);
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, AnnouncementOutput>({
    resolver: zodResolver(announcementForm),
    defaultValues: toFormValues(announcement),
  });
  const save = useSaveAnnouncement();
  const { reset: resetSave } = save;

  useEffect(() => {
    if (open) {
      reset(toFormValues(announcement));
      resetSave();
    }
  }, [open, announcement, reset, resetSave]);

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: announcement?._id, body },
      {
        onSuccess: () => {
          toast.success(isEdit ? ANNOUNCEMENT_MSG.updated : ANNOUNCEMENT_MSG.created);
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) setError(name as keyof FormValues, { message });
          }
        },
      },
    ),
  );

  const e = formState.errors;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? 'Edit Announcement' : 'Add New Announcement'}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form="announcement-form" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : isEdit ? 'Update Announcement' : 'Create Announcement'}
          </button>
        </>
      }
    >
      <form id="announcement-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        {save.isError && (
          <div className="sm:col-span-3">
            <FormAlert>{errorMessage(save.error, ANNOUNCEMENT_MSG.saveError)}</FormAlert>
          </div>
        )}
        <div className="sm:col-span-3">
          <Field label="Title" autoComplete="off" error={e.title?.message} {...register('title')} />
        </div>
        <div className="sm:col-span-3">
          <TextAreaField label="Content" rows={5} error={e.content?.message} {...register('content')} />
        </div>
        <SelectField label="Type" options={typeOptions} error={e.type?.message} {...register('type')} />
        <SelectField label="Priority" options={priorityOptions} error={e.priority?.message} {...register('priority')} />
        <SelectField label="Target audience" options={audienceOptions} error={e.targetAudience?.message} {...register('targetAudience')} />
        <div className="sm:col-span-3 grid gap-4 sm:grid-cols-2">
          <Field
            label="Publish date (India time)"
            type="datetime-local"
            error={e.publishDate?.message}
            hint={<p className="text-xs text-slate-500">Leave blank to publish now.</p>}
            {...register('publishDate')}
          />
          <Field
            label="Expiry date (optional)"
            type="datetime-local"
            error={e.expiryDate?.message}
            hint={<p className="text-xs text-slate-500">Leave blank to keep it until you deactivate it.</p>}
            {...register('expiryDate')}
          />
        </div>
      </form>
    </Modal>
  );
}
