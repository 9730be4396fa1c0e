import { VerificationResult } from "~/components/privacy/verification-result";
import { COMPANY } from "~/content/company";
import { pageMeta } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useSite } from "~/utils/site";

import type { Route } from "./+types/email-verification-failed";

export default function Page() {
  const { country } = useSite();
  return <VerificationResult outcome="failed" privacyEmail={COMPANY[country].privacyEmail} />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerificationFailed.title");

// Links only: no React in the browser.
export const handle = STATIC_PAGE;
