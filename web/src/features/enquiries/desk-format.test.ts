import { describe, expect, it } from 'vitest';
import { followUpStanding, formatMonth, formatRate, shareOf, telLink, thisMonth, whatsAppLink } from './desk-format.ts';

describe('the desk’s call and WhatsApp links', () => {
  it('dial and chat with the number’s 10 digits, however it was typed', () => {
    for (const typed of ['98300 12345', '+91 98300-12345', '098300 12345', '919830012345']) {
      expect(telLink(typed)).toBe('tel:+919830012345');
      expect(whatsAppLink(typed)).toBe('https://wa.me/919830012345');
    }
  });

  it('a landline is called but has no WhatsApp', () => {
    expect(telLink('(033) 2550 1201')).toBe('tel:+913325501201');
    expect(whatsAppLink('(033) 2550 1201')).toBeNull();
  });

  it('a number that is not an Indian one is dialled as typed, without WhatsApp', () => {
    expect(telLink('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(whatsAppLink('+44 20 7946 0958')).toBeNull();
  });
});

describe('follow-ups and periods in India’s calendar', () => {
  it('a follow-up before today is overdue, today’s is today', () => {
    expect(followUpStanding('2026-12-06', '2026-12-07')).toBe('overdue');
    expect(followUpStanding('2026-12-07', '2026-12-07')).toBe('today');
    expect(followUpStanding('2026-12-08', '2026-12-07')).toBe('later');
    expect(followUpStanding(null, '2026-12-07')).toBe('none');
  });

  it('this month runs from its first day to today', () => {
    expect(thisMonth('2026-12-07')).toEqual({ from: '2026-12-01', to: '2026-12-07' });
    expect(thisMonth('2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('a month is written as en-IN writes it', () => {
    expect(formatMonth('2026-12')).toBe('Dec 2026');
    expect(formatMonth('2026-09')).toBe('Sept 2026');
  });
});

describe('the funnel’s figures', () => {
  it('a share is a whole per cent of the enquiries, blank when there are none', () => {
    expect(shareOf(1, 3)).toBe('33%');
    expect(shareOf(3, 3)).toBe('100%');
    expect(shareOf(0, 0)).toBe('');
  });

  it('the conversion rate shows its two decimals without trailing zeros', () => {
    expect(formatRate(12.5)).toBe('12.5%');
    expect(formatRate(33.33)).toBe('33.33%');
    expect(formatRate(0)).toBe('0%');
  });
});
