import { parseWithZod } from "@conform-to/zod/v4";

import { CheckboxGroup } from "~/components/form-controls";
import { ChannelBlocks, channelLabels } from "~/components/privacy/channel-blocks";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { NotSignedInNotice } from "~/components/staff/not-signed-in-notice";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { readFormPost } from "~/http/form-post.server";
import { objectionInput, privacyRequestAction } from "~/http/privacy-request-form.server";
import { formReply } from "~/http/public-form.server";
import { staffContext } from "~/http/staff/guard.server";
import { hyphenated } from "~/i18n/hyphenation.server";
import { linkLanguage } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { brandsFor } from "~/services/site/content.server";
import { NOT_INDEXED } from "~/utils/meta";
import { revalidateAfter401 } from "~/utils/revalidate-after-401";
import { internalObjectionSchema } from "~/validation/rights/direct-marketing";
import { applySelectAll } from "~/validation/select-all";
import { INTERNAL_OBJECTION_FORM_ID, internalObjectionForm } from "~/validation/staff";

import type { Route } from "./+types/direct-marketing";

export async function loader({ context }: Route.LoaderArgs) {
  const { country, locale } = context.get(siteContext);
  const brands = brandsFor(country);
  return {
    // The names are the tick boxes' labels only (the posted value is the id): shown with their syllables marked.
    brands: brands.map((brand) => ({ id: brand.id, description: hyphenated(brand.description, linkLanguage(locale)) })),
    signedIn: context.get(staffContext) !== null,
  };
}

/** The notice follows the session: read again after a post answered 401. */
export const shouldRevalidate = revalidateAfter401;

/**
 * Spec 4 "internal flow": a staff member records an objection for a caller,
 * executed at once. Without a session (never signed in, or expired between
 * two calls) the post answers 401 and the form comes back with every value,
 * so that after signing in in another tab the same post can be sent again.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { country } = context.get(siteContext);
  const brands = brandsFor(country);
  const ids = brands.map((brand) => brand.id);
  const definition = internalObjectionForm(ids);
  const selectAll = (formData: FormData) => applySelectAll(formData, "brands", ids);

  const staff = context.get(staffContext);
  if (!staff) {
    const post = await readFormPost(request, definition);
    if (post.ok) selectAll(post.formData);
    return formReply(definition, parseWithZod(post.formData, { schema: definition.schema }), { status: 401 });
  }

  return privacyRequestAction(
    args,
    definition,
    (value) => {
      const chosen = new Set(value.brands);
      return objectionInput(
        brands.filter((brand) => chosen.has(brand.id)).flatMap((brand) => brand.keys),
        value,
        country,
      );
    },
    { prepare: selectAll, staff },
  );
}

export default function InternalDirectMarketingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const ids = loaderData.brands.map((brand) => brand.id);
  const state = usePublicForm({
    id: INTERNAL_OBJECTION_FORM_ID,
    schema: internalObjectionSchema(ids),
    defaultValue: { phoneNumber: "+" },
  });
  const { fields, form } = state;
  return (
    <PrivacyFormPage titleKey="pages.internalDirectMarketing.title" intro={<p>{t("internal.form.intro")}</p>}>
      {loaderData.signedIn ? null : <NotSignedInNotice failure={actionData} />}
      <PublicForm
        state={state}
        labels={{ brands: t("privacyRights.objection.brands.legend"), ...channelLabels(t) }}
        submitLabel={t("internal.form.submit")}
        sendingLabel={t("internal.form.sending")}
      >
        <CheckboxGroup
          meta={fields.brands}
          legend={t("privacyRights.objection.brands.legend")}
          hint={t("privacyRights.objection.brands.hint", { count: ids.length })}
          selectAll={{ label: t("privacyRights.objection.brands.selectAll") }}
          columns
          options={loaderData.brands.map((brand) => ({ value: brand.id, label: brand.description }))}
        />
        <ChannelBlocks form={form} fields={fields} emailHint={t("privacyRights.form.email")} noAutofill />
      </PublicForm>
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = () => [NOT_INDEXED];
