import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExamTimer } from './exam-timer.tsx';

afterEach(cleanup);

const shown = () => screen.getByRole('timer').textContent;
const colour = () => screen.getByTestId('exam-timer').dataset.colour;

describe('ExamTimer (docs/product.md section 4: red at 300 s or less; H:MM:SS from one hour up, else M:SS)', () => {
  it('shows M:SS below one hour', () => {
    render(<ExamTimer seconds={3599} />);
    expect(shown()).toBe('59:59');
  });

  it('shows H:MM:SS from one hour up', () => {
    render(<ExamTimer seconds={3600} />);
    expect(shown()).toBe('1:00:00');
  });

  it('is red at exactly 300 seconds', () => {
    render(<ExamTimer seconds={300} />);
    expect(shown()).toBe('5:00');
    expect(colour()).toBe('red');
    expect(screen.getByTestId('exam-timer').className).toContain('text-red-700');
  });

  it('is green at 301 seconds', () => {
    render(<ExamTimer seconds={301} />);
    expect(shown()).toBe('5:01');
    expect(colour()).toBe('green');
    expect(screen.getByTestId('exam-timer').className).toContain('text-green-800');
  });

  it('never shows a negative time', () => {
    render(<ExamTimer seconds={-4} />);
    expect(shown()).toBe('0:00');
  });
});
