import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

import { enhanceDismissableDetails } from "~/enhance/dismissable-details";

/**
 * enhanceDismissableDetails (Escape, outside click, focus leaving, hidden by
 * CSS) on a React-rendered disclosure, which also closes on navigation.
 */
export function useDismissableDetails(
  ref: RefObject<HTMLDetailsElement | null>,
  options: { closeWhenHidden?: boolean } = {},
) {
  const { closeWhenHidden = false } = options;
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
    const details = ref.current;
    if (!details) return;
    return enhanceDismissableDetails(details, { closeWhenHidden });
  }, [ref, closeWhenHidden]);
}
