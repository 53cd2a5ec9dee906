import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavGrid, navStateClass } from './nav-grid.tsx';

afterEach(cleanup);

const ids = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
const button = (n: number) => screen.getByRole('button', { name: new RegExp(`^Question ${n},`) });

describe('NavGrid (SPEC.md section 2: numbered buttons coloured answered / current / not answered)', () => {
  it('marks each question answered, current or not answered, with classes and accessible names', () => {
    // q1 MCQ answered with option 0 (a falsy value still counts), q3 text, q4 cleared, q5 blank text.
    render(<NavGrid questionIds={ids} answers={{ q1: 0, q3: 'An answer', q4: null, q5: '   ' }} currentIndex={1} onSelect={() => {}} />);

    expect(button(1).dataset.state).toBe('answered');
    expect(button(1).className).toContain(navStateClass.answered);
    expect(button(1).getAttribute('aria-label')).toBe('Question 1, answered');
    expect(button(1).getAttribute('aria-current')).toBeNull();

    expect(button(2).dataset.state).toBe('current');
    expect(button(2).className).toContain(navStateClass.current);
    expect(button(2).getAttribute('aria-current')).toBe('step');
    expect(button(2).getAttribute('aria-label')).toBe('Question 2, not answered, current');

    expect(button(3).dataset.state).toBe('answered');
    for (const n of [4, 5, 6]) {
      expect(button(n).dataset.state).toBe('unanswered');
      expect(button(n).className).toContain(navStateClass.unanswered);
      expect(button(n).getAttribute('aria-label')).toBe(`Question ${n}, not answered`);
    }
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('keeps the current question current even when it is answered', () => {
    render(<NavGrid questionIds={ids} answers={{ q3: 2 }} currentIndex={2} onSelect={() => {}} />);
    expect(button(3).dataset.state).toBe('current');
    expect(button(3).getAttribute('aria-label')).toBe('Question 3, answered, current');
    expect(screen.getAllByRole('button', { current: 'step' })).toHaveLength(1);
  });

  it('lays the grid out 5 per row and shows a legend', () => {
    const { container } = render(<NavGrid questionIds={ids} answers={{}} currentIndex={0} onSelect={() => {}} />);
    expect((container.querySelector('ul') as HTMLElement).style.gridTemplateColumns).toBe('repeat(5, minmax(0, 1fr))');
    for (const label of ['Answered', 'Current', 'Not answered']) expect(screen.getByText(label)).toBeTruthy();
  });

  it('selects a question by its index', () => {
    const onSelect = vi.fn();
    render(<NavGrid questionIds={ids} answers={{}} currentIndex={0} onSelect={onSelect} />);
    fireEvent.click(button(4));
    expect(onSelect).toHaveBeenCalledWith(3);
  });
});
