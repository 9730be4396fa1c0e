import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * JavaScript enhancement of a `<details>` disclosure that already opens and
 * closes without JavaScript: it also closes on Escape, on a click outside,
 * on navigation and, when `closeAboveWidth` is given, once the window is
 * wider than that.
 */
export function useDismissableDetails(
  ref: RefObject<HTMLDetailsElement | null>,
  options: { closeAboveWidth?: number } = {},
) {
  const { closeAboveWidth } = options;
  const location = useLocation();

  // Close after a navigation, but not at hydration: a visitor may have opened
  // the disclosure before the scripts arrived.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [ref, location.key]);

  useEffect(() => {
    const close = (focusSummary: boolean) => {
      const details = ref.current;
      if (!details?.open) return;
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) close(true);
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      const panel = ref.current?.querySelector("[data-details-panel]");
      const summary = ref.current?.querySelector("summary");
      if (!target || summary?.contains(target) || panel?.contains(target)) return;
      close(false);
    };
    const onResize = () => {
      if (closeAboveWidth !== undefined && window.innerWidth > closeAboveWidth) close(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
      window.removeEventListener("resize", onResize);
    };
  }, [ref, closeAboveWidth]);
}
