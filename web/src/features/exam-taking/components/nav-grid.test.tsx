import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countStates, type Progress, paletteStateOf } from '../paper.ts';
import { NavGrid, PaletteLegend, paletteClass } from './nav-grid.tsx';

afterEach(cleanup);

const ids = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
const items = ids.map((id, index) => ({ id, index }));
const button = (n: number) => screen.getByRole('button', { name: new RegExp(`^Question ${n},`) });
// q1 answered with option 0 (a falsy value still counts); q2 seen, not answered; q3 marked for review
// without an answer; q4 answered and marked; q5 blank text, seen; q6 never opened.
const progress: Progress = {
  answers: { q1: 0, q4: 'An answer', q5: '   ' },
  review: new Set(['q3', 'q4']),
  visited: new Set(['q1', 'q2', 'q3', 'q4', 'q5']),
};

describe('the palette: five states (Not Visited, Not Answered, Answered, Marked for Review, Answered & Marked for Review)', () => {
  it('gives each question its state, with classes and accessible names', () => {
    render(<NavGrid items={items} progress={progress} currentIndex={1} onSelect={() => {}} />);
    const expected = ['answered', 'not-answered', 'review', 'answered-review', 'not-answered', 'not-visited'];
    expected.forEach((state, i) => {
      expect(button(i + 1).dataset.state).toBe(state);
      expect(button(i + 1).className).toContain(paletteClass[state as keyof typeof paletteClass]);
    });
    expect(button(1).getAttribute('aria-label')).toBe('Question 1, Answered');
    expect(button(2).getAttribute('aria-label')).toBe('Question 2, Not Answered, current');
    expect(button(2).getAttribute('aria-current')).toBe('step');
    expect(button(3).getAttribute('aria-label')).toBe('Question 3, Marked for Review');
    expect(button(4).getAttribute('aria-label')).toBe('Question 4, Answered & Marked for Review');
    expect(button(6).getAttribute('aria-label')).toBe('Question 6, Not Visited');
    expect(screen.getAllByRole('button', { current: 'step' })).toHaveLength(1);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('answered-and-marked counts as answered in the states (it is evaluated)', () => {
    expect(paletteStateOf('q4', progress)).toBe('answered-review');
    expect(countStates(ids, progress)).toEqual({ 'not-visited': 1, 'not-answered': 2, answered: 1, review: 1, 'answered-review': 1 });
  });

  it('lays the grid out 5 per row and shows the legend with counts', () => {
    const { container } = render(
      <>
        <NavGrid items={items} progress={progress} currentIndex={0} onSelect={() => {}} />
        <PaletteLegend counts={countStates(ids, progress)} />
      </>,
    );
    expect((container.querySelector('ul') as HTMLElement).style.gridTemplateColumns).toBe('repeat(5, minmax(0, 1fr))');
    const legend = screen.getByRole('list', { name: 'Legend' });
    for (const label of ['Not Visited: 1', 'Not Answered: 2', 'Answered: 1', 'Marked for Review: 1', 'Answered & Marked for Review: 1']) {
      expect(legend.textContent?.replace(/\s+/g, ' ')).toContain(label);
    }
  });

  it('selects a question by its index', () => {
    const onSelect = vi.fn();
    render(<NavGrid items={items} progress={progress} currentIndex={0} onSelect={onSelect} />);
    fireEvent.click(button(4));
    expect(onSelect).toHaveBeenCalledWith(3);
  });
});
