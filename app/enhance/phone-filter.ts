import { isPhoneBrandType, phoneFilterMatcher, type PhoneFilter } from "~/content/phone-filter";

/**
 * The phone directory's live filter (spec 2), the only one: the list follows
 * every keystroke and type choice, the count is announced, and the address
 * keeps the filter (shareable). The page renders every group once in
 * `directory` (a `<template>`) and this keeps the entries that match, so the
 * markup has one author, app/routes/site/phone.tsx.
 */
export function enhancePhoneFilter(directory: HTMLTemplateElement): void {
  const query = document.querySelector<HTMLInputElement>("#phone-q");
  const form = query?.form;
  const type = document.querySelector<HTMLSelectElement>("#phone-type");
  const results = document.querySelector<HTMLElement>(".app-phone__results");
  const status = document.querySelector<HTMLElement>("[data-phone-counts]");
  const empty = directory.content.querySelector(".app-empty");
  if (!form || !query || !type || !results || !status || !empty) return;
  /** The count sentence for 0, 1, 2… results, in the page's language and plural rules. */
  const counts = JSON.parse(status.dataset.phoneCounts ?? "[]") as string[];

  const render = () => {
    const filter: PhoneFilter = { q: query.value, type: isPhoneBrandType(type.value) ? type.value : "all" };
    const matches = phoneFilterMatcher(filter);
    const groups: Node[] = [];
    let total = 0;
    for (const group of directory.content.querySelectorAll<HTMLElement>("[data-brand-type]")) {
      const shown = group.cloneNode(true) as HTMLElement;
      for (const entry of shown.querySelectorAll("li")) {
        const brandName = entry.querySelector(".app-phone__brand")?.textContent ?? "";
        if (matches({ brandName, brandType: group.dataset.brandType ?? "" })) total++;
        else entry.remove();
      }
      if (shown.querySelector("li")) groups.push(shown);
    }
    status.textContent = counts[total] ?? "";
    results.replaceChildren(...(groups.length ? groups : [empty.cloneNode(true)]));
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (filter.type !== "all") params.set("type", filter.type);
    const search = params.size ? `?${params}` : "";
    history.replaceState(history.state, "", `${location.pathname}${search}`);
  };
  form.addEventListener("submit", (event) => event.preventDefault());
  query.addEventListener("input", render);
  type.addEventListener("change", render);
}
