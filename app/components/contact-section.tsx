import type { ContactTopic } from "~/content/contact-topics";
import { CONTACT_SECTION_ID } from "~/content/contact-topics";
import { withoutSoftHyphens } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { useRootData } from "~/utils/root-data";

import { ContactForm } from "./contact-form";

/**
 * Home and about: the contact form, with the reply promise and opening
 * hours. A `topic` (home's `?topic=`) starts the question for the visitor.
 */
export function ContactSection({ topic = null }: { topic?: ContactTopic | null }) {
  const { t } = useTranslation();
  // A new success banner means the message was sent: a fresh, empty form.
  const bannerId = useRootData()?.banner?.id;
  return (
    <section className="app-section app-contact" id={CONTACT_SECTION_ID} aria-labelledby="contact-title">
      <h2 id="contact-title">{t("contact.title")}</h2>
      <p>{t("contact.intro")}</p>
      <p>{t("contact.hours")}</p>
      <ContactForm
        key={bannerId ?? "contact"}
        // The page's texts carry soft hyphens for the layout; what the visitor sends must not.
        question={topic ? withoutSoftHyphens(t(`contact.topics.${topic}`)) : undefined}
      />
    </section>
  );
}
