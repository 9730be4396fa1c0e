const COMPACT = "app-header__inner--compact";

/**
 * The header's CSS (app.css, "mobile menu") collapses the navigation at
 * widths estimated in rem; this checks what the visitor's own fonts and texts
 * need. When the header's items no longer fit on one row, the navigation
 * collapses into the mobile menu (WCAG 1.4.10). It also publishes the
 * header's real height for `scroll-padding-top` (WCAG 2.4.11), so focused
 * fields never hide under the sticky header. Returns what undoes it.
 */
export function fitHeader(inner: HTMLElement): () => void {
  const header = inner.parentElement;
  if (!header || typeof ResizeObserver === "undefined") return () => {};
  const fitsOnOneRow = () => {
    const items = [...inner.children].filter((item) => item.getClientRects().length > 0);
    const firstBottom = Math.min(...items.map((item) => item.getBoundingClientRect().bottom));
    return items.every((item) => item.getBoundingClientRect().top < firstBottom);
  };
  const update = () => {
    // Measure with the navigation shown (unless CSS already collapsed it).
    inner.classList.remove(COMPACT);
    const navShown = (inner.querySelector(".app-nav")?.getClientRects().length ?? 0) > 0;
    if (navShown && !fitsOnOneRow()) inner.classList.add(COMPACT);
    document.documentElement.style.setProperty(
      "--app-header-block-size",
      `${Math.ceil(header.getBoundingClientRect().height)}px`,
    );
  };
  update();
  const observer = new ResizeObserver(update);
  observer.observe(inner);
  return () => {
    observer.disconnect();
    inner.classList.remove(COMPACT);
    document.documentElement.style.removeProperty("--app-header-block-size");
  };
}
