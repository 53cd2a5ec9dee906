import { todayInIndia } from '@app/common/rules/dates';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityBody, activityBody, ENQUIRY_MSG } from '@app/common/schemas/enquiries';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useLogActivity } from '../api/enquiries.ts';
import { DESK_MSG } from '../messages.ts';

type Values = { kind: ActivityBody['kind']; outcome: string; nextFollowUp: string };
const blank: Values = { kind: 'call', outcome: '', nextFollowUp: '' };
const KIND_OPTIONS = ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABELS[k] }));

type Props = {
  enquiryId: string;
  /** After the server has the activity (a dialog closes). */
  onLogged?: () => void;
  /** The form's id, for a submit button outside it (a dialog's footer). */
  formId?: string;
  /** Inside a dialog the dialog's footer holds the button. */
  hideSubmit?: boolean;
};

/** Log a call, visit, WhatsApp message or note with its outcome, and when to follow up next. */
export function ActivityForm({ enquiryId, onLogged, formId = `activity-${enquiryId}`, hideSubmit }: Props) {
  const log = useLogActivity(enquiryId);
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, ActivityBody>({
    resolver: formResolver(activityBody),
    defaultValues: blank,
  });
  const submit = handleSubmit((body) =>
    log.mutate(body, {
      onSuccess: () => {
        toast.success(ENQUIRY_MSG.activityLogged);
        reset(blank);
        onLogged?.();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [name, message] of Object.entries(err.fields)) setError(name as keyof Values, { message });
      },
    }),
  );
  const e = formState.errors;
  return (
    <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {log.isError && !(log.error instanceof ApiError && log.error.fields) && (
        <div className="sm:col-span-2">
          <FormAlert>{errorMessage(log.error, DESK_MSG.logError)}</FormAlert>
        </div>
      )}
      <SelectField label="Kind" options={KIND_OPTIONS} error={e.kind?.message} {...register('kind')} />
      <Field label="Next follow-up" type="date" min={todayInIndia()} error={e.nextFollowUp?.message} {...register('nextFollowUp')} />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Outcome"
          rows={3}
          placeholder="What was said, what was agreed"
          error={e.outcome?.message}
          {...register('outcome')}
        />
      </div>
      {!hideSubmit && (
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={log.isPending}>
            {log.isPending ? 'Logging...' : 'Log outcome'}
          </button>
        </div>
      )}
    </form>
  );
}
