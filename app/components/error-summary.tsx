import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef, type RefObject } from "react";

import { useTranslation } from "~/i18n/use-translation";

import { useErrorText } from "./forms";

/**
 * GOV.UK error summary, built from the form's own errors (those found in
 * the browser and those the server found), in the order of `labels` (the
 * page order), each linking to its field or, for a group, to the group's
 * first control (which carries the group's id). Errors about the whole form
 * are listed without a link. It appears after a submit, not while fields are
 * validated as the visitor types, and takes the focus each time a submit
 * fails (`submitCount` changes); right after a failed post without
 * JavaScript `autoFocus` does that. Each link names its field ("Naam: Dit
 * veld is verplicht").
 */
export function ErrorSummary({
  form,
  labels,
  submitCount,
  banner,
}: {
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "allErrors">;
  /** Field name (Conform's path) → its label, in page order. */
  labels: Record<string, string>;
  submitCount: number;
  /** The banner's text key: a form-level error already shown there is not repeated. */
  banner?: string | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ref = useRef<HTMLDivElement>(null);
  const allErrors = form.allErrors;
  const shown = (name: string) => Boolean(allErrors[name]?.length) && !(name === "" && allErrors[name][0] === banner);
  const names = [
    ...Object.keys(labels).filter(shown),
    ...Object.keys(allErrors).filter((name) => !(name in labels) && shown(name)),
  ];
  const items = names.map((name): ErrorSummaryItem => {
    const message = errorText(allErrors[name][0]);
    const label = labels[name];
    return {
      name,
      // The form's own errors have the form's name (""): no field to link to.
      targetId: name ? `${form.id}-${name}` : null,
      text: label ? t("form.errorSummaryItem", { label, message }) : message,
    };
  });
  const hasErrors = items.length > 0;
  // The submit whose errors last took the focus: typing afterwards never does.
  const focusedFor = useRef(0);
  useEffect(() => {
    if (hasErrors && submitCount > focusedFor.current) {
      focusedFor.current = submitCount;
      // After Conform, which focuses the first invalid field in the same tick.
      const timer = window.setTimeout(() => ref.current?.focus(), 0);
      return () => window.clearTimeout(timer);
    }
  }, [submitCount, hasErrors]);
  if (submitCount === 0 || !hasErrors) return null;
  return <ErrorSummaryBox id={`${form.id}-error-summary-title`} items={items} boxRef={ref} />;
}

export type ErrorSummaryItem = { name: string; targetId: string | null; text: string };

/**
 * The summary's box: focused on arrival (`autoFocus`, which a browser
 * honours without JavaScript), named by its heading, and, as GOV.UK
 * Frontend has it, an alert inside: focus alone makes a screen reader read
 * the box's name (its heading), the alert has the list read too.
 */
export function ErrorSummaryBox({
  id,
  items,
  boxRef,
}: {
  id: string;
  items: ErrorSummaryItem[];
  boxRef?: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <div ref={boxRef} className="app-error-summary" tabIndex={-1} autoFocus aria-labelledby={id}>
      <div role="alert">
        <h2 id={id} className="app-error-summary__title">
          {t("form.errorSummaryTitle")}
        </h2>
        <ul className="app-error-summary__list">
          {items.map(({ name, targetId, text }) => (
            <li key={name || "form"}>
              {targetId ? (
                <a
                  href={`#${targetId}`}
                  onClick={(event) => {
                    // Without JavaScript the link scrolls to the field; with it, the field also gets the focus.
                    const target = document.getElementById(targetId);
                    if (!target) return;
                    event.preventDefault();
                    target.focus();
                    target.scrollIntoView({ block: "center" });
                  }}
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
