import { getTextareaProps } from "@conform-to/react";

import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { allows, type RequestState } from "~/domain/privacy-request";
import { useTranslation } from "~/i18n/use-translation";
import { completeForm, extendForm, rejectForm, startForm } from "~/validation/back-office";
import { objectionRefuseForm, objectionUpholdForm } from "~/validation/request-decisions";

import { ActionBox, useDateTime } from "./back-office";
import { ExtensionMonths } from "./extension-months";
import { ObjectionDecision } from "./objection-decision";
import { RefusedHere } from "./refused-here";

/** An objection to processing's decision: still awaited, or what was decided and when. */
export type DecisionShown = { awaited: boolean; outcome: string | null; at: string | null };

/**
 * The officer's forms that move a request on: start, extend, complete,
 * reject (each while its state allows it). A right an officer decides on
 * gets the decision instead of the rejection, and is completed once decided.
 */
export function RequestActions({
  state,
  extended,
  hasDueDate,
  openTasks,
  decision,
}: {
  state: RequestState;
  extended: boolean;
  hasDueDate: boolean;
  openTasks: number;
  decision: DecisionShown | null;
}) {
  const { t } = useTranslation();
  const when = useDateTime();
  const start = usePublicForm({ id: startForm.id, schema: startForm.schema });
  const extend = usePublicForm({ id: extendForm.id, schema: extendForm.schema });
  const complete = usePublicForm({ id: completeForm.id, schema: completeForm.schema });
  const reject = usePublicForm({ id: rejectForm.id, schema: rejectForm.schema });
  const canExtend = allows(state, "extend") && hasDueDate;
  const decides = Boolean(decision?.awaited) && allows(state, "uphold");
  const canComplete = allows(state, "complete") && !decision?.awaited;
  const canReject = allows(state, "reject") && !decision;
  const refused = (
    <RefusedHere
      formIds={[objectionUpholdForm.id, objectionRefuseForm.id]}
      offered={decides ? [objectionUpholdForm.id, objectionRefuseForm.id] : []}
    />
  );
  if (!allows(state, "start") && !canExtend && !canComplete && !canReject && !decides)
    return (
      <>
        {refused}
        <p>{t("backOffice.request.noActions")}</p>
      </>
    );
  const sending = t("backOffice.actions.sending");
  return (
    <div className="app-actions">
      {refused}
      {decision?.outcome === "UPHELD" && decision.at ? (
        <p>{t("backOffice.processingObjection.upheldOn", { at: when(decision.at) })}</p>
      ) : null}
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
      {decides ? <ObjectionDecision /> : null}
      {canComplete ? (
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
      {canReject ? (
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
