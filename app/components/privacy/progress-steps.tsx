import { useTranslation } from "react-i18next";

const STEPS = ["brands", "channels"] as const;

/**
 * Spec 2: the objection's progress per step (open, in progress, complete),
 * drawn and also readable as text: "Stap 1 van 2", and each step's state.
 */
export function ProgressSteps({ current }: { current: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <div className="app-progress">
      <p id="objection-progress" className="app-progress__text">
        {t("privacyRights.objection.progress", { current, total: STEPS.length })}
      </p>
      <ol className="app-progress__steps" aria-labelledby="objection-progress">
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
