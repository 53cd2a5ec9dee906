// The dashboards' "Welcome back, ..." (docs/product-staff.md, "The back office per role"). A first name is
// not always a name to greet by: "Dr. P." (the title and an initial) gave "Welcome back, Dr. P..", and an
// account named after an office ("Institute Admin", "Counter Accountant") gave "Welcome back, Institute.".

/** Titles written before a name; a titled person is greeted by title and surname ("Dr. Ghosh"). */
const TITLES = new Set(['dr', 'prof', 'mr', 'mrs', 'ms', 'miss', 'mx', 'adv', 'advocate', 'justice', 'shri', 'sri', 'smt', 'kumari']);

/** Words that name an office or a role rather than a person: such an account is greeted by its full name. */
const OFFICE_WORDS = new Set([
  'institute',
  'admin',
  'administrator',
  'office',
  'accounts',
  'accountant',
  'counter',
  'manager',
  'faculty',
  'staff',
  'team',
  'desk',
  'reception',
  'centre',
  'center',
  'front',
]);

const bare = (word: string) => word.replace(/\.+$/, '').toLowerCase();

/** The name to greet a person by: title and surname, the full name of an office's account, else the first name. */
export function greetingName(person: { firstName: string; lastName: string }): string {
  const first = person.firstName.trim().split(/\s+/).filter(Boolean);
  const last = person.lastName.trim().split(/\s+/).filter(Boolean);
  const words = [...first, ...last];
  if (words.length === 0) return '';
  if (TITLES.has(bare(words[0])) && words.length > 1) {
    // "Dr. P. Ghosh" is "Dr. Ghosh"; a title with no surname keeps what follows it ("Prof. Meera").
    return `${words[0]} ${last.length > 0 ? last[last.length - 1] : words.slice(1).join(' ')}`;
  }
  if (words.some((w) => OFFICE_WORDS.has(bare(w)))) return words.join(' ');
  return first.join(' ') || last.join(' ');
}

/** "Welcome back, Dr. Ghosh." (one full stop, even after an initial). */
export function welcomeBack(person: { firstName: string; lastName: string } | null | undefined): string {
  const name = person ? greetingName(person) : '';
  if (!name) return 'Welcome back.';
  return `Welcome back, ${name}${name.endsWith('.') ? '' : '.'}`;
}
