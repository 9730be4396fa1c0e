import { data, redirect, useSearchParams } from "react-router";

import { PageTitle } from "~/components/page-title";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { rightDetailFacts } from "~/components/privacy/right-details";
import { SystemTaskForm } from "~/components/privacy/system-task-form";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { PERSONAL } from "~/http/cache-control.server";
import { linkToken } from "~/http/link-token.server";
import { receivePublicForm } from "~/http/public-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { answerByContact, emailTaskTarget, openEmailTask } from "~/services/systems/email-tasks.server";
import { answersWithData } from "~/services/systems/export-answers.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { formPageMeta } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { usePageLanguageTag } from "~/utils/site";
import { contactTaskForm } from "~/validation/task-answer";

import type { Route } from "./+types/system-task";
import { systemTaskLinkCookie } from "./link-cookies.server";
import { answerExportTask } from "./system-task-export.server";

/**
 * The page behind the link mailed to the contact of a system
 * without an API. It shows who the person is and what to do; opening it
 * changes nothing (a mail scanner may open it), the POST answers the task,
 * once. The token leaves the address for a cookie of this page.
 */
export const handle = { ...PERSONAL_DATA, queryParameters: ["token", "sent"] };
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const token = await linkToken(request, systemTaskLinkCookie(request, language));
  const headers = { "Cache-Control": PERSONAL };
  if (new URL(request.url).searchParams.has("sent")) return data({ status: "sent" as const }, { headers });
  const task = await openEmailTask(await getDb(), token);
  if (!task) return data({ status: "unknown" as const }, { status: 404, headers });
  return data({ status: "open" as const, task, withData: answersWithData(task.action) }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const link = systemTaskLinkCookie(request, context.get(siteContext).language);
  const path = new URL(request.url).pathname;
  const db = await getDb();
  const token = await link.read();
  const target = await emailTaskTarget(db, token);
  // An export task's answer brings the data as a file (multipart); any other is a plain form.
  if (target && answersWithData(target.action)) {
    const exported = await answerExportTask(request, db, token, target);
    if (exported.status === "invalid") return exported.response;
    return redirect(exported.status === "answered" ? `${path}?sent=1` : path, {
      headers: { "Set-Cookie": await link.forget() },
    });
  }
  const received = await receivePublicForm(args, contactTaskForm, { guard: false });
  if (!received.ok) return received.response;
  const outcome = await answerByContact(db, token, {
    answer: received.value.answer,
    note: received.value.note,
  });
  // A link that no longer works (answered, expired, given to someone else): the page says so.
  return redirect(outcome === "answered" ? `${path}?sent=1` : path, { headers: { "Set-Cookie": await link.forget() } });
}

function Outcome({ status }: { status: "sent" | "unknown" }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle titleKey={`privacyRights.systemTask.${status}.title`} />
      <section className={`app-section app-verification app-verification--${status === "sent" ? "success" : "error"}`}>
        <h1 className="app-heading-1">{t(`privacyRights.systemTask.${status}.title`)}</h1>
        <p>{t(`privacyRights.systemTask.${status}.text`)}</p>
      </section>
    </>
  );
}

export default function SystemTaskPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const tag = usePageLanguageTag();
  if (loaderData.status !== "open") return <Outcome status={search.has("sent") ? "sent" : loaderData.status} />;
  const { task } = loaderData;
  const date = (iso: string) =>
    dateTimeFormat(tag, { dateStyle: "long", timeZone: "Europe/Brussels" }).format(new Date(iso));
  const facts: [string, string | null][] = [
    [t("privacyRights.systemTask.reference"), task.reference],
    [t("privacyRights.systemTask.right"), t(`verification.rightTypes.${task.rightType}`)],
    [t("privacyRights.systemTask.action"), t(`privacyRights.systemTask.actions.${task.action}`)],
    [t("privacyRights.systemTask.due"), task.dueAt ? date(task.dueAt) : t("privacyRights.systemTask.atOnce")],
    [t("privacyRights.systemTask.name"), task.subject.name],
    [t("privacyRights.systemTask.email"), task.subject.email],
    [t("privacyRights.systemTask.phone"), task.subject.phoneNumber],
    [t("privacyRights.systemTask.address"), task.subject.address],
    [
      t("privacyRights.systemTask.objection"),
      task.objection.length ? task.objection.map((item) => `${item.brand} (${item.channel})`).join(", ") : null,
    ],
    [
      t("privacyRights.systemTask.publication"),
      task.publication
        ? [task.publication.article, task.publication.link, task.publication.date].filter(Boolean).join(" · ")
        : null,
    ],
    ...rightDetailFacts(t, task.rightType, task.details),
  ];
  return (
    <PrivacyFormPage
      titleKey="privacyRights.systemTask.title"
      intro={
        <>
          <p>{t("privacyRights.systemTask.intro", { system: task.system })}</p>
          <dl className="app-verification__summary">
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </>
      }
    >
      <SystemTaskForm withData={loaderData.withData} />
    </PrivacyFormPage>
  );
}

// The title is the component's (PageTitle), with "Fout:" after a failed send.
export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches);
