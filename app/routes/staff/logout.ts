import { href, redirect } from "react-router";

import { siteContext } from "~/context";
import { redirectWithBanner } from "~/http/flash.server";
import { signOut } from "~/http/staff/staff-session.server";

import type { Route } from "./+types/logout";

/** Sign-out: the session row is deleted and the cookie removed; then the login page says so. */
export async function action({ request, context }: Route.ActionArgs) {
  const { language } = context.get(siteContext);
  const cleared = await signOut(request);
  const response = await redirectWithBanner(request, href("/:lang/internal-privacy-rights/login", { lang: language }), {
    type: "success",
    textKey: "internal.signedOut",
  });
  response.headers.append("Set-Cookie", cleared);
  return response;
}

/** Signing out is a post; a visit to the address goes to the login page. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(href("/:lang/internal-privacy-rights/login", { lang: context.get(siteContext).language }));
}
