import type { Route } from "./+types/email-verification-failed";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerificationFailed.title");

export default function Page() {
  return <PlaceholderPage titleKey="pages.emailVerificationFailed.title" />;
}
