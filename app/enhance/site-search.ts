import { childrenOf, fetchPage, formUrl } from "./page-fetch";

/**
 * Site search on the page without React: a search shows its results in
 * place, with the focus left in the field and the count announced by the
 * live region that was there from the start. Each search is a page of the
 * history (back shows the one before); the title names the query.
 */
export function enhanceSiteSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input[name=q]");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const status = document.getElementById("search-status");
  const results = document.getElementById("search-results");
  if (!input || !button || !status || !results) return;
  let latest = 0;

  const load = async (url: string, addToHistory: boolean) => {
    const ticket = ++latest;
    button.setAttribute("aria-busy", "true");
    const { page } = await fetchPage(url);
    if (ticket !== latest) return;
    button.removeAttribute("aria-busy");
    const newStatus = page?.getElementById("search-status");
    const newResults = page?.getElementById("search-results");
    // Without an answer to show, the browser loads the page itself (and shows its own error).
    if (!page || !newStatus || !newResults) return location.assign(url);
    if (addToHistory) history.pushState(null, "", url);
    document.title = page.title;
    status.replaceChildren(...childrenOf(newStatus));
    results.replaceChildren(...childrenOf(newResults));
    const query = page.querySelector<HTMLInputElement>("#search-q")?.value ?? "";
    if (input.value.trim() !== query) input.value = query;
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void load(formUrl(form), true);
  });
  window.addEventListener("popstate", () => void load(location.pathname + location.search, false));
}
