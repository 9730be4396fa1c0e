import { data, href, redirect } from "react-router";

import { siteContext } from "~/context";
import { oidcEnabled, startSignIn } from "~/http/staff/oidc.server";
import { getLogger } from "~/utils/logger.server";
import { returnPathAsked } from "~/validation/staff-return";

import type { Route } from "./+types/sso";

/**
 * "Sign in with SSO": a link (a form post could not follow the redirect to
 * the provider under our CSP's form-action 'self'), answered with the
 * redirect to the identity provider.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  if (!oidcEnabled()) throw data("Single sign-on is not configured.", { status: 404 });
  try {
    // The page a session ended on, to come back to after the provider.
    return await startSignIn(request, language, returnPathAsked(new URL(request.url)));
  } catch (error) {
    getLogger().error({ err: error }, "identity provider unreachable");
    return redirect(`${href("/:lang/internal-privacy-rights/login", { lang: language })}?sso=failed`);
  }
}
