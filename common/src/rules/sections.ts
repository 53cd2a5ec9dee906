// Section names (docs/product-question-bank.md, "Sections"): the presets, the bank and the paper builder
// name sections as text, typed by people and files. Two names are one section when they differ only in
// case, punctuation and spacing ("Current Affairs, including General Knowledge" and "current affairs
// including general-knowledge"); "&" reads as "and". Every place that matches a section's name uses this.

/** The comparable form of a section name: lower case, letters and digits (any script) separated by one space. */
export function sectionKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether two section names name the same section. */
export const sameSection = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && sectionKey(a) === sectionKey(b);

/** The first of `known` that names the same section as `name`, else `name` as written. */
export function knownSpelling(name: string, known: readonly string[]): string {
  const key = sectionKey(name);
  return known.find((k) => sectionKey(k) === key) ?? name;
}

/** One entry per section, the first spelling of each (in the order given). */
export function distinctSections(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = sectionKey(n);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
