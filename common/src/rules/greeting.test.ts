import { describe, expect, it } from 'vitest';
import { greetingName, welcomeBack } from './greeting.ts';

describe('the dashboards’ greeting', () => {
  it('greets a titled person by title and surname', () => {
    expect(welcomeBack({ firstName: 'Dr. P.', lastName: 'Ghosh' })).toBe('Welcome back, Dr. Ghosh.');
    expect(welcomeBack({ firstName: 'Adv.', lastName: 'R. Sen' })).toBe('Welcome back, Adv. Sen.');
    expect(welcomeBack({ firstName: 'Prof Anita', lastName: 'Roy' })).toBe('Welcome back, Prof Roy.');
    expect(welcomeBack({ firstName: 'Ms. Meera', lastName: '' })).toBe('Welcome back, Ms. Meera.');
  });

  it('greets an office’s account by its full name, and anyone else by the first name', () => {
    expect(welcomeBack({ firstName: 'Institute', lastName: 'Admin' })).toBe('Welcome back, Institute Admin.');
    expect(welcomeBack({ firstName: 'Kasba', lastName: 'Manager' })).toBe('Welcome back, Kasba Manager.');
    expect(welcomeBack({ firstName: 'Counter', lastName: 'Accountant' })).toBe('Welcome back, Counter Accountant.');
    expect(welcomeBack({ firstName: 'Asha Kumari', lastName: 'Roy' })).toBe('Welcome back, Asha Kumari.');
    expect(greetingName({ firstName: 'Drishti', lastName: 'Sen' })).toBe('Drishti');
  });

  it('never writes two full stops, and copes with no name', () => {
    expect(welcomeBack({ firstName: 'P.', lastName: '' })).toBe('Welcome back, P.');
    expect(welcomeBack({ firstName: ' ', lastName: ' ' })).toBe('Welcome back.');
    expect(welcomeBack(null)).toBe('Welcome back.');
  });
});
