import { ENQUIRY_STALE_DAYS } from '@app/common/schemas/enquiries';

// The desk's own texts; the server's (ENQUIRY_MSG) come with @app/common/schemas/enquiries.
export const DESK_MSG = {
  listError: 'Could not load the enquiries.',
  oneError: 'Could not load the enquiry.',
  saveError: 'Could not save the enquiry.',
  logError: 'Could not log the outcome.',
  funnelError: 'Could not load the funnel.',
  csvError: 'Could not download the funnel.',
  nothingDue: 'No follow-ups due',
  nothingDueHint: 'Follow-ups due today and overdue ones appear here.',
  noEnquiries: 'No enquiries yet',
  noEnquiriesHint: 'Record a walk-in or a call with New enquiry; the contact page’s enquiries arrive here too.',
  noMatch: 'No enquiries match these filters',
  noMatchHint: 'Try another stage, source or centre, or clear the search.',
  stale: `Not touched for ${ENQUIRY_STALE_DAYS} days`,
} as const;
