import { linkTokenCookie } from "~/http/link-token.server";
import type { Language } from "~/i18n/locale";
import { defineForm } from "~/validation/form-definition";
import { z } from "~/validation/zod";

/** The answer's link token, for the answer page and its downloads (`/{lang}/privacy-rights/answer…`). */
export const answerLinkCookie = (request: Request, language: Language) =>
  linkTokenCookie("__answer", `/${language}/privacy-rights/answer`, request);

/** A download names one file of the delivery. */
export const ANSWER_DOWNLOAD_FORM = defineForm({ id: "answer-download", schema: z.object({ file: z.string() }) });

/** The status link's token, for the status view and its downloads (`/{lang}/privacy-rights/status/view…`). */
export const statusLinkCookie = (request: Request, language: Language) =>
  linkTokenCookie("__status", `/${language}/privacy-rights/status/view`, request);

/** The reply link's token, for the page that answers an officer's question (`/{lang}/privacy-rights/reply`). */
export const replyLinkCookie = (request: Request, language: Language) =>
  linkTokenCookie("__reply", `/${language}/privacy-rights/reply`, request);

/** An expired confirmation link's token, for the expired page's "send a new link" (`/{lang}/email-verification-expired`). */
export const expiredLinkCookie = (request: Request, language: Language) =>
  linkTokenCookie("__expired_link", `/${language}/email-verification-expired`, request);

/** A system task's link token, for the page where its contact answers (`/{lang}/privacy-rights/system-task`). */
export const systemTaskLinkCookie = (request: Request, language: Language) =>
  linkTokenCookie("__system_task", `/${language}/privacy-rights/system-task`, request);
