import { createCookie, data, Form, redirect, useNavigation } from "react-router";

import { SubmitButton } from "~/components/forms";
import { siteContext } from "~/context";
import { rightOf } from "~/domain/rights";
import { PERSONAL } from "~/http/cache-control.server";
import { readFormPost } from "~/http/form-post.server";
import { cookieIsSecure } from "~/http/session.server";
import { localizedPath, type Language } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { confirmVerification, inspectVerification } from "~/services/privacy-request/email-verification.server";
import { pageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { defineForm } from "~/validation/form-definition";
import { z } from "~/validation/zod";

import type { Route } from "./+types/email-verification";
import { expiredLinkCookie } from "./link-cookies.server";

/**
 * The link in the verification mail. Opening it changes nothing (mail
 * scanners open links too): it shows what will be done and a confirm button.
 *
 * The token is read from the link once, then leaves the address:
 * it moves into an HttpOnly cookie of this page alone (its path) and the
 * browser is sent to the same page without it, so neither the address bar,
 * the history, a referrer nor the page itself holds it. No third-party
 * script runs here (PERSONAL_DATA). `queryParameters`: the query the loader
 * reads, kept in the URL a page is rendered from (server/cache-key.ts).
 */
export const handle = { ...PERSONAL_DATA, queryParameters: ["token"] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

const VERIFICATION_FORM_ID = "verification";

/**
 * Read by the action only, so the page's script carries no Zod.
 * `token`: posted by a page an older release rendered, with the token in a hidden field.
 */
function verificationForm() {
  return defineForm({ id: VERIFICATION_FORM_ID, schema: z.object({ token: z.string().optional() }) });
}

/** Sent back only to this page (`/{lang}/email-verification`), never to a script; ends with the browser session. */
function tokenCookie(request: Request, language: Language) {
  return createCookie("__verification", {
    path: `/${language}/email-verification`,
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(request),
  });
}

async function tokenFromCookie(request: Request, language: Language): Promise<string> {
  const value: unknown = await tokenCookie(request, language).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : "";
}

/**
 * Where an outcome sends the visitor; the cookie is no longer needed there.
 * An expired link's token goes with it to the expired page (a cookie of that
 * page alone), which can then send a new link for the same request.
 */
async function outcomeRedirect(request: Request, language: Language, status: keyof typeof OUTCOME_PAGES, token = "") {
  const headers = new Headers({ "Cache-Control": PERSONAL });
  headers.append("Set-Cookie", await tokenCookie(request, language).serialize("", { maxAge: 0 }));
  if (status === "expired" && token)
    headers.append("Set-Cookie", await expiredLinkCookie(request, language).keep(token));
  return redirect(localizedPath(language, OUTCOME_PAGES[status]), { headers });
}

const OUTCOME_PAGES = {
  verified: "/email-verified",
  // A link used before: the page says the request was already confirmed (nothing else about it).
  "already-verified": "/email-verified?already=1",
  used: "/email-verified?already=1",
  unknown: "/email-verification-failed",
  expired: "/email-verification-expired",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const url = new URL(request.url);
  const fromLink = url.searchParams.get("token");
  const token = fromLink ?? (await tokenFromCookie(request, language));
  const view = await inspectVerification(token);
  if (view.status !== "valid") throw await outcomeRedirect(request, language, view.status, token);
  if (fromLink !== null) {
    const keep = await tokenCookie(request, language).serialize(fromLink);
    throw redirect(url.pathname, { headers: { "Set-Cookie": keep, "Cache-Control": PERSONAL } });
  }
  // One person's link, valid until used: never kept by a cache.
  const { rightType, reference, brandCount, channels } = view;
  return data({ rightType, reference, brandCount, channels }, { headers: { "Cache-Control": PERSONAL } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { language } = context.get(siteContext);
  const post = await readFormPost(request, verificationForm());
  const posted = post.ok ? String(post.formData.get("token") ?? "") : "";
  const token = (await tokenFromCookie(request, language)) || posted;
  const outcome = await confirmVerification(token);
  return outcomeRedirect(request, language, outcome.status, token);
}

export default function EmailVerificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { rightType, reference, brandCount, channels } = loaderData;
  return (
    <section className="app-section app-verification">
      <h1 className="app-heading-1">{t("verification.confirm.title")}</h1>
      <p>{t("verification.confirm.intro")}</p>
      <dl className="app-verification__summary">
        <dt>{t("verification.confirm.request")}</dt>
        <dd>{t(`verification.rightTypes.${rightType}`)}</dd>
        <dt>{t("verification.confirm.reference")}</dt>
        <dd>{reference}</dd>
        {rightOf(rightType).asks.brandsAndChannels ? (
          <>
            <dt>{t("verification.confirm.brands")}</dt>
            <dd>{t("verification.confirm.brandCount", { count: brandCount })}</dd>
            <dt>{t("verification.confirm.channels")}</dt>
            <dd>{channels.map((channel) => t(`verification.channels.${channel}`)).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {/* A document post: the token's cookie is sent to this page's address only. */}
      <Form method="post" reloadDocument>
        <input type="hidden" name="form" value={VERIFICATION_FORM_ID} />
        <SubmitButton submitting={navigation.state === "submitting"}>{t("verification.confirm.submit")}</SubmitButton>
      </Form>
      <p className="app-verification__note">{t("verification.confirm.notYou")}</p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "verification.confirm.title");
