import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Form, useActionData, useNavigation, type FetcherWithComponents } from "react-router";
import type { z } from "zod";

import { useTranslation } from "~/i18n/use-translation";
import { useRootData } from "~/utils/root-data";
import { FORM_ID_FIELD, SUBMISSION_FIELD, type FormActionData } from "~/validation/form-definition";

import { Banner } from "./banner";
import { ErrorSummary } from "./error-summary";
import {
  FieldValidationContext,
  HoneypotField,
  isIntentSubmit,
  Spinner,
  SubmitButton,
  type FieldValidation,
} from "./forms";
import { markFormStopped } from "./page-title";
import { useKeptValues } from "./staff/kept-form";

/**
 * The wiring every public form shares: its own action result only
 * (two forms may share a page: results carry the form's id), live validation
 * with Conform at the spec's timing, the submits seen (for the error
 * summary's focus), the busy state while this form is sent, and the banner
 * the action asked for (closable, back on the next failed submit).
 */
export function usePublicForm<Schema extends z.ZodType>(definition: {
  id: string;
  schema: Schema;
  defaultValue?: Record<string, string | string[] | Record<string, unknown> | null | undefined>;
  /**
   * Sends without leaving the page (a form in a dialog): the result comes
   * back to this fetcher instead of the page's action data.
   */
  fetcher?: FetcherWithComponents<unknown>;
}) {
  const pageResult = useActionData() as FormActionData | undefined;
  const navigation = useNavigation();
  const { fetcher } = definition;
  const actionData = fetcher ? (fetcher.data as FormActionData | undefined) : pageResult;
  const mine = actionData?.formId === definition.id ? actionData : undefined;
  const submitting = fetcher
    ? fetcher.state === "submitting"
    : navigation.state === "submitting" && navigation.formData?.get(FORM_ID_FIELD) === definition.id;
  const idle = fetcher ? fetcher.state === "idle" : navigation.state === "idle";

  // A staff form sent after its session ended comes back with what was typed.
  const kept = useKeptValues(definition.id);
  const cleared = useClearedByOtherPosts(fetcher ? null : navigation.state, mine);
  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: definition.id,
    lastResult: idle ? (mine?.result ?? cleared) : undefined,
    defaultValue: (kept ? { ...definition.defaultValue, ...kept } : definition.defaultValue) as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: definition.schema }) as never,
    // Spec 5 timing is per field (Field's `timing`): required text on input,
    // e-mail and postal on blur; everything on submit. A field only tabbed
    // through shows no error.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });

  // Submits seen by this form: a result from the server (also without
  // JavaScript) or a submit the browser-side validation stopped.
  const [localSubmits, setLocalSubmits] = useState(0);
  const submitCount = localSubmits + (mine ? 1 : 0);
  // A closed banner comes back with the next failed submit.
  const [bannerClosedAt, setBannerClosedAt] = useState(-1);
  const banner = mine?.banner && bannerClosedAt !== submitCount ? mine.banner : null;
  const submissionId = useRootData()?.submissionId ?? "";

  const typedIn = useRef(new Set<string>());
  useEffect(() => {
    for (const name of typedBeforeScripts(definition.id)) typedIn.current.add(name);
  }, [definition.id]);
  const validation = useMemo<FieldValidation>(
    () => ({
      typed: (name) => typedIn.current.add(name),
      validate: (name, onlyIfTyped) => {
        // A blur's check may run after its click sent the page elsewhere.
        if (!document.getElementById(form.id)) return;
        if (!onlyIfTyped || typedIn.current.has(name)) form.validate({ name });
      },
    }),
    [form],
  );

  // What the form's parts read of Conform's form (`update`, `allErrors`, ...),
  // and the <form> element's props, worked out here where the schema is known.
  const formView: PublicFormMetadata<z.input<Schema> & Record<string, unknown>> = form;
  return {
    id: definition.id,
    fetcher,
    form: formView,
    formProps: getFormProps(form),
    fields,
    submitting,
    submitCount,
    banner,
    bannerValues: mine?.bannerValues,
    submissionId,
    /** The banner the action asked for, also once closed. */
    bannerKey: mine?.banner ?? null,
    closeBanner: () => setBannerClosedAt(submitCount),
    validation,
    onVisitorSubmit: () => {
      setLocalSubmits((count) => count + 1);
      // The submit validated everything: a blur afterwards (focus moving to
      // the summary) must not replace the server's answer for an unchanged value.
      typedIn.current.clear();
    },
  };
}

/**
 * Without JavaScript every post answers with a new page, on which only the
 * posted form shows its result. With it, the page stays: a form's errors
 * (and the error title they give) would outlive a post of another form of
 * the page. A page post that answered nothing of this form gives Conform a
 * result that resets it (`initialValue: null`), a new one for each post.
 */
function useClearedByOtherPosts(
  state: "idle" | "submitting" | "loading" | null,
  mine: FormActionData | undefined,
): SubmissionResult<string[]> | undefined {
  // Worked out while rendering (React's "state from the previous render"): the answer and the idle state come in one update.
  const [seen, setSeen] = useState<{ state: typeof state; posted: boolean; cleared?: SubmissionResult<string[]> }>({
    state,
    posted: false,
  });
  if (state !== seen.state) {
    const answered = state === "idle" && seen.posted;
    setSeen({
      state,
      posted: state === "submitting" || (seen.posted && state !== "idle"),
      cleared: answered && !mine ? { initialValue: null } : seen.cleared,
    });
  }
  return seen.cleared;
}

/**
 * The fields typed in before the form's code had come (it comes with React
 * at the visitor's first intent): they no longer hold what the server
 * rendered.
 */
function typedBeforeScripts(formId: string): string[] {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return [];
  return Array.from(form.elements)
    .filter(
      (field) =>
        (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
        field.value !== field.defaultValue,
    )
    .map((field) => (field as HTMLInputElement).name);
}

/**
 * Conform's form metadata without `context`, the wiring that only
 * `FormProvider` uses: `context` makes the type invariant in the form's
 * schema, and without it any form's state fits where any form is expected.
 */
export type PublicFormMetadata<FormSchema extends Record<string, unknown> = Record<string, unknown>> = Omit<
  FormMetadata<FormSchema, string[]>,
  "context"
>;

/**
 * A form's state. Without an argument, any form's: PublicForm only uses what
 * every form has, and a field read by name is a field of unknown value.
 */
export type PublicFormState<Schema extends z.ZodType = z.ZodType> = ReturnType<typeof usePublicForm<Schema>>;

/**
 * A public form as the spec lays it out: a banner region that exists from
 * page load (so a banner added later is announced), the spinner that
 * replaces the form while it is sent, the error summary, the fields, the
 * hidden fields every public form carries (its id and the honeypot), and the
 * submit button. A plain post without JavaScript.
 */
export function PublicForm(props: {
  state: PublicFormState;
  /** Field name → label, in page order, for the error summary. */
  labels: Record<string, string>;
  submitLabel: string;
  sendingLabel: string;
  className?: string;
  /** Where to post when it is not the page's own action. */
  action?: string;
  /** With JavaScript, the page after the post replaces this one in the history. */
  replace?: boolean;
  /** A form with files. */
  encType?: "multipart/form-data";
  /**
   * A document post even with JavaScript (after its live validation): for a
   * page whose link cookie is scoped to its own path, which a data request
   * (`….data`) would not carry.
   */
  reloadDocument?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { state } = props;
  const FormElement = state.fetcher ? state.fetcher.Form : Form;
  // A submit with errors left changes the title as a failed post does.
  const stopped = state.submitCount > 0 && Object.values(state.form.allErrors).some((errors) => errors.length > 0);
  useEffect(() => {
    markFormStopped(state.id, stopped);
    return () => markFormStopped(state.id, false);
  }, [state.id, stopped]);
  // Says that the form's script runs (it comes with React at the visitor's first intent); the end-to-end tests wait for it.
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => wrapper.current?.setAttribute("data-enhanced", ""), []);
  return (
    <div ref={wrapper} className={`app-public-form${props.className ? ` ${props.className}` : ""}`}>
      <div role="alert">
        {state.banner ? (
          <Banner type="error" text={t(state.banner, state.bannerValues)} onClose={state.closeBanner} />
        ) : null}
      </div>
      {state.submitting ? <Spinner label={props.sendingLabel} /> : null}
      <FormElement
        {...state.formProps}
        method="post"
        action={props.action}
        replace={props.replace}
        encType={props.encType}
        reloadDocument={props.reloadDocument}
        hidden={state.submitting}
        className="app-form"
        onSubmitCapture={(event) => {
          // Conform's live validation also submits (with an intent button): not a visitor's submit.
          if (!isIntentSubmit(event.nativeEvent)) state.onVisitorSubmit();
        }}
      >
        <input type="hidden" name={FORM_ID_FIELD} value={state.id} />
        <input type="hidden" name={SUBMISSION_FIELD} value={state.submissionId} />
        <ErrorSummary
          form={state.form}
          labels={props.labels}
          submitCount={state.submitCount}
          banner={state.bannerKey}
        />
        <FieldValidationContext.Provider value={state.validation}>{props.children}</FieldValidationContext.Provider>
        <HoneypotField />
        <SubmitButton submitting={state.submitting}>{props.submitLabel}</SubmitButton>
      </FormElement>
    </div>
  );
}
