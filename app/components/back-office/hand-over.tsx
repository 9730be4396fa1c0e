import { getInputProps } from "@conform-to/react";

import { Field } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { useTranslation } from "~/i18n/use-translation";
import { dateTimeFormat } from "~/utils/intl-formats";
import { usePageLanguageTag } from "~/utils/site";
import { handOverForm } from "~/validation/hand-over";

export type HandOverShown = {
  controller: { name: string; address: string };
  handedOver: { on: string; how: string } | null;
};

/**
 * A package the person asked us to send to another controller (Art.
 * 20(2)): to whom, and once sent, when and how; until then, while the
 * request allows it, the form that records the hand-over (the day defaults
 * to today).
 */
export function HandOver({ handOver, today, open }: { handOver: HandOverShown; today: string; open: boolean }) {
  const { t } = useTranslation();
  const tag = usePageLanguageTag();
  const form = usePublicForm({ id: handOverForm.id, schema: handOverForm.schema, defaultValue: { on: today } });
  const day = (iso: string) =>
    dateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  const { controller, handedOver } = handOver;
  return (
    <section className="app-section" aria-labelledby="hand-over">
      <h2 id="hand-over">{t("backOffice.portability.title")}</h2>
      <p>{t("backOffice.portability.intro")}</p>
      <dl className="app-facts">
        <dt>{t("backOffice.portability.controller")}</dt>
        <dd>{controller.name}</dd>
        <dt>{t("backOffice.portability.address")}</dt>
        <dd>{controller.address}</dd>
        {handedOver ? (
          <>
            <dt>{t("backOffice.portability.sentOn")}</dt>
            <dd>{day(handedOver.on)}</dd>
            <dt>{t("backOffice.portability.sentHow")}</dt>
            <dd>{handedOver.how}</dd>
          </>
        ) : null}
      </dl>
      {!handedOver && open ? (
        <div className="app-actions">
          <section className="app-action" aria-labelledby="hand-over-form">
            <h3 id="hand-over-form">{t("backOffice.portability.handOver.title")}</h3>
            <PublicForm
              state={form}
              labels={{ how: t("backOffice.portability.handOver.how"), on: t("backOffice.portability.handOver.on") }}
              submitLabel={t("backOffice.portability.handOver.submit")}
              sendingLabel={t("backOffice.actions.sending")}
            >
              <Field
                meta={form.fields.how}
                label={t("backOffice.portability.handOver.how")}
                hint={t("backOffice.portability.handOver.howHint")}
                timing="input"
                inputProps={{
                  ...getInputProps(form.fields.how, { type: "text", ariaAttributes: false }),
                  maxLength: 500,
                }}
              />
              <Field
                meta={form.fields.on}
                label={t("backOffice.portability.handOver.on")}
                inputProps={{ ...getInputProps(form.fields.on, { type: "date", ariaAttributes: false }), max: today }}
              />
            </PublicForm>
          </section>
        </div>
      ) : null}
    </section>
  );
}
