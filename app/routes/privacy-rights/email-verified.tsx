import { VerificationResult } from "~/components/privacy/verification-result";
import { COMPANY } from "~/content/company";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useSite } from "~/utils/site";

import type { Route } from "./+types/email-verified";

/** `?already=1`: a link used before (confirmed earlier, or a second click); the same page for everyone who asks for it. */
export function loader({ request }: Route.LoaderArgs) {
  return { already: new URL(request.url).searchParams.has("already") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { country } = useSite();
  const text = loaderData.already ? <p>{t("verification.verified.already")}</p> : undefined;
  return <VerificationResult outcome="verified" privacyEmail={COMPANY[country].privacyEmail} text={text} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerified.title");

// Links only: no React in the browser. `queryParameters`: what the loader reads (server/cache-key.ts).
export const handle = { ...STATIC_PAGE, queryParameters: ["already"] };
