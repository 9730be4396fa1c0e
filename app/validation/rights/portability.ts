/**
 * Data portability (Art. 20): the data the person gave, as one package of
 * JSON files, to them, or sent on to another controller they name
 * (Art. 20(2)). The package is delivered by e-mail link, so the address is required.
 */
import type { RightDetails } from "../privacy-request";
import { PRIVACY_LIMITS } from "../privacy-request";
import { detailsRight } from "./details-form";

const PORTABILITY_DELIVERY = ["PERSON", "CONTROLLER"] as const;

const TO_CONTROLLER = { field: "delivery", value: "CONTROLLER" } as const;

export const portability = detailsRight("portability", [
  {
    name: "delivery",
    kind: "choice",
    options: PORTABILITY_DELIVERY,
    about: "Who receives the package: the person, or another controller they name (Art. 20(2)).",
  },
  {
    name: "controllerName",
    kind: "text",
    max: PRIVACY_LIMITS.brandName,
    when: TO_CONTROLLER,
    about: "The controller the package goes to.",
  },
  {
    name: "controllerAddress",
    kind: "text",
    max: PRIVACY_LIMITS.article,
    multiline: true,
    when: TO_CONTROLLER,
    about: "Where that controller takes it: its postal or e-mail address.",
  },
  {
    name: "userMessage",
    kind: "text",
    max: PRIVACY_LIMITS.userMessage,
    multiline: true,
    optional: true,
    about: "Anything the person adds.",
  },
]);

/** The controller a package goes to, as the request's details name it; null when it goes to the person. */
export function receivingController(details: RightDetails): { name: string; address: string } | null {
  if (details[TO_CONTROLLER.field] !== TO_CONTROLLER.value) return null;
  return { name: String(details.controllerName ?? ""), address: String(details.controllerAddress ?? "") };
}
