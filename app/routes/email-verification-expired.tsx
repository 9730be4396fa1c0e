import type { Route } from "./+types/email-verification-expired";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.emailVerificationExpired.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerificationExpired.title");
