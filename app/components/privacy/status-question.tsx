import { Form } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { FORM_ID_FIELD } from "~/validation/form-definition";

type StatusQuestionView = { text: string; askedAt: string; answeredAt: string | null; open: boolean };

/**
 * The privacy team's latest question on the status page, so a
 * person who lost the mail with it still sees what is asked and can answer.
 * The button posts: it writes a new reply link. A document post, as the
 * link cookies of these pages travel only with their own paths.
 */
export function StatusQuestion({
  question,
  action,
  formId,
  date,
}: {
  question: StatusQuestionView;
  action: string;
  formId: string;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const { answeredAt } = question;
  if (!question.open && !answeredAt) return null;
  return (
    <>
      <h2>{t("privacyRights.statusView.question.title")}</h2>
      <p>{t("privacyRights.statusView.question.asked", { asked: date(question.askedAt) })}</p>
      <blockquote className="app-answer__message">{question.text}</blockquote>
      {question.open ? (
        <Form method="post" action={action} reloadDocument>
          <input type="hidden" name={FORM_ID_FIELD} value={formId} />
          <p>{t("privacyRights.statusView.question.howTo")}</p>
          <button type="submit" className="app-button">
            {t("privacyRights.statusView.question.answer")}
          </button>
        </Form>
      ) : answeredAt ? (
        <p>{t("privacyRights.statusView.question.answered", { answered: date(answeredAt) })}</p>
      ) : null}
    </>
  );
}
