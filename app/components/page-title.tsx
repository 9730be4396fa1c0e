import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { SITE_NAME } from "~/utils/meta";

/**
 * The `<title>` of a page with a form (React hoists it into `<head>`). A
 * route's `meta` cannot see the action's answer, and the answer is only
 * ever a form shown again (success redirects): then the title starts with
 * the error prefix ('Fout: …', 'Erreur : …'), the first thing a screen
 * reader says after a post without JavaScript. Such routes leave the title
 * out of `meta` (`formPageMeta`). `error` marks a GET form answered with
 * an error.
 */
export function PageTitle({ titleKey, error = false }: { titleKey: string; error?: boolean }) {
  const { t } = useTranslation();
  const answered = useActionData() !== undefined;
  const failed = error || answered;
  const title = `${t(titleKey)} | ${SITE_NAME}`;
  return <title>{failed ? t("form.titleWithError", { title }) : title}</title>;
}
