/** Spec 9: a link hovered this long is fetched ahead. */
const HOVER_PRELOAD_DELAY_MS = 20;

/**
 * Pages without React: a same-site page link hovered (or focused) for 20 ms
 * is prefetched, so the click shows it at once (React Router does the same
 * on the pages it runs). Each address once.
 */
export function prefetchOnHover(root: Document = document): () => void {
  const fetched = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!link || link.origin !== location.origin || link.hasAttribute("download") || link.pathname.startsWith("/api/"))
      return;
    const url = link.pathname + link.search;
    if (fetched.has(url) || url === location.pathname + location.search) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      fetched.add(url);
      const hint = root.createElement("link");
      hint.rel = "prefetch";
      hint.href = url;
      root.head.append(hint);
    }, HOVER_PRELOAD_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer);
  root.addEventListener("pointerover", start);
  root.addEventListener("focusin", start);
  root.addEventListener("pointerout", cancel);
  return () => {
    cancel();
    root.removeEventListener("pointerover", start);
    root.removeEventListener("focusin", start);
    root.removeEventListener("pointerout", cancel);
  };
}
