import { createCookie, redirect } from "react-router";

import { cookieIsSecure } from "~/http/session.server";

import { PERSONAL } from "./cache-control.server";

/**
 * A mailed link's token, taken out of the address (no secret stays in a URL): read
 * from the link once, kept in an HttpOnly cookie sent to the link's own pages
 * only (`path`), for the browser session. The address bar, the history and
 * any referrer then hold no token.
 */
export function linkTokenCookie(name: string, path: string, request: Request) {
  const cookie = createCookie(name, { path, httpOnly: true, sameSite: "lax", secure: cookieIsSecure(request) });
  return {
    keep: (token: string) => cookie.serialize(token),
    forget: () => cookie.serialize("", { maxAge: 0 }),
    async read(): Promise<string> {
      const value: unknown = await cookie.parse(request.headers.get("Cookie"));
      return typeof value === "string" ? value : "";
    },
  };
}

type LinkTokenCookie = ReturnType<typeof linkTokenCookie>;

/**
 * Where a linked page's loader starts: a token in the address is moved into
 * the page's cookie (a redirect to the same path without it, never cached);
 * without one, the token the cookie holds ("" when none).
 */
export async function linkToken(request: Request, cookie: LinkTokenCookie): Promise<string> {
  const url = new URL(request.url);
  const fromLink = url.searchParams.get("token");
  if (fromLink !== null)
    throw redirect(url.pathname, {
      headers: [
        ["Set-Cookie", await cookie.keep(fromLink)],
        ["Cache-Control", PERSONAL],
      ],
    });
  return cookie.read();
}
