/**
 * What a route tells the root about its page (React Router's `handle`).
 * `hydrate: false`: the page has nothing but links and GET forms, so it
 * ships no React at all, only app/enhance/page.ts (issue 14: JavaScript only
 * where it earns its place).
 */
export type PageHandle = { hydrate?: boolean };

export const STATIC_PAGE: PageHandle = { hydrate: false };
