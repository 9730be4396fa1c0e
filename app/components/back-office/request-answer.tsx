import { getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";

import { TextareaField } from "~/components/forms";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import type { UploadOutcome } from "~/domain/request-file";
import { useTranslation } from "~/i18n/use-translation";
import { useFileSize } from "~/utils/file-size";
import { deliverForm, removeFileForm } from "~/validation/back-office";
import { FORM_ID_FIELD } from "~/validation/form-definition";

import { AnswerUpload } from "./answer-upload";
import { Table, useDateTime } from "./back-office";

export type AnswerFile = {
  id: string;
  direction: string;
  status: string;
  name: string;
  size: number;
  uploadedBy: string;
  createdAt: string;
  downloads: number;
  lastDownloadedAt: string | null;
  deletedAt: string | null;
  sentAt: string | null;
};

/** Where a file stands: not sent yet, sent (and downloaded how often), or deleted. */
function FileState({ file }: { file: AnswerFile }) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (file.deletedAt) return <>{t("backOffice.files.deleted", { when: when(file.deletedAt) })}</>;
  if (file.direction === "FROM_PERSON") return <>{t("backOffice.files.fromPerson")}</>;
  if (!file.sentAt) return <>{t("backOffice.files.notSent")}</>;
  return (
    <>
      {t("backOffice.files.sent", { when: when(file.sentAt) })}
      <br />
      {file.downloads > 0
        ? t("backOffice.files.downloaded", { count: file.downloads, when: when(file.lastDownloadedAt) })
        : t("backOffice.files.notDownloaded")}
    </>
  );
}

function FileActions({ file, fileAction }: { file: AnswerFile; fileAction: (id: string) => string }) {
  const { t } = useTranslation();
  if (file.status !== "STORED") return null;
  return (
    <div className="app-file-actions">
      {/* A document post: the answer is the file, the page stays. */}
      <Form method="post" action={fileAction(file.id)} reloadDocument>
        <button
          type="submit"
          className="app-button app-button--secondary"
          aria-label={t("backOffice.files.downloadFile", { name: file.name })}
        >
          {t("backOffice.files.download")}
        </button>
      </Form>
      {file.direction === "ANSWER" && !file.sentAt ? (
        <Form method="post">
          <input type="hidden" name={FORM_ID_FIELD} value={removeFileForm.id} />
          <input type="hidden" name="file" value={file.id} />
          <button
            type="submit"
            className="app-button app-button--secondary"
            aria-label={t("backOffice.files.removeFile", { name: file.name })}
          >
            {t("backOffice.files.remove")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * The request's answer: the files attached, sent and downloaded;
 * while the request is open, the upload and the form that sends the answer.
 */
export function RequestAnswer(props: {
  files: AnswerFile[];
  delivery: { expiresAt: string; filesDeletedAt: string | null } | null;
  /** The right answers with a package: JSON files only, sent as one zip with its manifest. */
  packaged: boolean;
  active: boolean;
  canDeliver: boolean;
  deliveryDays: number;
  uploadAction: string;
  /** An upload without JavaScript that refused files, shown by the file field. */
  upload: UploadOutcome | null;
  fileAction: (id: string) => string;
}) {
  const { t } = useTranslation();
  const size = useFileSize();
  const when = useDateTime();
  const deliver = usePublicForm({ id: deliverForm.id, schema: deliverForm.schema });
  const unsent = props.files.filter(
    (file) => file.direction === "ANSWER" && file.status === "STORED" && !file.sentAt,
  ).length;
  return (
    <section className="app-section" aria-labelledby="answer">
      <h2 id="answer" tabIndex={-1}>
        {t("backOffice.files.title")}
      </h2>
      {props.delivery ? (
        <p>
          {props.delivery.filesDeletedAt
            ? t("backOffice.files.deliveryDeleted", { when: when(props.delivery.filesDeletedAt) })
            : t("backOffice.files.deliveryUntil", { when: when(props.delivery.expiresAt) })}
        </p>
      ) : null}
      {props.files.length > 0 ? (
        <Table
          caption={t("backOffice.files.tableCaption")}
          head={[
            t("backOffice.files.name"),
            t("backOffice.files.size"),
            t("backOffice.files.added"),
            t("backOffice.files.state"),
            t("backOffice.files.actions"),
          ]}
        >
          {props.files.map((file) => (
            <tr key={file.id}>
              <td className="app-file-name">{file.name}</td>
              <td>{size(file.size)}</td>
              <td>
                {when(file.createdAt)}
                <br />
                {file.uploadedBy === "DATA_SUBJECT" ? t("backOffice.request.actors.DATA_SUBJECT") : file.uploadedBy}
              </td>
              <td>
                <FileState file={file} />
              </td>
              <td>
                <FileActions file={file} fileAction={props.fileAction} />
              </td>
            </tr>
          ))}
        </Table>
      ) : (
        <p>{t("backOffice.files.none")}</p>
      )}
      {props.active ? (
        <div className="app-actions">
          <section className="app-action" aria-labelledby="answer-upload-title">
            <h3 id="answer-upload-title">{t("backOffice.files.uploadTitle")}</h3>
            {/* One per request: what an upload came to stays with its request. */}
            <AnswerUpload key={props.uploadAction} action={props.uploadAction} posted={props.upload} />
          </section>
          <section className="app-action" aria-labelledby="answer-send-title">
            <h3 id="answer-send-title">{t("backOffice.files.sendTitle")}</h3>
            {props.canDeliver ? (
              <>
                <p>{t("backOffice.files.sendIntro", { count: unsent, days: props.deliveryDays })}</p>
                {props.packaged ? <p>{t("backOffice.portability.packageNote")}</p> : null}
                <PublicForm
                  state={deliver}
                  labels={{ message: t("backOffice.files.message") }}
                  submitLabel={t("backOffice.files.send")}
                  sendingLabel={t("backOffice.actions.sending")}
                >
                  <TextareaField
                    meta={deliver.fields.message}
                    label={t("backOffice.files.message")}
                    timing="input"
                    textareaProps={{ ...getTextareaProps(deliver.fields.message, { ariaAttributes: false }), rows: 4 }}
                  />
                </PublicForm>
              </>
            ) : (
              <p>{t("backOffice.files.noEmail")}</p>
            )}
          </section>
        </div>
      ) : null}
    </section>
  );
}
