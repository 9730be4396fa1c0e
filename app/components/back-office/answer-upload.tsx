import { useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useRevalidator } from "react-router";
import { FILE_KINDS, type UploadProblem } from "~/domain/request-file";

type UploadAnswer = { stored: { name: string }[]; refused: { name: string; problem: UploadProblem }[] };
type Outcome = { added: number; refused: UploadAnswer["refused"] } | { failed: true };

/** Both what the picker offers and what a screen reader hears; the server decides by content. */
const ACCEPT = [...Object.keys(FILE_KINDS).map((kind) => `.${kind === "jpeg" ? "jpg,.jpeg" : kind}`), ...Object.values(FILE_KINDS)].join(",");

/**
 * The answer's files (issue 26): a plain multipart form that the server
 * answers with a banner. With JavaScript the same post goes through
 * XMLHttpRequest, the only browser API that reports an upload's progress,
 * shown in a `<progress>`; the outcome is announced, and the page's data
 * reloaded so the new files appear in the table.
 */
export function AnswerUpload({ action }: { action: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(progressEvent.loaded / progressEvent.total);
    };
    xhr.onload = () => {
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
      setProgress(null);
      setOutcome({ failed: true });
    };
    setOutcome(null);
    setProgress(0);
    xhr.send(new FormData(form));
  };

  const refused = outcome && "refused" in outcome ? outcome.refused : [];
  return (
    <form method="post" encType="multipart/form-data" action={action} onSubmit={send} className="app-answer-upload">
      <div className="app-field">
        <label className="app-field__label" htmlFor="answer-files">
          {t("backOffice.files.choose")}
        </label>
        <p className="app-field__hint" id="answer-files-hint">
          {t("backOffice.files.hint")}
        </p>
        <input className="app-field__file" id="answer-files" type="file" name="files" multiple accept={ACCEPT} aria-describedby="answer-files-hint" />
      </div>
      {progress !== null ? (
        <progress className="app-progress" max={1} value={progress} aria-label={t("backOffice.files.progress")}>
          {Math.round(progress * 100)} %
        </progress>
      ) : null}
      <p role="status" className="app-answer-upload__status">
        {progress !== null ? t("backOffice.files.sending") : outcome && "added" in outcome && outcome.added > 0 ? t("backOffice.files.added", { count: outcome.added }) : ""}
      </p>
      {outcome && ("failed" in outcome || refused.length > 0) ? (
        <div className="app-notice app-notice--error" role="alert">
          {"failed" in outcome ? (
            <p>{t("backOffice.files.failed")}</p>
          ) : (
            <ul>
              {refused.map((refusal, index) => (
                <li key={index}>{t(`backOffice.files.problems.${refusal.problem}`, { name: refusal.name })}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <button type="submit" className="app-button" disabled={progress !== null}>
        {t("backOffice.files.submit")}
      </button>
    </form>
  );
}
