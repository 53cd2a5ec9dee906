import {
  ENQUIRY_MSG,
  ENQUIRY_STAGE_LABELS,
  ENQUIRY_STAGES,
  type EnquiryDetail,
  type EnquiryStage,
  LOST_REASON_LABELS,
  LOST_REASONS,
  type LostReason,
  type UpdateEnquiryBody,
  updateEnquiryBody,
} from '@app/common/schemas/enquiries';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useEnquiryOwners, useUpdateEnquiry } from '../api/enquiries.ts';
import { DESK_MSG } from '../messages.ts';
import { ownerOptions } from './owner-options.ts';

type Values = { stage: EnquiryStage; lostReason: LostReason | ''; owner: string; nextFollowUp: string; notes: string; classYear: string };

const valuesOf = (e: EnquiryDetail): Values => ({
  stage: e.stage,
  lostReason: e.lostReason ?? '',
  owner: e.owner?._id ?? '',
  nextFollowUp: e.nextFollowUp ?? '',
  notes: e.notes,
  classYear: e.classYear ?? '',
});

/** Only what was changed is sent, so the history records no stage move that did not happen. */
export function changesOf(v: Values, e: EnquiryDetail): UpdateEnquiryBody {
  const was = valuesOf(e);
  const body: UpdateEnquiryBody = {};
  if (v.stage !== was.stage || (v.stage === 'lost' && v.lostReason !== was.lostReason)) {
    body.stage = v.stage;
    if (v.stage === 'lost') body.lostReason = v.lostReason || undefined;
  }
  if (v.owner !== was.owner) body.owner = v.owner || null;
  if (v.nextFollowUp !== was.nextFollowUp) body.nextFollowUp = v.nextFollowUp || null;
  if (v.notes !== was.notes) body.notes = v.notes;
  if (v.classYear !== was.classYear) body.classYear = v.classYear;
  return body;
}

const STAGE_OPTIONS = ENQUIRY_STAGES.map((s) => ({ value: s, label: ENQUIRY_STAGE_LABELS[s] }));
const REASON_OPTIONS = [{ value: '', label: 'Choose a reason' }, ...LOST_REASONS.map((r) => ({ value: r, label: LOST_REASON_LABELS[r] }))];
const FIELDS = ['stage', 'lostReason', 'owner', 'nextFollowUp', 'notes', 'classYear'] as const;

/** The enquiry's stage (Lost asks why), owner, next follow-up, class or year and notes, saved together. */
export function ManageForm({ enquiry }: { enquiry: EnquiryDetail }) {
  const { user } = useAuth();
  const candidates = useEnquiryOwners(enquiry.centre?.id);
  const update = useUpdateEnquiry(enquiry._id);
  // The form's values become the PATCH body, checked by the server's own schema (a lost enquiry's reason).
  const resolver = useMemo(
    () =>
      formResolver<Values, UpdateEnquiryBody>(
        z
          .custom<Values>()
          .transform((v) => changesOf(v, enquiry))
          .pipe(updateEnquiryBody),
      ),
    [enquiry],
  );
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<Values, unknown, UpdateEnquiryBody>({
    resolver,
    defaultValues: valuesOf(enquiry),
  });
  const stage = watch('stage');
  const me = user ? { _id: user._id, name: user.fullName } : null;
  const owners = ownerOptions(enquiry, me, candidates.data);

  // The resolver's output is the body: the changed fields only.
  const submit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        toast.success(ENQUIRY_MSG.updated);
        reset(valuesOf(saved));
      },
      onError: (err) => {
        if (!(err instanceof ApiError) || !err.fields) return;
        for (const [name, message] of Object.entries(err.fields))
          if ((FIELDS as readonly string[]).includes(name)) setError(name as keyof Values, { message });
      },
    }),
  );
  const e = formState.errors;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {update.isError && !(update.error instanceof ApiError && update.error.fields) && (
        <div className="sm:col-span-2">
          <FormAlert>{errorMessage(update.error, DESK_MSG.saveError)}</FormAlert>
        </div>
      )}
      <SelectField label="Stage" options={STAGE_OPTIONS} error={e.stage?.message} {...register('stage')} />
      {stage === 'lost' ? (
        <SelectField label="Why was it lost?" options={REASON_OPTIONS} error={e.lostReason?.message} {...register('lostReason')} />
      ) : (
        <span className="hidden sm:block" />
      )}
      <SelectField label="Owner" options={owners} error={e.owner?.message} {...register('owner')} />
      <Field label="Next follow-up" type="date" error={e.nextFollowUp?.message} {...register('nextFollowUp')} />
      <Field label="Class or year" error={e.classYear?.message} {...register('classYear')} />
      <div className="sm:col-span-2">
        <TextAreaField label="Notes" rows={4} error={e.notes?.message} {...register('notes')} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={update.isPending || !formState.isDirty}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
