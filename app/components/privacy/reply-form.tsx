import { getTextareaProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { replyForm } from "~/validation/reply";

import { FileInput } from "../file-input";
import { ErrorList, TextareaField } from "../forms";
import { PublicForm, usePublicForm } from "../use-public-form";

/**
 * The person answers an officer's question, with files if they
 * like (the answer's rules: PDF, ZIP, CSV, JSON or an image, 25 MB each).
 */
export function ReplyForm() {
  const { t } = useTranslation();
  const state = usePublicForm({ id: replyForm.id, schema: replyForm.schema });
  const { fields } = state;
  const fileErrors = fields.files.errors;
  return (
    <PublicForm
      state={state}
      encType="multipart/form-data"
      reloadDocument
      labels={{ answer: t("privacyRights.reply.answer"), files: t("privacyRights.reply.files") }}
      submitLabel={t("privacyRights.reply.submit")}
      sendingLabel={t("privacyRights.reply.sending")}
    >
      <TextareaField
        meta={fields.answer}
        label={t("privacyRights.reply.answer")}
        timing="input"
        textareaProps={{ ...getTextareaProps(fields.answer, { ariaAttributes: false }), maxLength: 5000 }}
      />
      <div className={`app-field${fileErrors?.length ? " app-field--error" : ""}`}>
        <label className="app-field__label" htmlFor={fields.files.id}>
          {t("privacyRights.reply.files")}
        </label>
        <p className="app-field__hint" id={`${fields.files.id}-hint`}>
          {t("privacyRights.reply.filesHint")}
        </p>
        <ErrorList id={`${fields.files.id}-error`} errors={fileErrors} />
        <FileInput
          id={fields.files.id}
          name="files"
          multiple
          aria-describedby={`${fields.files.id}-hint${fileErrors?.length ? ` ${fields.files.id}-error` : ""}`}
          aria-invalid={fileErrors?.length ? true : undefined}
        />
      </div>
    </PublicForm>
  );
}
