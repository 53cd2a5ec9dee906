/** The first words of a question (Markdown marks removed) for a table cell. */
export function excerpt(text: string, max = 140): string {
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/[*_`#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** An option's letter: 0 → A. */
export const letter = (i: number) => String.fromCharCode(65 + i);

/** Marks with two decimals, Indian grouping ("1,234.50"). */
export const marks = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1 objection", "3 objections". */
export const objectionCount = (n: number) => `${n.toLocaleString('en-IN')} objection${n === 1 ? '' : 's'}`;
