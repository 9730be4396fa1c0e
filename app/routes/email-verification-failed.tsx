import type { Route } from "./+types/email-verification-failed";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.emailVerificationFailed.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerificationFailed.title");
