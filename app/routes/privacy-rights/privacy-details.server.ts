import type { RouterContextProvider } from "react-router";
import type { z } from "zod";

import { siteContext } from "~/context";
import { countryCode } from "~/domain/country";
import type { RightType } from "~/domain/rights";
import type { PrivacyRequestInput } from "~/validation/privacy-request";
import type { accessSchema } from "~/validation/rights/access";

type DetailsValue = z.output<typeof accessSchema>;

/** Access and forgotten: the form's values as the request the service stores. */
export function detailsRequestInput(
  args: { context: Readonly<RouterContextProvider> },
  flowType: Extract<RightType, "RIGHT_OF_ACCESS" | "RIGHT_TO_BE_FORGOTTEN">,
) {
  return (value: DetailsValue): PrivacyRequestInput => {
    const { country } = args.context.get(siteContext);
    const { address, ...person } = value.userInfo ?? {};
    // Only what was given is kept: the country field alone (prefilled) is no address.
    const hasAddress = Boolean(
      address && (address.street || address.houseNumber || address.postalCode || address.city),
    );
    return {
      flowType,
      email: value.email,
      userMessage: value.userMessage,
      userInfo: value.userInfo
        ? {
            ...person,
            ...(hasAddress ? { address: { ...address, country: address?.country ?? countryCode(country) } } : {}),
          }
        : undefined,
    };
  };
}
