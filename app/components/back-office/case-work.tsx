/**
 * A case's owner and the team's internal notes, on the request's
 * and the ad report's page. Plain forms: they post and come back without
 * JavaScript as every back-office action does.
 */
import { getTextareaProps } from "@conform-to/react";

import { Select } from "~/components/form-controls";
import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { useTranslation } from "~/i18n/use-translation";
import { assignForm, noteForm, takeForm } from "~/validation/case-work";

import { ActionBox, FilterSelect, useDateTime } from "./back-office";

type CaseWorkView = {
  owner: string | null;
  assignedAt: string | null;
  mine: boolean;
  canAssign: boolean;
  members: string[];
  notes: { id: string; author: string; at: string; body: string }[];
};

export function CaseOwner({ work }: { work: CaseWorkView }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const assign = usePublicForm({ id: assignForm.id, schema: assignForm.schema });
  const take = usePublicForm({ id: takeForm.id, schema: takeForm.schema });
  const sending = t("backOffice.actions.sending");
  return (
    <section className="app-section" aria-labelledby="owner">
      <h2 id="owner">{t("backOffice.owner.title")}</h2>
      <p>
        {work.owner
          ? t("backOffice.owner.is", { owner: work.owner, date: when(work.assignedAt) })
          : t("backOffice.owner.nobody")}
      </p>
      {work.canAssign ? (
        <div className="app-actions">
          {work.mine ? null : (
            <ActionBox id="case-take-title" title={t("backOffice.owner.take.title")}>
              <PublicForm
                state={take}
                labels={{}}
                submitLabel={t("backOffice.owner.take.submit")}
                sendingLabel={sending}
              >
                <p>{t("backOffice.owner.take.text")}</p>
              </PublicForm>
            </ActionBox>
          )}
          <ActionBox id="case-assign-title" title={t("backOffice.owner.assign.title")}>
            <PublicForm
              state={assign}
              labels={{ assignee: t("backOffice.owner.assign.label") }}
              submitLabel={t("backOffice.owner.assign.submit")}
              sendingLabel={sending}
            >
              <Select
                meta={assign.fields.assignee}
                label={t("backOffice.owner.assign.label")}
                placeholder={t("backOffice.owner.assign.choose")}
                emptyOption={t("backOffice.owner.assign.nobody")}
                options={work.members.map((email) => ({ value: email, label: email }))}
              />
            </PublicForm>
          </ActionBox>
        </div>
      ) : null}
    </section>
  );
}

/** Never shown to the person, never mailed: the heading says so, for whoever writes one. */
export function InternalNotes({ work }: { work: CaseWorkView }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const note = usePublicForm({ id: noteForm.id, schema: noteForm.schema });
  return (
    <section className="app-section" aria-labelledby="notes">
      <h2 id="notes">{t("backOffice.notes.title")}</h2>
      <p className="app-field__hint">{t("backOffice.notes.hint")}</p>
      {work.notes.length === 0 ? (
        <p>{t("backOffice.notes.none")}</p>
      ) : (
        <ol className="app-history">
          {work.notes.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.author}</strong> · {when(entry.at)}
              <p className="app-history__note">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
      <PublicForm
        state={note}
        labels={{ note: t("backOffice.notes.label") }}
        submitLabel={t("backOffice.notes.submit")}
        sendingLabel={t("backOffice.actions.sending")}
      >
        <TextareaField
          meta={note.fields.note}
          label={t("backOffice.notes.label")}
          textareaProps={{ ...getTextareaProps(note.fields.note, { ariaAttributes: false }), rows: 3 }}
        />
      </PublicForm>
    </section>
  );
}

/** A list's owner filter (requests, ad reports): mine, nobody's, or one of `members`. */
export function OwnerFilter({ value, members }: { value: string; members: string[] }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      id="filter-owner"
      name="owner"
      label={t("backOffice.owner.title")}
      value={value}
      options={[
        { value: "mine", label: t("backOffice.owner.mine") },
        { value: "none", label: t("backOffice.owner.none") },
        ...members.map((email) => ({ value: email, label: email })),
      ]}
    />
  );
}
