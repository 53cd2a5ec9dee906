/**
 * Holds a screen's height while the sections under the first screen load, so the footer is not drawn
 * right under the hero and then pushed down (Lighthouse measured that shift as CLS up to 0.78).
 */
export function SectionsPlaceholder() {
  return <div aria-hidden="true" className="min-h-screen" />;
}
