/**
 * The pages without React that follow a GET form in place (search, the ad
 * list): they ask the server for the same page the form would load and take
 * over the parts that change, so the field keeps the focus and the rest of
 * the page stays still. The server's page is the one source of the markup.
 */
export type FetchedPage = { ok: boolean; page: Document | null };

export async function fetchPage(url: string): Promise<FetchedPage> {
  try {
    const response = await fetch(url, { headers: { accept: "text/html" }, credentials: "same-origin" });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    return { ok: response.ok, page };
  } catch {
    // Offline, or the connection dropped.
    return { ok: false, page: null };
  }
}

/** The address a GET form would load with its current values. */
export function formUrl(form: HTMLFormElement): string {
  const url = new URL(form.action, location.href);
  url.search = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
  return url.pathname + url.search;
}

/** Copies of `source`'s children, ready to go into this document. */
export function childrenOf(source: Element): Node[] {
  return Array.from(source.childNodes, (node) => document.importNode(node, true));
}
