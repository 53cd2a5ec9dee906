import { describe, expect, it } from 'vitest';
import { distinctSections, knownSpelling, sameSection, sectionKey } from './sections.ts';

describe('section names', () => {
  it('ignore case, punctuation and spacing; "&" is "and"', () => {
    expect(sectionKey('  Current Affairs, including  General-Knowledge. ')).toBe('current affairs including general knowledge');
    expect(sameSection('Current Affairs, including General Knowledge', 'Current Affairs including General Knowledge')).toBe(true);
    expect(sameSection('Current Affairs & GK', 'current affairs and gk')).toBe(true);
    expect(sameSection('Current Affairs', 'Current Affairs including General Knowledge')).toBe(false);
    expect(sameSection('Legal Reasoning', null)).toBe(false);
    // Letters of every script are kept, vowel signs included.
    expect(sectionKey('আইনি যুক্তি!')).toBe('আইনি যুক্তি');
    expect(sameSection('विधिक तर्क', 'विधि तर्क')).toBe(false);
  });

  it('find the spelling already in use, and list one entry per section', () => {
    const known = ['Current Affairs, including General Knowledge', 'Legal Reasoning'];
    expect(knownSpelling('current affairs including general knowledge', known)).toBe(known[0]);
    expect(knownSpelling('Logical Reasoning', known)).toBe('Logical Reasoning');
    expect(distinctSections(['A, B', 'a b', 'C'])).toEqual(['A, B', 'C']);
  });
});
