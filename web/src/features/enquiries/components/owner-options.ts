import type { DeskEnquiry, EnquiryOwner } from '@app/common/schemas/enquiries';

type Option = { value: string; label: string };

/**
 * Who may own an enquiry, as the owner select offers them: nobody, whoever owns it now, the signed-in staff
 * member, and everyone the server names for the enquiry's centre (GET /api/enquiries/owners: the rule is
 * the server's alone), each once.
 */
export function ownerOptions(
  enquiry: Pick<DeskEnquiry, 'owner'>,
  me: { _id: string; name: string } | null,
  owners: readonly EnquiryOwner[] = [],
): Option[] {
  const options: Option[] = [{ value: '', label: 'Nobody' }];
  const add = (value: string, label: string) => {
    if (!options.some((o) => o.value === value)) options.push({ value, label });
  };
  if (enquiry.owner) add(enquiry.owner._id, enquiry.owner.name);
  if (me) add(me._id, `Me (${me.name})`);
  for (const o of owners) add(o._id, o.name);
  return options;
}
