import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/direct-marketing";
import { CheckboxGroup } from "~/components/form-controls";
import { ChannelBlocks, channelLabels } from "~/components/privacy/channel-blocks";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { brandsFor } from "~/services/content.server";
import { staffContext } from "~/services/staff/guard.server";
import { readFormPost } from "~/http/form-post.server";
import { objectionInput, privacyRequestAction } from "~/http/privacy-request-form.server";
import { formReply } from "~/http/public-form.server";
import { revalidateAfter401 } from "~/utils/revalidate-after-401";
import { NOT_INDEXED } from "~/utils/meta";
import { useLocalizedPath } from "~/utils/site";
import { internalObjectionSchema } from "~/validation/privacy-request";
import { applySelectAll } from "~/validation/select-all";
import { INTERNAL_OBJECTION_FORM_ID, internalObjectionForm } from "~/validation/staff";

export async function loader({ context }: Route.LoaderArgs) {
  const brands = brandsFor(context.get(siteContext).country);
  return {
    brands: brands.map((brand) => ({ id: brand.id, description: brand.description })),
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
      return objectionInput(brands.filter((brand) => chosen.has(brand.id)).flatMap((brand) => brand.keys), value, country);
    },
    { prepare: selectAll, staff },
  );
}

/**
 * Spec 8: not signed in → the notice, with a login link that opens a new
 * tab; following it hides the notice. After every send that answered 401
 * (`failure` is a new answer each time) it is shown again and takes the
 * focus (issue 25): the focus would otherwise fall to the page's body, and
 * a notice already on the page is not announced again.
 */
function NotSignedInNotice({ failure }: { failure: unknown }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  // Hidden after the login link was followed, until the next failed send.
  const [hiddenAfter, setHiddenAfter] = useState<{ failure: unknown } | null>(null);
  const hidden = hiddenAfter !== null && hiddenAfter.failure === failure;
  const ref = useRef<HTMLDivElement>(null);
  // A new failure shows the notice in the same render, so it is there to focus.
  useEffect(() => {
    if (failure) ref.current?.focus();
  }, [failure]);
  if (hidden) return null;
  return (
    <div ref={ref} className="app-notice app-notice--warning" role="alert" tabIndex={-1}>
      <p>{t("internal.notLoggedIn")}</p>
      <p>
        <a href={to("/internal-privacy-rights/login")} target="_blank" rel="noopener" onClick={() => setHiddenAfter({ failure })}>
          {t("internal.loginLink")}
        </a>
      </p>
    </div>
  );
}

export default function InternalDirectMarketingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const ids = loaderData.brands.map((brand) => brand.id);
  const state = usePublicForm({ id: INTERNAL_OBJECTION_FORM_ID, schema: internalObjectionSchema(ids), defaultValue: { phoneNumber: "+" } });
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
