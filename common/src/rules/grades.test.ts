import { describe, expect, it } from 'vitest';
import { gradeFor, percentageOf, scoreColour } from './grades.ts';

describe('gradeFor', () => {
  it.each([
    [0, 'F'],
    [49.99, 'F'],
    [50, 'C'],
    [59.99, 'C'],
    [60, 'B'],
    [69.99, 'B'],
    [70, 'B+'],
    [79.99, 'B+'],
    [80, 'A'],
    [89.99, 'A'],
    [90, 'A+'],
    [100, 'A+'],
  ])('%s%% is %s', (pct, grade) => {
    expect(gradeFor(pct)).toBe(grade);
  });
});

describe('scoreColour', () => {
  it.each([
    [null, 'grey'],
    [undefined, 'grey'],
    [0, 'red'],
    [39.99, 'red'],
    [40, 'yellow'],
    [59.99, 'yellow'],
    [60, 'blue'],
    [79.99, 'blue'],
    [80, 'green'],
    [100, 'green'],
  ])('%s is %s', (pct, colour) => {
    expect(scoreColour(pct)).toBe(colour);
  });
});

describe('percentageOf', () => {
  it('rounds to two decimals and guards a zero total', () => {
    expect(percentageOf(2, 3)).toBe(66.67);
    expect(percentageOf(45, 50)).toBe(90);
    expect(percentageOf(5, 0)).toBe(0);
  });
});
