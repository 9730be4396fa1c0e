import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { parseMessage } from "~/validation/rules";
import { HONEYPOT_FIELD } from "~/validation/honeypot";

/** Conform submits with a `__intent__` button to validate a field; that is not a visitor's submit. */
export function isIntentSubmit(event: Event): boolean {
  return (event as SubmitEvent).submitter?.getAttribute("name") === "__intent__";
}

/** Translates validation messages ("validation.tooLong|100"). */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string) => {
    const { key, values } = parseMessage(message);
    return t(key, values);
  };
}

type FieldMeta = Pick<FieldMetadata<unknown>, "id" | "errorId" | "errors" | "name">;

/** Inline error: a visually hidden prefix, linked from the field's aria-describedby. */
export function ErrorList({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="app-field__error">
      <span className="app-visually-hidden">{t("form.errorPrefix")}: </span>
      {errorText(errors[0])}
    </p>
  );
}

function FieldShell(props: { meta: FieldMeta; label: string; hint?: string; children: ReactNode }) {
  const invalid = Boolean(props.meta.errors?.length);
  return (
    <div className={`app-field${invalid ? " app-field--error" : ""}`}>
      <label htmlFor={props.meta.id} className="app-field__label">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${props.meta.id}-hint`} className="app-field__hint">
          {props.hint}
        </p>
      ) : null}
      <ErrorList id={props.meta.errorId} errors={props.meta.errors} />
      {props.children}
    </div>
  );
}

/** id, aria-invalid and aria-describedby are always set (STYLE.md). */
function describedBy(meta: FieldMeta, hint?: string) {
  const ids = [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function Field(props: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { key, ...inputProps } = props.inputProps;
  return (
    <FieldShell meta={props.meta} label={props.label} hint={props.hint}>
      <input
        key={key}
        {...inputProps}
        id={props.meta.id}
        className="app-field__input"
        aria-invalid={props.meta.errors?.length ? true : undefined}
        aria-describedby={describedBy(props.meta, props.hint)}
      />
    </FieldShell>
  );
}

export function TextareaField(props: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string };
}) {
  const { key, ...textareaProps } = props.textareaProps;
  return (
    <FieldShell meta={props.meta} label={props.label} hint={props.hint}>
      <textarea
        key={key}
        rows={6}
        {...textareaProps}
        id={props.meta.id}
        className="app-field__input app-field__textarea"
        aria-invalid={props.meta.errors?.length ? true : undefined}
        aria-describedby={describedBy(props.meta, props.hint)}
      />
    </FieldShell>
  );
}

export function CheckboxField(props: {
  meta: FieldMeta;
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { key, ...inputProps } = props.inputProps;
  const invalid = Boolean(props.meta.errors?.length);
  return (
    <div className={`app-field app-field--checkbox${invalid ? " app-field--error" : ""}`}>
      <ErrorList id={props.meta.errorId} errors={props.meta.errors} />
      <input
        key={key}
        {...inputProps}
        type="checkbox"
        id={props.meta.id}
        className="app-field__checkbox"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? props.meta.errorId : undefined}
      />
      <label htmlFor={props.meta.id}>{props.label}</label>
    </div>
  );
}

/**
 * GOV.UK error summary: one link per error to its field. It appears after a
 * submit, not while fields are validated as the visitor types, and takes the
 * focus each time a submit fails (`submitCount` changes); right after a failed
 * post without JavaScript `autoFocus` does that. Each link names its field
 * ("Naam: Dit veld is verplicht"). Messages listed in `exclude` are shown
 * elsewhere (a banner) and not repeated here.
 */
export function ErrorSummary({
  fields,
  submitCount,
  exclude = [],
}: {
  fields: { meta: FieldMeta; label: string }[];
  submitCount: number;
  exclude?: string[];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ref = useRef<HTMLDivElement>(null);
  // Field metadata are getters: keep the object, compute the errors beside it.
  const withErrors = fields
    .map(({ meta: field, label }) => ({
      field,
      label,
      errors: (field.errors ?? []).filter((error) => !exclude.includes(error)),
    }))
    .filter(({ errors }) => errors.length > 0);
  const hasErrors = withErrors.length > 0;
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
  return (
    <div ref={ref} className="app-error-summary" tabIndex={-1} autoFocus aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="app-error-summary__title">
        {t("form.errorSummaryTitle")}
      </h2>
      <ul className="app-error-summary__list">
        {withErrors.map(({ field, label, errors }) => (
          <li key={field.name}>
            <a
              href={`#${field.id}`}
              onClick={(event) => {
                // Without JavaScript the link scrolls to the field; with it, the field also gets the focus.
                const target = document.getElementById(field.id);
                if (!target) return;
                event.preventDefault();
                target.focus();
                target.scrollIntoView({ block: "center" });
              }}
            >
              {t("form.errorSummaryItem", { label, message: errorText(errors[0]) })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Hidden from people (and assistive technology); bots fill it in. */
export function HoneypotField() {
  return (
    <div className="app-honeypot" aria-hidden="true">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Website</label>
      <input id={`hp-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="app-spinner" role="status">
      <span className="app-spinner__circle" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A submit button that shows a spinner while its form is being sent. */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="app-button app-submit" aria-disabled={submitting || undefined}>
      {submitting ? <span className="app-spinner__circle app-spinner__circle--small" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
