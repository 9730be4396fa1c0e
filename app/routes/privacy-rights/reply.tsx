import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useSearchParams } from "react-router";

import { PageTitle } from "~/components/page-title";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { ReplyForm } from "~/components/privacy/reply-form";
import { COMPANY } from "~/content/company";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { allows } from "~/domain/privacy-request";
import { FILE_LIMITS, type UploadProblem } from "~/domain/request-file";
import { PERSONAL } from "~/http/cache-control.server";
import { linkToken } from "~/http/link-token.server";
import { readMultipart } from "~/http/multipart-upload.server";
import { formReply } from "~/http/public-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { forgetUploads, storeFile } from "~/services/privacy-request/file-store.server";
import { answerQuestion, openQuestion } from "~/services/privacy-request/questions.server";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useSite } from "~/utils/site";
import { replyForm } from "~/validation/reply";

import type { Route } from "./+types/reply";
import { replyLinkCookie } from "./link-cookies.server";

/**
 * The page behind the link in an officer's question: the
 * question, and a form for the answer with files (multipart, streamed and
 * checked as the officer's uploads are). The token leaves the address for a
 * cookie of this page. A wrong link is a 404, a question already answered
 * (or a request closed) says so.
 */
export const handle = { ...PERSONAL_DATA, queryParameters: ["token", "sent"] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const token = await linkToken(request, replyLinkCookie(request, language));
  const headers = { "Cache-Control": PERSONAL };
  if (new URL(request.url).searchParams.has("sent")) return data({ status: "sent" as const }, { headers });
  const question = await openQuestion(await getDb(), token);
  if (!question) return data({ status: "unknown" as const }, { status: 404, headers });
  if (question.answeredAt || !allows(question.state, "answered"))
    return data({ status: "closed" as const }, { headers });
  return data({ status: "open" as const, reference: question.reference, question: question.question }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { language } = context.get(siteContext);
  const link = replyLinkCookie(request, language);
  const token = await link.read();
  const db = await getDb();
  const question = await openQuestion(db, token);
  // Nothing is read of a post without a good link: the page says what is wrong.
  if (!question || question.answeredAt || !allows(question.state, "answered"))
    return redirect(new URL(request.url).pathname);

  const stored: string[] = [];
  let problem: UploadProblem | null = null;
  const read = await readMultipart(request, {
    maxParts: FILE_LIMITS.filesPerPost + 4,
    onFile: async (file) => {
      const outcome = await storeFile(db, {
        requestId: question.requestId,
        direction: "FROM_PERSON",
        uploadedBy: "DATA_SUBJECT",
        filename: file.filename,
        bytes: file.bytes,
      });
      if (outcome.status === "stored") stored.push(outcome.file.id);
      else if (outcome.problem !== "noFile") problem ??= outcome.problem;
    },
  });
  if (!read.ok && read.problem !== "too-many-parts") throw data("The form data could not be read.", { status: 400 });
  const fields = new FormData();
  for (const [name, value] of read.ok ? read.fields : []) fields.set(name, value);
  const submission = parseWithZod(fields, { schema: replyForm.schema });
  if (!read.ok) problem = "tooMany";
  if (submission.status !== "success" || problem) {
    // Nothing is kept of an answer that is not taken: the files are chosen again with it.
    await forgetUploads(db, stored);
    const fieldErrors =
      submission.status === "error" ? ((submission.error as Record<string, string[]> | null) ?? {}) : {};
    return formReply(replyForm, submission, {
      fieldErrors: problem ? { ...fieldErrors, files: [`privacyRights.reply.problems.${problem}`] } : undefined,
    });
  }
  const outcome = await answerQuestion(db, token, submission.value.answer, stored.length);
  if (outcome.status !== "answered") await forgetUploads(db, stored);
  return redirect(`${new URL(request.url).pathname}${outcome.status === "answered" ? "?sent=1" : ""}`, {
    headers: { "Set-Cookie": await link.forget() },
  });
}

function Done({ status }: { status: "sent" | "closed" | "unknown" }) {
  const { t } = useTranslation();
  const { country } = useSite();
  return (
    <>
      <PageTitle titleKey={`privacyRights.reply.${status}.title`} />
      <section className={`app-section app-verification app-verification--${status === "sent" ? "success" : "error"}`}>
        <h1 className="app-heading-1">{t(`privacyRights.reply.${status}.title`)}</h1>
        <p>{t(`privacyRights.reply.${status}.text`, { email: COMPANY[country].privacyEmail })}</p>
      </section>
    </>
  );
}

export default function ReplyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (loaderData.status !== "open") return <Done status={search.has("sent") ? "sent" : loaderData.status} />;
  return (
    <PrivacyFormPage
      titleKey="privacyRights.reply.title"
      intro={
        <>
          <p>{t("privacyRights.reply.intro", { reference: loaderData.reference })}</p>
          <blockquote className="app-answer__message">{loaderData.question}</blockquote>
        </>
      }
    >
      <ReplyForm />
    </PrivacyFormPage>
  );
}

// The title is the component's (PageTitle): the form's, with "Fout:" after a failed send, or its outcome's.
export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches);
