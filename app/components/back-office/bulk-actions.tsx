/**
 * The list's bulk actions (officers). The ticked rows' checkboxes belong to
 * the form below the table by their `form` attribute, so it works without
 * JavaScript. They are the form's `references` group: the first carries the
 * group's id (the error summary's link leads to it), each is marked invalid
 * and described by the group's error, and a refused post ticks them again.
 */
import { getTextareaProps } from "@conform-to/react";

import { ExtensionMonths } from "~/components/back-office/extension-months";
import { Radios, Select } from "~/components/form-controls";
import { ErrorList, TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm, type PublicFormState } from "~/components/use-public-form";
import { useTranslation } from "~/i18n/use-translation";
import { bulkForm } from "~/validation/case-work";

export function useBulkForm() {
  return usePublicForm({ id: bulkForm.id, schema: bulkForm.schema });
}

type BulkState = PublicFormState<typeof bulkForm.schema>;

/** One row's box; `index` is the row's place on the page. */
export function BulkCheckbox({ bulk, reference, index }: { bulk: BulkState; reference: string; index: number }) {
  const { t } = useTranslation();
  const group = bulk.fields.references;
  const id = index === 0 ? group.id : `${group.id}-${index}`;
  const invalid = Boolean(group.errors?.length);
  const ticked: unknown[] = [group.initialValue ?? []].flat();
  return (
    <>
      <input
        type="checkbox"
        name="references"
        value={reference}
        form={bulkForm.id}
        id={id}
        className="app-field__checkbox"
        defaultChecked={ticked.includes(reference)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? group.errorId : undefined}
      />
      <label htmlFor={id} className="app-visually-hidden">
        {t("backOffice.bulk.selectOne", { reference })}
      </label>
    </>
  );
}

export function BulkActions({ bulk, members }: { bulk: BulkState; members: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="app-section" aria-labelledby="bulk-title">
      <h2 id="bulk-title">{t("backOffice.bulk.title")}</h2>
      <PublicForm
        state={bulk}
        labels={{
          references: t("backOffice.bulk.references"),
          bulkAction: t("backOffice.bulk.action"),
          assignee: t("backOffice.owner.assign.label"),
          months: t("backOffice.actions.extend.months"),
          reason: t("backOffice.actions.extend.reason"),
        }}
        submitLabel={t("backOffice.bulk.submit")}
        sendingLabel={t("backOffice.actions.sending")}
      >
        <p className="app-field__hint">{t("backOffice.bulk.hint")}</p>
        <ErrorList id={bulk.fields.references.errorId} errors={bulk.fields.references.errors} />
        <Radios
          meta={bulk.fields.bulkAction}
          legend={t("backOffice.bulk.action")}
          options={[
            { value: "assign", label: t("backOffice.bulk.assign") },
            { value: "extend", label: t("backOffice.bulk.extend") },
          ]}
        />
        <Select
          meta={bulk.fields.assignee}
          label={t("backOffice.owner.assign.label")}
          placeholder={t("backOffice.owner.assign.choose")}
          emptyOption={t("backOffice.owner.assign.nobody")}
          options={members.map((email) => ({ value: email, label: email }))}
        />
        <ExtensionMonths meta={bulk.fields.months} />
        <TextareaField
          meta={bulk.fields.reason}
          label={t("backOffice.actions.extend.reason")}
          textareaProps={{ ...getTextareaProps(bulk.fields.reason, { ariaAttributes: false }), rows: 3 }}
        />
      </PublicForm>
    </section>
  );
}
