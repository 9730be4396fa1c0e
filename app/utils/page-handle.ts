/**
 * What a route tells the root about its page (React Router's `handle`).
 * `hydrate: false`: the page has nothing but links and GET forms, so it
 * ships no React at all, only app/enhance/page.ts (JavaScript only
 * where it earns its place).
 */
export type PageHandle = { hydrate?: boolean };

export const STATIC_PAGE: PageHandle = { hydrate: false };

/**
 * The client loader of a page that the server always shows without React
 * (one whose script works on the server's markup, not on React's): a link
 * to it from a page React runs loads it as a new document.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  // The page is replaced; this navigation never finishes.
  return new Promise<never>(() => {});
}
