import { data, href, redirect } from "react-router";

import { siteContext } from "~/context";
import { secondsUntil } from "~/domain/staff";
import { staffContext } from "~/http/staff/guard.server";
import { keepSignedIn } from "~/http/staff/staff-session.server";

import type { Route } from "./+types/keep-alive";

/**
 * WCAG 2.2.1: "Stay signed in" in the warning before the
 * idle limit. The idle time starts again and the answer says how long the
 * session now has; 401 when it has already ended (the page then says so,
 * and a form sent from it is kept across signing in again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const endsAt = context.get(staffContext) ? await keepSignedIn(request) : null;
  if (!endsAt) return data({ secondsLeft: null }, { status: 401 });
  return { secondsLeft: secondsUntil(endsAt) };
}

/** Staying signed in is a post; a visit to the address goes to the login page (which sends a signed-in member on). */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(href("/:lang/internal-privacy-rights/login", { lang: context.get(siteContext).language }));
}
