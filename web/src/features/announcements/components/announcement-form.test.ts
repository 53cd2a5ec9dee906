import { describe, expect, it } from 'vitest';
import { announcementForm } from './announcement-form.tsx';

const filled = {
  title: 'Mock test on Sunday',
  content: 'At the Kasba centre, 10 AM.',
  type: 'exam_schedule' as const,
  priority: 'high' as const,
  targetAudience: 'all' as const,
  publishDate: '2026-12-01T10:00',
  expiryDate: '',
};

const messages = (input: unknown) => {
  const r = announcementForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('announcement form schema (India-time inputs -> API body, the server rules)', () => {
  it('reads the date inputs as India time and a blank expiry as none', () => {
    const body = announcementForm.parse(filled);
    expect(new Date(body.publishDate!).toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(body.expiryDate).toBeNull();
  });

  it('names the missing title and content', () => {
    expect(messages({ ...filled, title: ' ', content: '' })).toEqual({ title: 'Title is required', content: 'Content is required' });
  });

  it('refuses an expiry before the publish date, and a past expiry when publishing now', () => {
    expect(messages({ ...filled, expiryDate: '2026-11-30T10:00' })).toEqual({ expiryDate: 'Expiry date must be after the publish date' });
    expect(messages({ ...filled, publishDate: '', expiryDate: '2020-01-01T10:00' })).toEqual({
      expiryDate: 'Expiry date must be after the publish date',
    });
  });
});
