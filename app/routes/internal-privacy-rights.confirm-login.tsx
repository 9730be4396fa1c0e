import type { Route } from "./+types/internal-privacy-rights.confirm-login";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.internalConfirmLogin.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.internalConfirmLogin.title");
