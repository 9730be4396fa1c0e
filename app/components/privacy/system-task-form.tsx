import { getTextareaProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { contactExportTaskForm, contactTaskForm } from "~/validation/task-answer";

import { FileInput } from "../file-input";
import { Radios } from "../form-controls";
import { ErrorList, TextareaField } from "../forms";
import { PublicForm, usePublicForm } from "../use-public-form";

/**
 * The contact of a system without an API says what was done; for an export
 * task (`withData`) they send the person's data with it, as a JSON file.
 */
export function SystemTaskForm({ withData }: { withData: boolean }) {
  const { t } = useTranslation();
  const definition = withData ? contactExportTaskForm : contactTaskForm;
  const state = usePublicForm({ id: definition.id, schema: definition.schema });
  const { fields } = state;
  const fileId = fields.file.id;
  const fileErrors = fields.file.errors;
  return (
    <PublicForm
      state={state}
      // The link's cookie belongs to this page's path only; React Router's data requests (`….data`) do not carry it.
      reloadDocument
      encType={withData ? "multipart/form-data" : undefined}
      labels={{
        answer: t("privacyRights.systemTask.answer"),
        note: t("privacyRights.systemTask.note"),
        ...(withData ? { file: t("privacyRights.systemTask.export.file") } : {}),
      }}
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
      {withData ? (
        <div className={`app-field${fileErrors?.length ? " app-field--error" : ""}`}>
          <label className="app-field__label" htmlFor={fileId}>
            {t("privacyRights.systemTask.export.file")}
          </label>
          <p className="app-field__hint" id={`${fileId}-hint`}>
            {t("privacyRights.systemTask.export.fileHint")}
          </p>
          <ErrorList id={`${fileId}-error`} errors={fileErrors} />
          <FileInput
            id={fileId}
            name="file"
            accept=".json,application/json"
            aria-describedby={`${fileId}-hint${fileErrors?.length ? ` ${fileId}-error` : ""}`}
            aria-invalid={fileErrors?.length ? true : undefined}
          />
        </div>
      ) : null}
      <TextareaField
        meta={fields.note}
        label={t("privacyRights.systemTask.note")}
        hint={t("privacyRights.systemTask.noteHint")}
        textareaProps={{ ...getTextareaProps(fields.note, { ariaAttributes: false }), rows: 3 }}
      />
    </PublicForm>
  );
}
