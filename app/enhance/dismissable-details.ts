/**
 * A `<details>` disclosure that already opens and closes without JavaScript
 * also closes on Escape (focus back on its summary), on a click outside, when
 * the keyboard focus leaves it and, with `closeWhenHidden`, once CSS hides it
 * (the mobile menu above 1000 px, spec 9, or wherever the desktop navigation
 * fits again). Used by the React header and by pages without React
 * (page.ts). Returns what undoes it.
 */
export function enhanceDismissableDetails(
  details: HTMLDetailsElement,
  options: { closeWhenHidden?: boolean } = {},
): () => void {
  const close = (focusSummary: boolean) => {
    if (!details.open) return;
    details.open = false;
    if (focusSummary) details.querySelector("summary")?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && details.open) close(true);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const panel = details.querySelector("[data-details-panel]");
    const summary = details.querySelector("summary");
    if (!target || summary?.contains(target) || panel?.contains(target)) return;
    close(false);
  };
  // Tab or Shift+Tab out of the disclosure closes it: focus never sits
  // behind an open panel or veil (WCAG 2.4.11). A click elsewhere has no
  // relatedTarget when it lands on nothing focusable; onClick handles that.
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !details.contains(next)) close(false);
  };
  const onResize = () => {
    if (options.closeWhenHidden && details.getClientRects().length === 0) close(false);
  };
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("click", onClick);
  details.addEventListener("focusout", onFocusOut);
  window.addEventListener("resize", onResize);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("click", onClick);
    details.removeEventListener("focusout", onFocusOut);
    window.removeEventListener("resize", onResize);
  };
}
