import type { UndeliveredMail as UndeliveredMailItem } from "~/domain/undelivered-mail";
import { useTranslation } from "~/i18n/use-translation";

import { useDateTime } from "./back-office";

/** Mail the person never got: the officer reaches them another way. */
export function UndeliveredMail({ mails }: { mails: UndeliveredMailItem[] }) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (mails.length === 0) return null;
  return (
    <section className="app-notice app-notice--error" aria-labelledby="undelivered-mail">
      <h2 id="undelivered-mail">{t("backOffice.undeliveredMail.title")}</h2>
      <p>{t("backOffice.undeliveredMail.help")}</p>
      <ul>
        {mails.map((mail) => (
          <li key={`${mail.createdAt}-${mail.subject}`}>
            {when(mail.createdAt)} · {mail.subject}: {t(`backOffice.undeliveredMail.${mail.status}`)}
            {mail.serverAnswer ? ` (${t("backOffice.undeliveredMail.answer")} ${mail.serverAnswer})` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
