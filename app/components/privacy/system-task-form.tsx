import { getTextareaProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { contactTaskForm } from "~/validation/task-answer";

import { Radios } from "../form-controls";
import { TextareaField } from "../forms";
import { PublicForm, usePublicForm } from "../use-public-form";

/** The contact of a system without an API says what was done. */
export function SystemTaskForm() {
  const { t } = useTranslation();
  const state = usePublicForm({ id: contactTaskForm.id, schema: contactTaskForm.schema });
  const { fields } = state;
  return (
    <PublicForm
      state={state}
      // The link's cookie belongs to this page's path only; React Router's data requests (`….data`) do not carry it.
      reloadDocument
      labels={{ answer: t("privacyRights.systemTask.answer"), note: t("privacyRights.systemTask.note") }}
      submitLabel={t("privacyRights.systemTask.submit")}
      sendingLabel={t("privacyRights.systemTask.sending")}
    >
      <Radios
        meta={fields.answer}
        legend={t("privacyRights.systemTask.answer")}
        options={[
          { value: "done", label: t("privacyRights.systemTask.done") },
          { value: "no-data", label: t("privacyRights.systemTask.noData") },
          { value: "failed", label: t("privacyRights.systemTask.failed") },
        ]}
      />
      <TextareaField
        meta={fields.note}
        label={t("privacyRights.systemTask.note")}
        hint={t("privacyRights.systemTask.noteHint")}
        textareaProps={{ ...getTextareaProps(fields.note, { ariaAttributes: false }), rows: 3 }}
      />
    </PublicForm>
  );
}
