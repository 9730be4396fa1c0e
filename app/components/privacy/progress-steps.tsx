import { useTranslation } from "~/i18n/use-translation";

const STEPS = ["brands", "channels"] as const;

/**
 * Spec 2: the objection's progress per step (open, in progress, complete),
 * drawn and also readable as text: each step's state, in a list named
 * "Stap 1 van 2".
 */
export function ProgressSteps({ current }: { current: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <div className="app-progress">
      {/* "Stap 1 van 2" is in the heading and the title; here it only names the list. */}
      <ol
        className="app-progress__steps"
        aria-label={t("privacyRights.objection.progress", { current, total: STEPS.length })}
      >
        {STEPS.map((step, index) => {
          const number = index + 1;
          const status = number < current ? "complete" : number === current ? "current" : "open";
          return (
            <li
              key={step}
              className={`app-progress__step app-progress__step--${status}`}
              aria-current={status === "current" ? "step" : undefined}
            >
              <span className="app-progress__marker" aria-hidden="true">
                {status === "complete" ? "✓" : number}
              </span>
              <span className="app-progress__label">
                {t(`privacyRights.objection.steps.${step}`)}
                <span className="app-visually-hidden"> ({t(`privacyRights.objection.stepStatus.${status}`)})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
