import type { Route } from "./+types/email-verified";
import { VerificationResult } from "~/components/privacy/verification-result";
import { COMPANY } from "~/content/company";
import { pageMeta } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { STATIC_PAGE } from "~/utils/page-handle";

export default function Page() {
  const { country } = useSite();
  return <VerificationResult outcome="verified" privacyEmail={COMPANY[country].privacyEmail} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerified.title");

// Links only: no React in the browser (issue 14).
export const handle = STATIC_PAGE;
