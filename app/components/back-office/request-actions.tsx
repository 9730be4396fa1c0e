import { getTextareaProps } from "@conform-to/react";

import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { allows, type RequestState } from "~/domain/privacy-request";
import { useTranslation } from "~/i18n/use-translation";
import { completeForm, extendForm, rejectForm, startForm } from "~/validation/back-office";

import { ActionBox } from "./back-office";
import { ExtensionMonths } from "./extension-months";

/** The officer's forms that move a request on: start, extend, complete, reject (each while its state allows it). */
export function RequestActions({
  state,
  extended,
  hasDueDate,
  openTasks,
}: {
  state: RequestState;
  extended: boolean;
  hasDueDate: boolean;
  openTasks: number;
}) {
  const { t } = useTranslation();
  const start = usePublicForm({ id: startForm.id, schema: startForm.schema });
  const extend = usePublicForm({ id: extendForm.id, schema: extendForm.schema });
  const complete = usePublicForm({ id: completeForm.id, schema: completeForm.schema });
  const reject = usePublicForm({ id: rejectForm.id, schema: rejectForm.schema });
  const canExtend = allows(state, "extend") && hasDueDate;
  if (!allows(state, "start") && !canExtend && !allows(state, "complete") && !allows(state, "reject"))
    return <p>{t("backOffice.request.noActions")}</p>;
  const sending = t("backOffice.actions.sending");
  return (
    <div className="app-actions">
      {allows(state, "start") ? (
        <ActionBox title={t("backOffice.actions.start.title")}>
          <PublicForm
            state={start}
            labels={{ note: t("backOffice.actions.start.note") }}
            submitLabel={t("backOffice.actions.start.submit")}
            sendingLabel={sending}
          >
            <TextareaField
              meta={start.fields.note}
              label={t("backOffice.actions.start.note")}
              textareaProps={{ ...getTextareaProps(start.fields.note, { ariaAttributes: false }), rows: 2 }}
            />
          </PublicForm>
        </ActionBox>
      ) : null}
      {canExtend ? (
        <ActionBox title={t("backOffice.actions.extend.title")}>
          {extended ? (
            <p>{t("backOffice.actions.extend.done")}</p>
          ) : (
            <PublicForm
              state={extend}
              labels={{ months: t("backOffice.actions.extend.months"), reason: t("backOffice.actions.extend.reason") }}
              submitLabel={t("backOffice.actions.extend.submit")}
              sendingLabel={sending}
            >
              <ExtensionMonths meta={extend.fields.months} />
              <TextareaField
                meta={extend.fields.reason}
                label={t("backOffice.actions.extend.reason")}
                timing="input"
                textareaProps={{ ...getTextareaProps(extend.fields.reason, { ariaAttributes: false }), rows: 3 }}
              />
            </PublicForm>
          )}
        </ActionBox>
      ) : null}
      {allows(state, "complete") ? (
        <ActionBox title={t("backOffice.actions.complete.title")}>
          <PublicForm
            state={complete}
            labels={{
              note: t("backOffice.actions.complete.note"),
              openTasksReason: t("backOffice.actions.complete.openTasksReason"),
            }}
            submitLabel={t("backOffice.actions.complete.submit")}
            sendingLabel={sending}
          >
            <TextareaField
              meta={complete.fields.note}
              label={t("backOffice.actions.complete.note")}
              timing="input"
              textareaProps={{ ...getTextareaProps(complete.fields.note, { ariaAttributes: false }), rows: 3 }}
            />
            {/* Asked only while systems have not all answered. */}
            {openTasks > 0 || complete.fields.openTasksReason.errors ? (
              <TextareaField
                meta={complete.fields.openTasksReason}
                label={t("backOffice.actions.complete.openTasksReason")}
                textareaProps={{
                  ...getTextareaProps(complete.fields.openTasksReason, { ariaAttributes: false }),
                  rows: 2,
                }}
              />
            ) : null}
          </PublicForm>
        </ActionBox>
      ) : null}
      {allows(state, "reject") ? (
        <ActionBox title={t("backOffice.actions.reject.title")}>
          <PublicForm
            state={reject}
            labels={{ reason: t("backOffice.actions.reject.reason") }}
            submitLabel={t("backOffice.actions.reject.submit")}
            sendingLabel={sending}
          >
            <TextareaField
              meta={reject.fields.reason}
              label={t("backOffice.actions.reject.reason")}
              timing="input"
              textareaProps={{ ...getTextareaProps(reject.fields.reason, { ariaAttributes: false }), rows: 3 }}
            />
          </PublicForm>
        </ActionBox>
      ) : null}
    </div>
  );
}
