import type { DeskEnquiry } from '@app/common/schemas/enquiries';
import { buttonClass } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useIsMutating } from '@tanstack/react-query';
import { logActivityKey } from '../api/enquiries.ts';
import { ActivityForm } from './activity-form.tsx';

type Props = { enquiry: DeskEnquiry | null; onOpenChange: (open: boolean) => void };

/** "Log outcome" from the follow-up list: the activity form of one enquiry in a dialog. */
export function ActivityDialog({ enquiry, onOpenChange }: Props) {
  const formId = 'activity-dialog-form';
  const pending = useIsMutating({ mutationKey: logActivityKey(enquiry?._id ?? '') }) > 0;
  return (
    <Modal
      open={enquiry !== null}
      onOpenChange={onOpenChange}
      title={enquiry ? `Log outcome: ${enquiry.name}` : 'Log outcome'}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass.primary} disabled={pending}>
            {pending ? 'Logging...' : 'Log outcome'}
          </button>
        </>
      }
    >
      {enquiry && (
        <ActivityForm key={enquiry._id} enquiryId={enquiry._id} formId={formId} hideSubmit onLogged={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}
