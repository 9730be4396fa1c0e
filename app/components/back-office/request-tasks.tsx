import { getInputProps, getTextareaProps } from "@conform-to/react";

import { Radios, Select } from "~/components/form-controls";
import { Field, TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import type { RequestTask } from "~/domain/data-system";
import { failureLabel } from "~/domain/webhook-failure";
import { LOCALES } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { taskCloseForm, taskReassignForm, taskResendForm, taskTickForm } from "~/validation/back-office";

import { ActionBox, Table, useDateTime } from "./back-office";

/** The task's delivery, for the table: how many attempts, whether it arrived, the last failure's category. */
function DeliveryCell({ task }: { task: RequestTask }) {
  const { t } = useTranslation();
  if (!task.delivery) return <>—</>;
  const { status, attempts, lastError } = task.delivery;
  // Stored as a category, never the error's text (it would map the receiver's network).
  const failureText = (stored: string) => {
    const { key, status: httpStatus } = failureLabel(stored);
    return t(`backOffice.tasks.failures.${key}`, { status: httpStatus ?? "" });
  };
  return (
    <>
      {t(`backOffice.tasks.deliveries.${status}`, { attempts: String(attempts) })}
      {lastError && status !== "delivered" ? (
        <span className="app-table__note">{t("backOffice.tasks.lastError", { error: failureText(lastError) })}</span>
      ) : null}
    </>
  );
}

/**
 * What each system was asked for this request and what it
 * answered, and the officer's three actions on them, each a plain form
 * that names its task in a select (only the tasks it applies to).
 */
export function RequestTasks({ tasks, active }: { tasks: RequestTask[]; active: boolean }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const tick = usePublicForm({ id: taskTickForm.id, schema: taskTickForm.schema });
  const close = usePublicForm({ id: taskCloseForm.id, schema: taskCloseForm.schema });
  const resend = usePublicForm({ id: taskResendForm.id, schema: taskResendForm.schema });
  const reassign = usePublicForm({ id: taskReassignForm.id, schema: taskReassignForm.schema });
  const open = tasks.filter((task) => task.state === "OPEN");
  // A system with two tasks (restrict, then lift) is told apart by what it is asked.
  const twice = new Set(
    tasks
      .filter((task, index) => tasks.findIndex((other) => other.system === task.system) !== index)
      .map((task) => task.system),
  );
  const options = (list: RequestTask[]) =>
    list.map((task) => ({
      value: task.id,
      label: twice.has(task.system) ? `${task.system} · ${t(`backOffice.tasks.actions.${task.action}`)}` : task.system,
    }));
  const manual = open.filter((task) => task.channel === "manual");
  const resendable = open.filter((task) => task.delivery && task.delivery.status !== "delivered");
  const byMail = open.filter((task) => task.channel === "email");
  const sending = t("backOffice.actions.sending");
  const done = tasks.length - open.length;
  return (
    <section className="app-section" aria-labelledby="tasks">
      <h2 id="tasks">{t("backOffice.tasks.title")}</h2>
      {tasks.length === 0 ? (
        <p>{t("backOffice.tasks.none")}</p>
      ) : (
        <>
          <p>{t("backOffice.tasks.progress", { done: String(done), total: String(tasks.length) })}</p>
          <Table
            caption={t("backOffice.tasks.title")}
            head={[
              t("backOffice.tasks.system"),
              t("backOffice.tasks.action"),
              t("backOffice.tasks.channel"),
              t("backOffice.tasks.state"),
              t("backOffice.tasks.delivery"),
              t("backOffice.tasks.answer"),
            ]}
          >
            {tasks.map((task) => (
              <tr key={task.id}>
                <th scope="row">{task.system}</th>
                <td>{t(`backOffice.tasks.actions.${task.action}`)}</td>
                <td>{t(`backOffice.tasks.channels.${task.channel}`)}</td>
                <td>{t(`backOffice.tasks.states.${task.state}`)}</td>
                <td>
                  <DeliveryCell task={task} />
                </td>
                <td>
                  {task.answeredAt ? `${when(task.answeredAt)} · ${task.answeredBy ?? ""}` : "—"}
                  {task.reason ? <span className="app-table__note">{task.reason}</span> : null}
                </td>
              </tr>
            ))}
          </Table>
        </>
      )}
      {active && open.length > 0 ? (
        <div className="app-actions">
          {manual.length > 0 ? (
            <ActionBox id="task-tick-title" title={t("backOffice.tasks.tick.title")}>
              <PublicForm
                state={tick}
                labels={{
                  task: t("backOffice.tasks.taskLabel"),
                  answer: t("backOffice.tasks.tick.answer"),
                  note: t("backOffice.tasks.tick.note"),
                }}
                submitLabel={t("backOffice.tasks.tick.submit")}
                sendingLabel={sending}
              >
                <Select
                  meta={tick.fields.task}
                  label={t("backOffice.tasks.taskLabel")}
                  placeholder={t("backOffice.tasks.choose")}
                  options={options(manual)}
                />
                <Radios
                  meta={tick.fields.answer}
                  legend={t("backOffice.tasks.tick.answer")}
                  options={[
                    { value: "done", label: t("backOffice.tasks.tick.done") },
                    { value: "no-data", label: t("backOffice.tasks.tick.noData") },
                    { value: "failed", label: t("backOffice.tasks.tick.failed") },
                  ]}
                />
                <TextareaField
                  meta={tick.fields.note}
                  label={t("backOffice.tasks.tick.note")}
                  textareaProps={{ ...getTextareaProps(tick.fields.note, { ariaAttributes: false }), rows: 2 }}
                />
              </PublicForm>
            </ActionBox>
          ) : null}
          {resendable.length > 0 ? (
            <ActionBox id="task-resend-title" title={t("backOffice.tasks.resend.title")}>
              <PublicForm
                state={resend}
                labels={{ task: t("backOffice.tasks.taskLabel") }}
                submitLabel={t("backOffice.tasks.resend.submit")}
                sendingLabel={sending}
              >
                <Select
                  meta={resend.fields.task}
                  label={t("backOffice.tasks.taskLabel")}
                  placeholder={t("backOffice.tasks.choose")}
                  options={options(resendable)}
                />
              </PublicForm>
            </ActionBox>
          ) : null}
          {byMail.length > 0 ? (
            <ActionBox id="task-reassign-title" title={t("backOffice.tasks.reassign.title")}>
              <PublicForm
                state={reassign}
                labels={{
                  task: t("backOffice.tasks.taskLabel"),
                  email: t("backOffice.tasks.reassign.email"),
                  locale: t("backOffice.tasks.reassign.locale"),
                }}
                submitLabel={t("backOffice.tasks.reassign.submit")}
                sendingLabel={sending}
              >
                <Select
                  meta={reassign.fields.task}
                  label={t("backOffice.tasks.taskLabel")}
                  placeholder={t("backOffice.tasks.choose")}
                  options={options(byMail)}
                />
                <Field
                  meta={reassign.fields.email}
                  label={t("backOffice.tasks.reassign.email")}
                  inputProps={{
                    ...getInputProps(reassign.fields.email, { type: "email", ariaAttributes: false }),
                    autoComplete: "off",
                  }}
                />
                <Select
                  meta={reassign.fields.locale}
                  label={t("backOffice.tasks.reassign.locale")}
                  placeholder={t("backOffice.tasks.reassign.chooseLocale")}
                  options={LOCALES.map((locale) => ({ value: locale, label: t(`backOffice.tasks.locales.${locale}`) }))}
                />
              </PublicForm>
            </ActionBox>
          ) : null}
          <ActionBox id="task-close-title" title={t("backOffice.tasks.close.title")}>
            <PublicForm
              state={close}
              labels={{ task: t("backOffice.tasks.taskLabel"), reason: t("backOffice.tasks.close.reason") }}
              submitLabel={t("backOffice.tasks.close.submit")}
              sendingLabel={sending}
            >
              <Select
                meta={close.fields.task}
                label={t("backOffice.tasks.taskLabel")}
                placeholder={t("backOffice.tasks.choose")}
                options={options(open)}
              />
              <TextareaField
                meta={close.fields.reason}
                label={t("backOffice.tasks.close.reason")}
                timing="input"
                textareaProps={{ ...getTextareaProps(close.fields.reason, { ariaAttributes: false }), rows: 2 }}
              />
            </PublicForm>
          </ActionBox>
        </div>
      ) : null}
    </section>
  );
}
