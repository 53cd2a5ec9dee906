import { describe, expect, it } from 'vitest';
import { courseForm } from './course-form.tsx';

const filled = {
  name: 'CLAT Weekend Batch',
  description: 'Mock tests every Sunday.',
  price: '12345.50',
  feeType: 'full' as const,
  category: '',
  duration: '6 months',
  features: [{ value: ' Weekly mock tests ' }, { value: '' }],
};

const messages = (input: unknown) => {
  const r = courseForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('course form schema (form values -> API body, the server rules)', () => {
  it('reads the typed price as a number and the feature fields as a list without blanks', () => {
    expect(courseForm.parse(filled)).toMatchObject({ price: 12345.5, features: ['Weekly mock tests'], category: '' });
  });

  it('names every missing field at once, a blank price as required rather than 0', () => {
    expect(messages({ ...filled, name: '', description: '', price: '  ', duration: '', features: [{ value: '' }] })).toEqual({
      name: 'Name is required',
      description: 'Description is required',
      price: 'Price is required',
      duration: 'Duration is required',
      features: 'Please add at least one feature',
    });
  });

  it('keeps the server rules on the price', () => {
    expect(messages({ ...filled, price: '-1' })).toEqual({ price: 'Price must be at least 0' });
    expect(messages({ ...filled, price: '1.234' })).toEqual({ price: 'Price can have at most 2 decimals' });
  });
});
