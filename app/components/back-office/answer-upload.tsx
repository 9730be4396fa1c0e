import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";

import { FILE_KINDS, type UploadOutcome, type UploadRefusal } from "~/domain/request-file";
import { useTranslation } from "~/i18n/use-translation";

import { ErrorSummaryBox, type ErrorSummaryItem } from "../error-summary";
import { FileInput } from "../file-input";
import { SubmitButton } from "../forms";
import { markFormStopped } from "../page-title";

type UploadAnswer = { stored: { name: string }[]; refused: UploadRefusal[] };
type Outcome = UploadOutcome | { failed: true };

const FORM_ID = "answer-upload";
const FIELD_ID = "answer-files";

/** Both what the picker offers and what a screen reader hears; the server decides by content. */
const ACCEPT = [
  ...Object.keys(FILE_KINDS).map((kind) => `.${kind === "jpeg" ? "jpg,.jpeg" : kind}`),
  ...Object.values(FILE_KINDS),
].join(",");

/**
 * The answer's files: a plain multipart form that the server
 * answers with a banner, or with the refusals (`posted`). With JavaScript the
 * same post goes through XMLHttpRequest, the only browser API that reports
 * an upload's progress, shown in a `<progress>`; the outcome is announced,
 * and the page's data reloaded so the new files appear in the table.
 *
 * The button keeps the focus while the files go (`aria-disabled`,
 * a second press does nothing), refusals are said by the file field, which
 * they mark invalid, and in a summary that takes the focus (on arrival
 * without JavaScript), and the title starts with 'Fout:' as after any
 * failed form.
 */
export function AnswerUpload({ action, posted }: { action: string; posted: UploadOutcome | null }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(posted);
  const sending = useRef<XMLHttpRequest | null>(null);
  const summary = useRef<HTMLDivElement>(null);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const xhr = new XMLHttpRequest();
    sending.current = xhr;
    xhr.open("POST", form.action);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(progressEvent.loaded / progressEvent.total);
    };
    xhr.onload = () => {
      sending.current = null;
      setProgress(null);
      try {
        const answer = JSON.parse(xhr.responseText) as UploadAnswer;
        setOutcome({ added: answer.stored.length, refused: answer.refused ?? [] });
        form.reset();
        void revalidator.revalidate();
      } catch {
        setOutcome({ failed: true });
      }
    };
    xhr.onerror = () => {
      sending.current = null;
      setProgress(null);
      setOutcome({ failed: true });
    };
    setOutcome(null);
    setProgress(0);
    xhr.send(new FormData(form));
  };

  const refused = outcome && "refused" in outcome ? outcome.refused : [];
  const problems: ErrorSummaryItem[] =
    outcome && "failed" in outcome
      ? [{ name: "failed", targetId: null, text: t("backOffice.files.failed") }]
      : refused.map((refusal, index) => ({
          name: String(index),
          targetId: FIELD_ID,
          text: t(`backOffice.files.problems.${refusal.problem}`, { name: refusal.name }),
        }));
  const failed = problems.length > 0;
  useEffect(() => {
    markFormStopped(FORM_ID, failed);
    return () => markFormStopped(FORM_ID, false);
  }, [failed]);
  // Each refused send puts the officer on its summary, as the autofocus does after a post without JavaScript.
  useEffect(() => {
    if (failed) summary.current?.focus();
  }, [outcome, failed]);

  const invalid = refused.length > 0;
  return (
    <form
      id={FORM_ID}
      method="post"
      encType="multipart/form-data"
      action={action}
      onSubmit={send}
      className="app-answer-upload app-form"
    >
      {failed ? <ErrorSummaryBox id={`${FORM_ID}-error-summary-title`} items={problems} boxRef={summary} /> : null}
      <div className={`app-field${invalid ? " app-field--error" : ""}`}>
        <label className="app-field__label" htmlFor={FIELD_ID}>
          {t("backOffice.files.choose")}
        </label>
        <p className="app-field__hint" id={`${FIELD_ID}-hint`}>
          {t("backOffice.files.hint")}
        </p>
        {invalid ? (
          <div id={`${FIELD_ID}-error`}>
            {problems.map((problem) => (
              <p key={problem.name} className="app-field__error">
                <span className="app-visually-hidden">{t("form.errorPrefix")}: </span>
                {problem.text}
              </p>
            ))}
          </div>
        ) : null}
        <FileInput
          id={FIELD_ID}
          name="files"
          multiple
          accept={ACCEPT}
          aria-invalid={invalid || undefined}
          aria-describedby={`${FIELD_ID}-hint${invalid ? ` ${FIELD_ID}-error` : ""}`}
        />
      </div>
      {progress !== null ? (
        <progress className="app-progress" max={1} value={progress} aria-label={t("backOffice.files.progress")}>
          {Math.round(progress * 100)} %
        </progress>
      ) : null}
      <p role="status" className="app-answer-upload__status">
        {progress !== null
          ? t("backOffice.files.sending")
          : outcome && "added" in outcome && outcome.added > 0
            ? t("backOffice.files.added", { count: outcome.added })
            : ""}
      </p>
      <SubmitButton submitting={progress !== null}>{t("backOffice.files.submit")}</SubmitButton>
    </form>
  );
}
