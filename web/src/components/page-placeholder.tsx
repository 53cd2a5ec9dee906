/**
 * Holds a screen's height while a page's code loads after a navigation, so the footer is not drawn at
 * the top and then pushed down. A page the server rendered keeps its HTML meanwhile: React hydrates it
 * when the code arrives.
 */
export function PagePlaceholder() {
  return <div aria-hidden="true" className="min-h-screen" />;
}
