import type { Route } from "./+types/email-verified";
import { VerificationResult } from "~/components/privacy/verification-result";
import { COMPANY } from "~/content/company";
import privacyStylesHref from "~/styles/privacy.css?url";
import { pageMeta } from "~/utils/meta";
import { useSite } from "~/utils/site";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: privacyStylesHref }];

export default function Page() {
  const { country } = useSite();
  return <VerificationResult outcome="verified" privacyEmail={COMPANY[country].privacyEmail} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerified.title");
