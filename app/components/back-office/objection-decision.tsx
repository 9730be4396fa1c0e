import { getTextareaProps } from "@conform-to/react";

import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { useTranslation } from "~/i18n/use-translation";
import { objectionRefuseForm, objectionUpholdForm } from "~/validation/request-decisions";

import { ActionBox } from "./back-office";

/**
 * The decision on an objection to processing (Art. 21(1)), in place of a
 * plain rejection: uphold it (the systems stop; a note is optional) or
 * refuse it with the compelling legitimate grounds, which the person is
 * mailed with where they may complain.
 */
export function ObjectionDecision() {
  const { t } = useTranslation();
  const uphold = usePublicForm({ id: objectionUpholdForm.id, schema: objectionUpholdForm.schema });
  const refuse = usePublicForm({ id: objectionRefuseForm.id, schema: objectionRefuseForm.schema });
  const sending = t("backOffice.actions.sending");
  return (
    <>
      <ActionBox title={t("backOffice.processingObjection.uphold.title")}>
        <p>{t("backOffice.processingObjection.uphold.intro")}</p>
        <PublicForm
          state={uphold}
          labels={{ note: t("backOffice.processingObjection.uphold.note") }}
          submitLabel={t("backOffice.processingObjection.uphold.submit")}
          sendingLabel={sending}
        >
          <TextareaField
            meta={uphold.fields.note}
            label={t("backOffice.processingObjection.uphold.note")}
            textareaProps={{ ...getTextareaProps(uphold.fields.note, { ariaAttributes: false }), rows: 2 }}
          />
        </PublicForm>
      </ActionBox>
      <ActionBox title={t("backOffice.processingObjection.refuse.title")}>
        <p>{t("backOffice.processingObjection.refuse.intro")}</p>
        <PublicForm
          state={refuse}
          labels={{ grounds: t("backOffice.processingObjection.refuse.grounds") }}
          submitLabel={t("backOffice.processingObjection.refuse.submit")}
          sendingLabel={sending}
        >
          <TextareaField
            meta={refuse.fields.grounds}
            label={t("backOffice.processingObjection.refuse.grounds")}
            timing="input"
            textareaProps={{ ...getTextareaProps(refuse.fields.grounds, { ariaAttributes: false }), rows: 4 }}
          />
        </PublicForm>
      </ActionBox>
    </>
  );
}
