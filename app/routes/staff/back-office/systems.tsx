import { getInputProps } from "@conform-to/react";
import { href, Link, useSearchParams } from "react-router";

import { Table, useDateTime } from "~/components/back-office/back-office";
import { CheckboxGroup, Radios, Select } from "~/components/form-controls";
import { Field } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { COUNTRIES } from "~/domain/country";
import { SYSTEM_CHANNELS } from "~/domain/data-system";
import { RIGHT_TYPES } from "~/domain/privacy-request";
import { redirectWithBanner } from "~/http/flash.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { signedInStaff } from "~/http/staff/guard.server";
import { LOCALES } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { registerWithTrail, saveSystemByOfficer } from "~/services/systems/register.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { dataSystemForm, fromForm } from "~/validation/data-system";

import type { Route } from "./+types/systems";

/**
 * The register of systems that hold personal data, for officers:
 * what each takes part in and how it is reached, a form to add one or change
 * one (`?edit=id` fills it in), and the register's trail. Secrets are typed
 * only to set or replace them, and never shown. A webhook system paused for
 * an address in a private network, or whose receiver does not answer, says
 * so and since when.
 */
export async function loader() {
  const { systems, events } = await registerWithTrail(await getDb());
  return {
    systems: systems.map((row) => ({
      id: row.id,
      name: row.name,
      rights: row.rights.split(","),
      countries: row.countries.split(","),
      channel: row.channel,
      webhookUrl: row.webhook_url,
      contactEmail: row.contact_email,
      contactLocale: row.contact_locale,
      active: row.active === 1,
      hasSecret: Boolean(row.secret_sealed),
      pausedAt: row.paused_reason ? row.paused_at : null,
      unreachableSince: row.unreachable_since,
    })),
    events,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = signedInStaff(args.context);
  const received = await receivePublicForm(args, dataSystemForm, {
    guard: false,
    hideFields: ["secret", "callbackToken"],
  });
  if (!received.ok) return received.response;
  const outcome = await saveSystemByOfficer(await getDb(), fromForm(received.value), staff);
  if (outcome.status === "invalid")
    return formReply(dataSystemForm, received.submission, {
      fieldErrors: outcome.fieldErrors,
      status: 400,
      hideFields: ["secret", "callbackToken"],
    });
  const back = href("/:lang/internal-privacy-rights/systems", { lang: args.context.get(siteContext).language });
  return redirectWithBanner(args.request, back, { type: "success", textKey: "backOffice.banners.systemSaved" });
}

type SystemView = Route.ComponentProps["loaderData"]["systems"][number];

function SystemForm({ editing }: { editing: SystemView | undefined }) {
  const { t } = useTranslation();
  const state = usePublicForm({
    id: dataSystemForm.id,
    schema: dataSystemForm.schema,
    defaultValue: editing
      ? {
          id: editing.id,
          name: editing.name,
          rights: editing.rights,
          countries: editing.countries,
          channel: editing.channel,
          webhookUrl: editing.webhookUrl ?? "",
          contactEmail: editing.contactEmail ?? "",
          contactLocale: editing.contactLocale ?? "",
          active: editing.active ? "yes" : "no",
        }
      : { active: "yes" },
  });
  const { fields } = state;
  const label = (field: string) => t(`backOffice.systems.fields.${field}`);
  return (
    <PublicForm
      state={state}
      labels={Object.fromEntries(
        [
          "id",
          "name",
          "rights",
          "countries",
          "channel",
          "webhookUrl",
          "secret",
          "callbackToken",
          "contactEmail",
          "contactLocale",
          "active",
        ].map((field) => [field, label(field)]),
      )}
      submitLabel={t("backOffice.systems.submit")}
      sendingLabel={t("backOffice.actions.sending")}
    >
      <Field
        meta={fields.id}
        label={label("id")}
        hint={t("backOffice.systems.idHint")}
        inputProps={{
          ...getInputProps(fields.id, { type: "text", ariaAttributes: false }),
          autoComplete: "off",
          spellCheck: false,
        }}
      />
      <Field
        meta={fields.name}
        label={label("name")}
        inputProps={{ ...getInputProps(fields.name, { type: "text", ariaAttributes: false }), autoComplete: "off" }}
      />
      <CheckboxGroup
        meta={fields.rights}
        legend={label("rights")}
        options={RIGHT_TYPES.map((right) => ({ value: right, label: t(`backOffice.rights.${right}`) }))}
      />
      <CheckboxGroup
        meta={fields.countries}
        legend={label("countries")}
        options={COUNTRIES.map((country) => ({ value: country, label: t(`backOffice.countries.${country}`) }))}
      />
      <Radios
        meta={fields.channel}
        legend={label("channel")}
        options={SYSTEM_CHANNELS.map((channel) => ({
          value: channel,
          label: t(`backOffice.tasks.channels.${channel}`),
        }))}
      />
      <Field
        meta={fields.webhookUrl}
        label={label("webhookUrl")}
        hint={t("backOffice.systems.webhookHint")}
        inputProps={{
          ...getInputProps(fields.webhookUrl, { type: "url", ariaAttributes: false }),
          autoComplete: "off",
        }}
      />
      <Field
        meta={fields.secret}
        label={label("secret")}
        hint={t(editing?.hasSecret ? "backOffice.systems.secretKeep" : "backOffice.systems.secretHint")}
        inputProps={{
          ...getInputProps(fields.secret, { type: "password", ariaAttributes: false }),
          autoComplete: "off",
        }}
      />
      <Field
        meta={fields.callbackToken}
        label={label("callbackToken")}
        hint={t(editing?.hasSecret ? "backOffice.systems.secretKeep" : "backOffice.systems.tokenHint")}
        inputProps={{
          ...getInputProps(fields.callbackToken, { type: "password", ariaAttributes: false }),
          autoComplete: "off",
        }}
      />
      <Field
        meta={fields.contactEmail}
        label={label("contactEmail")}
        hint={t("backOffice.systems.contactHint")}
        inputProps={{
          ...getInputProps(fields.contactEmail, { type: "email", ariaAttributes: false }),
          autoComplete: "off",
        }}
      />
      <Select
        meta={fields.contactLocale}
        label={label("contactLocale")}
        placeholder={t("backOffice.tasks.reassign.chooseLocale")}
        options={LOCALES.map((locale) => ({ value: locale, label: t(`backOffice.tasks.locales.${locale}`) }))}
      />
      <Radios
        meta={fields.active}
        legend={label("active")}
        inline
        options={[
          { value: "yes", label: t("backOffice.systems.yes") },
          { value: "no", label: t("backOffice.systems.no") },
        ]}
      />
    </PublicForm>
  );
}

export default function SystemsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const [search] = useSearchParams();
  const editing = loaderData.systems.find((system) => system.id === search.get("edit"));
  const label = (field: string) => t(`backOffice.systems.fields.${field}`);
  const reach = (system: SystemView) =>
    system.channel === "webhook"
      ? system.webhookUrl
      : system.channel === "email"
        ? system.contactEmail
        : t("backOffice.systems.byStaff");
  return (
    <>
      <PageTitle titleKey="backOffice.systems.title" />
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("backOffice.systems.title")}</h1>
        <p>{t("backOffice.systems.intro")}</p>
      </header>
      <section className="app-section" aria-labelledby="systems-list">
        <h2 id="systems-list">{t("backOffice.systems.listTitle")}</h2>
        {loaderData.systems.length === 0 ? (
          <p>{t("backOffice.systems.none")}</p>
        ) : (
          <Table
            caption={t("backOffice.systems.listTitle")}
            head={[label("name"), label("channel"), label("rights"), label("countries"), label("active")]}
          >
            {loaderData.systems.map((system) => (
              <tr key={system.id}>
                <th scope="row">
                  <Link to={`?edit=${encodeURIComponent(system.id)}#system-form`}>{system.name}</Link>
                  <span className="app-table__note">{system.id}</span>
                </th>
                <td>
                  {t(`backOffice.tasks.channels.${system.channel}`)}
                  <span className="app-table__note">{reach(system)}</span>
                </td>
                <td>{system.rights.map((right) => t(`backOffice.rights.${right}`)).join(", ")}</td>
                <td>{system.countries.map((country) => t(`backOffice.countries.${country}`)).join(", ")}</td>
                <td>
                  {t(system.active ? "backOffice.systems.yes" : "backOffice.systems.no")}
                  {system.pausedAt ? (
                    <span className="app-table__note">
                      {t("backOffice.systems.paused", { date: when(system.pausedAt) })}
                    </span>
                  ) : null}
                  {system.unreachableSince ? (
                    <span className="app-table__note">
                      {t("backOffice.systems.unreachable", { date: when(system.unreachableSince) })}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section className="app-section" aria-labelledby="system-form">
        <h2 id="system-form">
          {editing ? t("backOffice.systems.editTitle", { name: editing.name }) : t("backOffice.systems.addTitle")}
        </h2>
        <SystemForm key={editing?.id ?? "new"} editing={editing} />
      </section>
      <section className="app-section" aria-labelledby="systems-trail">
        <h2 id="systems-trail">{t("backOffice.systems.trailTitle")}</h2>
        <ol className="app-history">
          {loaderData.events.map((event) => (
            <li key={event.id}>
              <strong>{t(`backOffice.systems.actions.${event.action}`, { system: event.system_id })}</strong> ·{" "}
              {when(event.at)} · {event.actor}
              {event.fields ? (
                <p className="app-history__note">
                  {event.fields
                    .split(",")
                    .map((field) => t(`backOffice.systems.columns.${field}`, { defaultValue: field }))
                    .join(", ")}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
