import type { FieldMetadata } from "@conform-to/react";
import {
  createContext,
  useContext,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SyntheticEvent,
  type TextareaHTMLAttributes,
} from "react";

import { useTranslation } from "~/i18n/use-translation";
import { HONEYPOT_FIELD } from "~/validation/honeypot";
import { parseMessage } from "~/validation/messages";

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

export type FieldMeta = Pick<FieldMetadata<unknown>, "id" | "errorId" | "errors" | "name">;

/**
 * Conform's metadata of a field holding a `Value`, in whichever form: a
 * field component serves many forms, so the form's own schema stays open.
 */
export type FormField<Value = unknown> = FieldMetadata<Value, Record<string, unknown>, string[]>;

/** Spec 5: when a field is checked as the visitor works (every field is checked on submit). */
export type ValidationTiming = "input" | "blur";

/**
 * How a field asks its form to validate it; provided by `PublicForm`. A
 * field only tabbed through shows no error: only fields typed in are checked.
 */
export type FieldValidation = {
  typed: (name: string) => void;
  validate: (name: string, onlyIfTyped: boolean) => void;
};

export const FieldValidationContext = createContext<FieldValidation | null>(null);

/**
 * `OnInputEvent` is the event the control's own `onInput` takes (React types
 * an input's as InputEvent); the timing handler hands it on unchanged.
 */
type TimingHandlers<E extends HTMLElement, OnInputEvent extends SyntheticEvent<E>> = {
  onInput?: (event: OnInputEvent) => void;
  onBlur?: (event: FocusEvent<E>) => void;
};

/**
 * Whether a mouse button, finger or pen is down. A blur caused by pressing
 * on another control (a checkbox, the submit button) must not change the
 * layout before the press ends: an error message removed under the pointer
 * moves that control, and the press would land elsewhere and be lost.
 */
let pointerPressed = false;
if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", () => (pointerPressed = true), true);
  window.addEventListener("pointerup", () => (pointerPressed = false), true);
  window.addEventListener("pointercancel", () => (pointerPressed = false), true);
}

/** Runs `task` now, or once the current press has become its click. */
function afterPointerPress(task: () => void) {
  if (!pointerPressed) return task();
  const done = () => {
    window.removeEventListener("pointerup", done, true);
    window.removeEventListener("pointercancel", done, true);
    // The click follows the pointerup in the same task.
    setTimeout(task, 0);
  };
  window.addEventListener("pointerup", done, true);
  window.addEventListener("pointercancel", done, true);
}

/** The handlers that give a control its timing, chained with the caller's own. */
export function useTimingHandlers<E extends HTMLElement, OnInputEvent extends SyntheticEvent<E> = SyntheticEvent<E>>(
  name: string,
  timing: ValidationTiming | undefined,
  own: TimingHandlers<E, OnInputEvent>,
): TimingHandlers<E, OnInputEvent> {
  const validation = useContext(FieldValidationContext);
  if (!validation || !timing) return own;
  return {
    onInput: (event) => {
      own.onInput?.(event);
      validation.typed(name);
      if (timing === "input") validation.validate(name, false);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      if (timing === "blur") afterPointerPress(() => validation.validate(name, true));
    },
  };
}

/**
 * Inline error: a visually hidden prefix, linked from the field's
 * aria-describedby, inside a polite live region that is always on the page:
 * an error found while typing or on leaving the field is read out when it
 * appears or changes (a region created with its text often is not), and
 * not again on each keystroke, as React leaves an unchanged text alone.
 */
export function ErrorList({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="app-field__error-region" aria-live="polite">
      {errors?.length ? (
        <p id={id} className="app-field__error">
          <span className="app-visually-hidden">{t("form.errorPrefix")}: </span>
          {errorText(errors[0])}
        </p>
      ) : null}
    </div>
  );
}

export function FieldShell(props: { meta: FieldMeta; label: string; hint?: string; children: ReactNode }) {
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
export function describedBy(meta: FieldMeta, hint?: string) {
  const ids = [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function Field(props: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  /** Spec 5 timing; none for a field checked on submit only. */
  timing?: ValidationTiming;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { key, ...inputProps } = props.inputProps;
  const handlers = useTimingHandlers(props.meta.name, props.timing, inputProps);
  return (
    <FieldShell meta={props.meta} label={props.label} hint={props.hint}>
      <input
        key={key}
        {...inputProps}
        {...handlers}
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
  timing?: ValidationTiming;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string };
}) {
  const { key, ...textareaProps } = props.textareaProps;
  const handlers = useTimingHandlers(props.meta.name, props.timing, textareaProps);
  return (
    <FieldShell meta={props.meta} label={props.label} hint={props.hint}>
      <textarea
        key={key}
        rows={6}
        {...textareaProps}
        {...handlers}
        id={props.meta.id}
        className="app-field__input app-field__textarea"
        aria-invalid={props.meta.errors?.length ? true : undefined}
        aria-describedby={describedBy(props.meta, props.hint)}
      />
    </FieldShell>
  );
}

/** Hidden from people (and assistive technology); bots fill it in. */
export function HoneypotField() {
  return (
    <div className="app-honeypot" aria-hidden="true">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Website</label>
      <input
        id={`hp-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
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
