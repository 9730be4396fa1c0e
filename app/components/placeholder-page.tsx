import { useTranslation } from "react-i18next";

/** A page of the route table whose content a later issue delivers. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="app-section">
      <h1 className="app-heading-1">{t(titleKey)}</h1>
      <p>{t("placeholder.text")}</p>
    </section>
  );
}
