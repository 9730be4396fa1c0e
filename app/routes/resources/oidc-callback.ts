import { href, redirect } from "react-router";

import { serverContext } from "~/context";
import { finishSignIn } from "~/http/staff/oidc.server";
import { signIn } from "~/http/staff/staff-session.server";

import type { Route } from "./+types/oidc-callback";

/**
 * Where the identity provider sends the browser back (registered as
 * https://<host>/auth/oidc/callback for each site). Success lands on the
 * confirm-login page like a local sign-in (or back on the page
 * the session ended on); anything else on the login page with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { result, clearCookie } = await finishSignIn(request);
  const headers = new Headers([["Set-Cookie", clearCookie]]);
  if (result.status !== "signed-in") {
    return redirect(`${href("/:lang/internal-privacy-rights/login", { lang: result.language })}?sso=${result.status}`, {
      headers,
    });
  }
  headers.append("Set-Cookie", await signIn(request, result.user));
  context.get(serverContext).noteForLog("staff signed in (sso)");
  return redirect(
    result.returnPath ?? href("/:lang/internal-privacy-rights/confirm-login", { lang: result.language }),
    { headers },
  );
}
