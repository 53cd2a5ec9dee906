import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeView, changedFields, valueText } from './change-view.tsx';

afterEach(cleanup);

describe('changedFields', () => {
  it('lists only the fields whose value changed, with before and after', () => {
    expect(changedFields({ status: 'pending', amount: 5 }, { status: 'completed', amount: 5, by: 'Admin' })).toEqual([
      { field: 'status', before: 'pending', after: 'completed' },
      { field: 'by', before: undefined, after: 'Admin' },
    ]);
  });

  it('shows a created or deleted record field by field, and a bare value as a whole', () => {
    expect(changedFields(null, { email: 'a@b.c' })).toEqual([{ field: 'email', before: undefined, after: 'a@b.c' }]);
    expect(changedFields({ email: 'a@b.c' }, null)).toEqual([{ field: 'email', before: 'a@b.c', after: undefined }]);
    expect(changedFields(1, 2)).toEqual([{ field: '', before: 1, after: 2 }]);
  });

  it('writes values as short text', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText('x'.repeat(200))).toHaveLength(80);
  });
});

describe('ChangeView: values as an admin reads them', () => {
  it('shows paise as rupees with Indian grouping and timestamps as en-IN date and time in IST', () => {
    const { container } = render(
      <ChangeView
        before={{ amountPaise: 2500000, status: 'pending', paidAt: null }}
        after={{ amountPaise: 2512350, status: 'completed', paidAt: '2026-01-15T06:30:00.000Z' }}
      />,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('amount: ₹25,000');
    expect(text).toContain('₹25,123.50');
    expect(text).not.toContain('2500000');
    expect(text).toContain('15 Jan 2026, 12:00');
    expect(text).not.toContain('2026-01-15T');
  });
});

describe('ChangeView', () => {
  it('renders what a user typed as text, never as HTML', () => {
    const { container } = render(<ChangeView before={{ title: 'Old' }} after={{ title: '<img src=x onerror="alert(1)">' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain('title: Old');
  });
});
