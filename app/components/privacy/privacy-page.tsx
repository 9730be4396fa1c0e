import type { ReactNode } from "react";

import { useTranslation } from "~/i18n/use-translation";

import { PageTitle, StepCaption, type Step } from "../page-title";

/**
 * A privacy-rights page with a form: its title (with the error prefix after
 * a failed post), heading, introduction and what the request leads to.
 */
export function PrivacyFormPage(props: { titleKey: string; intro: ReactNode; children: ReactNode; step?: Step }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle titleKey={props.titleKey} step={props.step} />
      <header className="app-page-header">
        <h1 className="app-heading-1">
          {props.step ? <StepCaption step={props.step} /> : null}
          {t(props.titleKey)}
        </h1>
        {props.intro}
      </header>
      <section className="app-section app-privacy-form">{props.children}</section>
    </>
  );
}
