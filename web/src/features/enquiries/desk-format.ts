import { formatDay, todayInIndia } from '@app/common/rules/dates';
import { indianMobile, indianPhoneDigits } from '@app/common/schemas/fields';
import type { EnquiryStage } from '@app/common/schemas/enquiries';

// What the desk's screens write about an enquiry: its call and WhatsApp links, its stage's colour, the
// follow-up's standing against today (India's calendar) and the funnel's default period.

/** `tel:` with the number's 10 digits after +91 (a phone dials it from anywhere), else as it was typed. */
export function telLink(phone: string): string {
  const digits = indianPhoneDigits(phone);
  return digits ? `tel:+91${digits}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** WhatsApp's chat link for an Indian mobile number; null for a landline or a number that is not one. */
export function whatsAppLink(phone: string): string | null {
  const digits = indianMobile(phone);
  return digits ? `https://wa.me/91${digits}` : null;
}

export type StageTone = 'blue' | 'amber' | 'orange' | 'green' | 'slate' | 'red';
export const STAGE_TONES: Record<EnquiryStage, StageTone> = {
  new: 'blue',
  contacted: 'amber',
  counselling_booked: 'orange',
  visited: 'orange',
  applied: 'blue',
  admitted: 'green',
  lost: 'slate',
};

/** Where a follow-up day stands: before today (overdue), today, later, or none. */
export function followUpStanding(day: string | null, today = todayInIndia()): 'overdue' | 'today' | 'later' | 'none' {
  if (!day) return 'none';
  if (day < today) return 'overdue';
  return day === today ? 'today' : 'later';
}

/** "Dec 2026" for "2026-12". */
export const formatMonth = (month: string): string => formatDay(`${month}-01`).replace(/^\d+ /, '');

/** This month in India: its first day to today. */
export function thisMonth(today = todayInIndia()): { from: string; to: string } {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** A count as a share of the enquiries, in whole per cent ("45%"); '' when there are none. */
export const shareOf = (count: number, total: number): string => (total > 0 ? `${Math.round((count / total) * 100)}%` : '');

/** The server's conversion rate (two decimals) as shown: "12.5%". */
export const formatRate = (rate: number): string => `${Number(rate.toFixed(2))}%`;
