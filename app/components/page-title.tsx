import { useSyncExternalStore } from "react";
import { useActionData } from "react-router";

import { withoutSoftHyphens } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { SITE_NAME } from "~/utils/meta";
import type { FormActionData } from "~/validation/form-definition";

/**
 * Forms on this page whose last submit the browser-side validation stopped,
 * or that sent themselves and were refused (the answer's upload): with
 * JavaScript no page comes back from the server, yet the title must say
 * what it says after a failed post without it. Only effects write here, so
 * the server always renders the plain title.
 */
const stoppedForms = new Set<string>();
const listeners = new Set<() => void>();

export function markFormStopped(formId: string, stopped: boolean) {
  if (stoppedForms.has(formId) === stopped) return;
  if (stopped) stoppedForms.add(formId);
  else stoppedForms.delete(formId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The `<title>` of a page with a form (React hoists it into `<head>`). A
 * route's `meta` cannot see the action's answer, which is the form shown
 * again (success redirects) or what was asked for (the staff search's
 * results): after the first, the title starts with
 * the error prefix ('Fout: …', 'Erreur : …'), the first thing a screen
 * reader says after a post without JavaScript, and also after a submit the
 * browser-side validation stopped. Such routes leave the title out of
 * `meta` (`formPageMeta`). `error` marks a GET form answered with an error;
 * `step`, a step of a flow ('… (stap 1 van 2)').
 */
export type Step = { current: number; total: number };

export function PageTitle({
  titleKey,
  values,
  error = false,
  step,
}: {
  titleKey: string;
  /** The title's own values (a request's reference, a count). */
  values?: Record<string, string | number>;
  error?: boolean;
  step?: Step;
}) {
  const { t } = useTranslation();
  const refused = isRefusal(useActionData());
  const stopped = useSyncExternalStore(
    subscribe,
    () => stoppedForms.size > 0,
    () => false,
  );
  const failed = error || refused || stopped;
  // A step of a flow says which one in the title too, the first thing heard on a new page (NL Design System).
  const name = step ? t("form.titleWithStep", { title: t(titleKey, values), ...step }) : t(titleKey, values);
  const title = `${name} | ${SITE_NAME}`;
  // The heading's soft hyphens stay out of the tab's and the bookmark's title.
  return <title>{withoutSoftHyphens(failed ? t("form.titleWithError", { title }) : title)}</title>;
}

/**
 * An action's answer that is the form shown again: with errors, or with a
 * banner about the whole form. An answer with what was asked for (the staff
 * search's results) is not a failure.
 */
function isRefusal(answer: unknown): boolean {
  if (answer === undefined || answer === null) return false;
  if (typeof answer !== "object" || !("result" in answer)) return true;
  const { result, banner } = answer as Partial<FormActionData>;
  return Boolean(banner) || Object.values(result?.error ?? {}).some((errors) => Boolean(errors?.length));
}

/** A flow's step above a heading's text, inside the heading (the page's, or the report dialog's), so the heading says it too (GOV.UK's caption). */
export function StepCaption({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <span className="app-step-caption">
      {t("form.step", step)}
      {/* Heard as "Stap 1 van 2: <heading>", not run together. */}
      <span className="app-visually-hidden">: </span>
    </span>
  );
}
