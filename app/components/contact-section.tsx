import { useTranslation } from "~/i18n/use-translation";
import { useRootData } from "~/utils/root-data";

import { ContactForm } from "./contact-form";

/** Home and about: the contact form, with the reply promise and opening hours. */
export function ContactSection() {
  const { t } = useTranslation();
  // A new success banner means the message was sent: a fresh, empty form.
  const bannerId = useRootData()?.banner?.id;
  return (
    <section className="app-section app-contact" id="contact-section" aria-labelledby="contact-title">
      <h2 id="contact-title">{t("contact.title")}</h2>
      <p>{t("contact.intro")}</p>
      <p>{t("contact.hours")}</p>
      <ContactForm key={bannerId ?? "contact"} />
    </section>
  );
}
