import { useTranslation } from "react-i18next";

/** Home and about: how to reach customer service (the contact form goes here). */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <section className="app-section app-contact" id="contact" aria-labelledby="contact-title">
      <h2 id="contact-title">{t("contact.title")}</h2>
      <p>{t("contact.intro")}</p>
      <p>{t("contact.hours")}</p>
    </section>
  );
}
