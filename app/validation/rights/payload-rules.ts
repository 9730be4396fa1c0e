/**
 * What a right's validation module gives the JSON call: its rules over the
 * call's payload, side by side with the right's page schema. The envelope
 * (flowType, e-mail, touchpoint) is read once by privacy-request-payload.ts.
 */
import type { z } from "~/validation/zod";

import type { Issue, PrivacyRequestInput, UserInfo } from "../privacy-request";

/** The call's fields as they arrive (every one optional; the right says which it needs). */
export type Payload = {
  email?: string | null;
  phoneNumber?: string | null;
  userMessage?: string | null;
  brands?: string[] | null;
  brandName?: string | null;
  article?: string | null;
  publicationLink?: string | null;
  publicationDate?: string | null;
  userInfo?: UserInfo | null;
  /** Anything else: a right's own fields, read by its module. */
  [field: string]: unknown;
};

export type PayloadTools = {
  /** The value through `schema`, or undefined with its issues reported under `path`. */
  pick: <S extends z.ZodType>(schema: S, value: unknown, path: string) => z.output<S> | undefined;
  report: (issues: Issue[]) => void;
  /** The e-mail address, already checked and normalised when given. */
  email: string | undefined;
};

/** The right's part of what the service stores. */
export type RightInput = Omit<PrivacyRequestInput, "flowType" | "email" | "touchpoint">;

export type PayloadRules = (payload: Payload, tools: PayloadTools) => RightInput;
