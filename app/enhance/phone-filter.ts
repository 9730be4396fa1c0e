import {
  filterPhoneDirectory,
  groupByBrandType,
  isPhoneBrandType,
  telHref,
  type PhoneFilter,
} from "~/content/phone-filter";
import type { PhoneDirectoryEntry } from "~/content/types";

/** What the phone page puts in its data island (`#phone-directory`) for this script. */
export type PhoneDirectoryIsland = {
  entries: PhoneDirectoryEntry[];
  callingCode: "31" | "32";
  /** Brand type → its heading. */
  typeLabels: Record<string, string>;
  /** The count sentence for 0, 1, 2… results. */
  counts: string[];
  empty: string;
};

/** JSON for a `<script type="application/json">`: nothing in it can close the element. */
export function islandJson(island: PhoneDirectoryIsland): string {
  return JSON.stringify(island).replace(/</g, "\\u003c");
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The phone directory's live filter on the page without React (spec 2): the
 * list follows every keystroke and type choice, the count is announced, and
 * the address keeps the filter (shareable), as the React page does. The same
 * markup as phone.tsx renders.
 */
export function enhancePhoneFilter(island: HTMLElement): void {
  const data = JSON.parse(island.textContent ?? "{}") as PhoneDirectoryIsland;
  const query = document.querySelector<HTMLInputElement>("#phone-q");
  const form = query?.form;
  const type = document.querySelector<HTMLSelectElement>("#phone-type");
  const results = document.querySelector<HTMLElement>(".app-phone__results");
  const status = document.querySelector<HTMLElement>("[data-phone-count]");
  if (!form || !query || !type || !results || !status) return;

  const render = () => {
    const filter: PhoneFilter = { q: query.value, type: isPhoneBrandType(type.value) ? type.value : "all" };
    const groups = groupByBrandType(filterPhoneDirectory(data.entries, filter));
    const total = groups.reduce((sum, group) => sum + group.entries.length, 0);
    status.textContent = data.counts[total] ?? "";
    const nodes = groups.map((group) => {
      const section = element("section", "app-phone__group");
      section.setAttribute("aria-labelledby", `phone-group-${group.type}`);
      const heading = element("h2", "app-phone__group-title", data.typeLabels[group.type]);
      heading.id = `phone-group-${group.type}`;
      const list = element("ul", "app-phone__list");
      for (const entry of group.entries) {
        const item = element("li", "app-phone__entry");
        const number = element("a", "app-phone__number", entry.phoneNumber);
        number.href = telHref(entry.phoneNumber, data.callingCode);
        item.append(element("span", "app-phone__brand", entry.brandName), number);
        list.append(item);
      }
      section.append(heading, list);
      return section;
    });
    results.replaceChildren(...(nodes.length ? nodes : [element("p", "app-empty", data.empty)]));
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
