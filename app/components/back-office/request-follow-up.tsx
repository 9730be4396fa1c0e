import { getTextareaProps } from "@conform-to/react";
import { href, Link } from "react-router";

import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { allows, type RequestState } from "~/domain/privacy-request";
import { useTranslation } from "~/i18n/use-translation";
import { useSite } from "~/utils/site";
import { askForm, closeDuplicateForm, closeNoAnswerForm } from "~/validation/back-office";

import { ActionBox, useDateTime } from "./back-office";

export type FollowUp = {
  state: RequestState;
  hasEmail: boolean;
  duplicateOf: string | null;
  duplicates: string[];
  pausedAt: string | null;
  canCloseNoAnswer: boolean;
  questions: { question: string; askedBy: string; askedAt: string; answer: string | null; answeredAt: string | null }[];
};

/** Possible duplicates, both ways: this request repeats another, or others repeat this one. */
export function DuplicateNotice({ duplicateOf, duplicates }: Pick<FollowUp, "duplicateOf" | "duplicates">) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const link = (reference: string) => (
    <Link to={href("/:lang/internal-privacy-rights/requests/:reference", { lang, reference })}>{reference}</Link>
  );
  if (!duplicateOf && duplicates.length === 0) return null;
  return (
    <div className="app-notice">
      {duplicateOf ? (
        <p>
          {t("backOffice.followUp.duplicateOf")} {link(duplicateOf)}
        </p>
      ) : null}
      {duplicates.length ? (
        <p>
          {t("backOffice.followUp.duplicates")}{" "}
          {duplicates.map((reference, index) => (
            <span key={reference}>
              {index > 0 ? ", " : null}
              {link(reference)}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/** The questions asked and what the person answered, newest last. */
function Questions({ questions }: Pick<FollowUp, "questions">) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (questions.length === 0) return null;
  return (
    <dl className="app-facts">
      {questions.map((item) => (
        <div key={item.askedAt}>
          <dt>{t("backOffice.followUp.asked", { when: when(item.askedAt), who: item.askedBy })}</dt>
          <dd className="app-answer__message">{item.question}</dd>
          <dt>
            {item.answeredAt
              ? t("backOffice.followUp.answered", { when: when(item.answeredAt) })
              : t("backOffice.followUp.noAnswerYet")}
          </dt>
          {item.answer ? <dd className="app-answer__message">{item.answer}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * Ask the person for more information (the clock stops), close a
 * duplicate, or close a request whose question stayed unanswered 30 days.
 */
export function RequestFollowUp(props: FollowUp) {
  const { t } = useTranslation();
  const when = useDateTime();
  const ask = usePublicForm({ id: askForm.id, schema: askForm.schema });
  const closeNoAnswer = usePublicForm({ id: closeNoAnswerForm.id, schema: closeNoAnswerForm.schema });
  const closeDuplicate = usePublicForm({ id: closeDuplicateForm.id, schema: closeDuplicateForm.schema });
  const waiting = allows(props.state, "answered");
  const canAsk = allows(props.state, "ask") && props.hasEmail;
  const canCloseDuplicate = allows(props.state, "closeDuplicate") && Boolean(props.duplicateOf);
  const sending = t("backOffice.actions.sending");
  // Nothing asked, nothing to ask or close: no empty section.
  if (!allows(props.state, "ask") && props.questions.length === 0 && !waiting) return null;
  return (
    <section className="app-section" aria-labelledby="follow-up">
      <h2 id="follow-up">{t("backOffice.followUp.title")}</h2>
      {waiting && props.pausedAt ? (
        <p className="app-notice">{t("backOffice.followUp.waiting", { since: when(props.pausedAt) })}</p>
      ) : null}
      <Questions questions={props.questions} />
      <div className="app-actions">
        {canAsk ? (
          <ActionBox id="follow-up-ask" title={t("backOffice.followUp.askTitle")}>
            <p>{t("backOffice.followUp.askIntro")}</p>
            <PublicForm
              state={ask}
              labels={{ question: t("backOffice.followUp.question") }}
              submitLabel={t("backOffice.followUp.askSubmit")}
              sendingLabel={sending}
            >
              <TextareaField
                meta={ask.fields.question}
                label={t("backOffice.followUp.question")}
                timing="input"
                textareaProps={{ ...getTextareaProps(ask.fields.question, { ariaAttributes: false }), rows: 4 }}
              />
            </PublicForm>
          </ActionBox>
        ) : null}
        {canCloseDuplicate ? (
          <ActionBox id="follow-up-duplicate" title={t("backOffice.followUp.duplicateTitle")}>
            <p>{t("backOffice.followUp.duplicateIntro", { reference: props.duplicateOf })}</p>
            <PublicForm
              state={closeDuplicate}
              labels={{}}
              submitLabel={t("backOffice.followUp.duplicateSubmit")}
              sendingLabel={sending}
            >
              {null}
            </PublicForm>
          </ActionBox>
        ) : null}
        {props.canCloseNoAnswer ? (
          <ActionBox id="follow-up-no-answer" title={t("backOffice.followUp.noAnswerTitle")}>
            <PublicForm
              state={closeNoAnswer}
              labels={{ reason: t("backOffice.followUp.reason") }}
              submitLabel={t("backOffice.followUp.noAnswerSubmit")}
              sendingLabel={sending}
            >
              <TextareaField
                meta={closeNoAnswer.fields.reason}
                label={t("backOffice.followUp.reason")}
                timing="input"
                textareaProps={{ ...getTextareaProps(closeNoAnswer.fields.reason, { ariaAttributes: false }), rows: 3 }}
              />
            </PublicForm>
          </ActionBox>
        ) : null}
      </div>
    </section>
  );
}
