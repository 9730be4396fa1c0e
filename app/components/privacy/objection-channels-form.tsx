import { useTranslation } from "~/i18n/use-translation";
import { PRIVACY_FORM_IDS } from "~/validation/privacy-form-ids";
import { communicationSchema } from "~/validation/rights/direct-marketing";

import { PublicForm, usePublicForm } from "../use-public-form";
import { ChannelBlocks, channelLabels } from "./channel-blocks";

/** Objection step 2 (spec 2): each channel ticked opens its details. */
export function ObjectionChannelsForm() {
  const { t } = useTranslation();
  const state = usePublicForm({
    id: PRIVACY_FORM_IDS.objectionChannels,
    schema: communicationSchema,
    defaultValue: { phoneNumber: "+" },
  });
  const { fields, form } = state;
  return (
    <PublicForm
      state={state}
      labels={channelLabels(t)}
      submitLabel={t("privacyRights.objection.channels.submit")}
      sendingLabel={t("privacyRights.form.sending")}
    >
      <ChannelBlocks form={form} fields={fields} emailHint={t("privacyRights.objection.channels.emailHint")} />
    </PublicForm>
  );
}
