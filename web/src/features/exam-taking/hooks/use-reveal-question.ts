import { type RefObject, useCallback } from 'react';

type Refs = {
  /** The sticky exam header (timer, Submit): nothing may open hidden under it. */
  stickyRef: RefObject<HTMLElement | null>;
  /** The question card. */
  cardRef: RefObject<HTMLElement | null>;
  /** The Question Navigation column: above the question on a phone, beside it on a wide screen. */
  navRef: RefObject<HTMLElement | null>;
  headingRef: RefObject<HTMLElement | null>;
};

/**
 * Brings the new question's start into view: on a phone, Next is pressed at the bottom of a long
 * question, and the next one would otherwise open half hidden under the sticky header. On a phone the
 * Question Navigation panel sits above the question: then the panel's top is brought into view instead,
 * so starting or moving on never scrolls the panel away (the question follows right below it), and the
 * panel stays open or closed as the student left it.
 */
export function useRevealQuestion({ stickyRef, cardRef, navRef, headingRef }: Refs) {
  return useCallback(
    (focusHeading: boolean) => {
      requestAnimationFrame(() => {
        const card = cardRef.current;
        if (!card) return;
        const headerBottom = stickyRef.current?.getBoundingClientRect().bottom ?? 0;
        const nav = navRef.current;
        const isNavAbove = nav !== null && nav.getBoundingClientRect().bottom <= card.getBoundingClientRect().top;
        const target = isNavAbove ? nav : card;
        if (target.getBoundingClientRect().top < headerBottom) {
          target.style.scrollMarginTop = `${Math.ceil(headerBottom) + 8}px`;
          target.scrollIntoView({ block: 'start' });
        }
        if (focusHeading) headingRef.current?.focus({ preventScroll: true });
      });
    },
    [stickyRef, cardRef, navRef, headingRef],
  );
}
