import { Form } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useFileSize } from "~/utils/file-size";
import { FORM_ID_FIELD } from "~/validation/form-definition";

type DeliveredFile = { id: string; name: string; size: number };

/**
 * The files of an answer, each downloaded by a POST button, so a
 * mail scanner that opens the link takes nothing. A document post: the
 * answer is the file itself and the page stays.
 */
export function DeliveredFiles({ files, action, formId }: { files: DeliveredFile[]; action: string; formId: string }) {
  const { t } = useTranslation();
  const size = useFileSize();
  return (
    <ul className="app-file-list">
      {files.map((file) => (
        <li key={file.id} className="app-file-list__item">
          <Form method="post" action={action} reloadDocument>
            <input type="hidden" name={FORM_ID_FIELD} value={formId} />
            <input type="hidden" name="file" value={file.id} />
            <span className="app-file-list__name">{file.name}</span>{" "}
            <span className="app-file-list__size">({size(file.size)})</span>{" "}
            <button
              type="submit"
              className="app-button app-button--secondary"
              aria-label={t("answer.downloadFile", { name: file.name })}
            >
              {t("answer.download")}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
