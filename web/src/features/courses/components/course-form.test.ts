import { describe, expect, it } from 'vitest';
import { courseForm } from './course-form.tsx';
import { toFeePlanFormValues } from './fee-plan-fields.tsx';

const filled = {
  name: 'CLAT Weekend Batch',
  description: 'Mock tests every Sunday.',
  price: '12345.50',
  feeType: 'full' as const,
  category: '',
  duration: '6 months',
  features: [{ value: ' Weekly mock tests ' }, { value: '' }],
  feePlan: toFeePlanFormValues(undefined),
};
const plan = (installments: string, mode: 'monthly' | 'dates', dates: string[] = []) => ({
  installments,
  mode,
  dueDates: [...dates, ...Array(12 - dates.length).fill('')],
});

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

  it('reads the fee plan: monthly without dates, listed dates cut to the number of installments', () => {
    expect(courseForm.parse(filled).feePlan).toEqual({ installments: 4 });
    expect(courseForm.parse({ ...filled, feePlan: plan('3', 'monthly', ['2027-01-01']) }).feePlan).toEqual({ installments: 3 });
    const listed = plan('2', 'dates', ['2027-01-05', '2027-03-01', '2027-04-01']);
    expect(courseForm.parse({ ...filled, feePlan: listed }).feePlan).toEqual({ installments: 2, dueDates: ['2027-01-05', '2027-03-01'] });
    expect(toFeePlanFormValues({ installments: 2, dueDates: ['2027-01-05', '2027-03-01'] })).toEqual(
      listed.dueDates.length === 12 ? plan('2', 'dates', ['2027-01-05', '2027-03-01']) : null,
    );
  });

  it('keeps the server rules on the plan: a missing date, dates out of order', () => {
    expect(messages({ ...filled, feePlan: plan('2', 'dates', ['2027-01-05']) })).toEqual({
      'feePlan.dueDates.1': 'Each due date must be a real date written YYYY-MM-DD',
    });
    expect(messages({ ...filled, feePlan: plan('2', 'dates', ['2027-03-01', '2027-01-05']) })).toEqual({
      'feePlan.dueDates': 'Due dates must be strictly increasing: each one later than the one before',
    });
  });
});
