import { childrenOf, fetchPage, formUrl } from "./page-fetch";

/** Spec 9: text changes are followed after 500 ms of quiet; a choice at once. */
const TEXT_DEBOUNCE_MS = 500;
/** Spec 4: results are kept per filter combination, so going back to one is instant. */
const CACHE_LIMIT = 50;

type Results = { count: string; results: Element; pagination: Element; summary: Element };

/**
 * The ad list follows its filters as they change (spec 2, 9), on the page
 * without React: a loading state in the announced count while the server
 * answers, its error when the register cannot be read, and the address
 * kept in step (replaced, as each filter change is not a page of its own).
 * Without JavaScript the same form shows the list through its button.
 */
export function enhanceAdFilters(form: HTMLFormElement): void {
  const count = document.querySelector<HTMLElement>(".app-ad-results__count");
  const results = document.querySelector<HTMLElement>(".app-ad-results");
  const pagination = document.querySelector<HTMLElement>(".app-ad-pagination");
  const summary = document.querySelector<HTMLElement>(".app-ad-summary-slot");
  if (!count || !results || !pagination || !summary) return;
  const cache = new Map<string, Results>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;

  const show = (found: Results) => {
    count.textContent = found.count;
    results.replaceChildren(...childrenOf(found.results));
    pagination.replaceChildren(...childrenOf(found.pagination));
    // The register at a glance follows the filters too.
    summary.replaceChildren(...childrenOf(found.summary));
    results.removeAttribute("aria-busy");
  };
  const failed = (): Results => {
    const alert = document.createElement("p");
    alert.className = "app-empty app-empty--error";
    alert.setAttribute("role", "alert");
    alert.textContent = results.dataset.errorText ?? "";
    const wrapper = document.createElement("div");
    wrapper.append(alert);
    return {
      count: "",
      results: wrapper,
      pagination: document.createElement("div"),
      summary: document.createElement("div"),
    };
  };

  const follow = async () => {
    clearTimeout(timer);
    const url = formUrl(form);
    history.replaceState(history.state, "", url);
    const ticket = ++latest;
    const kept = cache.get(url);
    if (kept) return show(kept);
    count.textContent = count.dataset.loadingText ?? "";
    results.setAttribute("aria-busy", "true");
    const { ok, page } = await fetchPage(url);
    const found = page && read(page);
    if (ticket !== latest) return;
    if (ok && found) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(url, found);
    }
    // A 503 page carries the register's error in the same places.
    show(found ?? failed());
  };
  const later = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(follow, delay);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void follow();
  });
  form.addEventListener("change", (event) => {
    if ((event.target as Element).tagName === "SELECT") void follow();
  });
  form.addEventListener("input", (event) => {
    if ((event.target as Element).tagName === "INPUT") later(TEXT_DEBOUNCE_MS);
  });
}

function read(page: Document): Results | null {
  const count = page.querySelector(".app-ad-results__count");
  const results = page.querySelector(".app-ad-results");
  const pagination = page.querySelector(".app-ad-pagination");
  const summary = page.querySelector(".app-ad-summary-slot");
  return count && results && pagination && summary
    ? { count: count.textContent ?? "", results, pagination, summary }
    : null;
}
