import { createCookie } from "react-router";
import { cookieIsSecure } from "~/services/session.server";

/**
 * A mailed link's token, taken out of the address (issue 23's rule): read
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
