/** Appears after 100 px of scroll (spec 9). */
const SCROLL_TO_TOP_THRESHOLD = 100;

/**
 * The scroll-to-top button, rendered hidden (it is a JavaScript-only
 * convenience): shown after 100 px of scroll; it scrolls up and puts the
 * focus on the main content. Returns what undoes it.
 */
export function enhanceScrollToTop(button: HTMLButtonElement): () => void {
  const update = () => {
    button.hidden = window.scrollY <= SCROLL_TO_TOP_THRESHOLD;
  };
  const onClick = () => {
    // A visitor who asked for less motion jumps (WCAG 2.3.3).
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? "instant" : "smooth" });
    document.getElementById("main")?.focus({ preventScroll: true });
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
  button.addEventListener("click", onClick);
  return () => {
    window.removeEventListener("scroll", update);
    button.removeEventListener("click", onClick);
  };
}
