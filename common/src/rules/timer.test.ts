import { describe, expect, it } from 'vitest';
import { formatTimer, isTimerWarning, timerColour } from './timer.ts';

describe('formatTimer', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [300, '5:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [7200, '2:00:00'],
    [-4, '0:00'],
  ])('%s s is %s', (s, text) => {
    expect(formatTimer(s)).toBe(text);
  });
});

describe('timer colour', () => {
  it('is red at 300 seconds or less, else green', () => {
    expect(timerColour(301)).toBe('green');
    expect(timerColour(300)).toBe('red');
    expect(timerColour(0)).toBe('red');
    expect(isTimerWarning(299)).toBe(true);
    expect(isTimerWarning(3600)).toBe(false);
  });
});
