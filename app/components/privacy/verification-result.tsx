import type { ReactNode } from "react";
import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath } from "~/utils/site";

type Outcome = "verified" | "failed" | "expired";

/**
 * Spec 2 "Email verification result pages": success with a check mark,
 * failed, and expired with a red error icon and a link to start again.
 * `text` replaces the outcome's usual sentence (a link used before, an
 * expired link that can be sent again); `children` follow it, before the
 * link, which is a button only where starting again is the way on.
 */
export function VerificationResult({
  outcome,
  privacyEmail,
  text,
  children,
  linkAsButton = outcome === "expired",
}: {
  outcome: Outcome;
  privacyEmail: string;
  text?: ReactNode;
  children?: ReactNode;
  linkAsButton?: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const success = outcome === "verified";
  return (
    <section className={`app-section app-verification app-verification--${success ? "success" : "error"}`}>
      <svg className="app-verification__icon" aria-hidden="true" viewBox="0 0 48 48" width="48" height="48">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        {success ? (
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <path d="M24 12v15M24 33v3" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        )}
      </svg>
      <h1 className="app-heading-1">{t(`verification.${outcome}.title`)}</h1>
      {text ?? <p>{t(`verification.${outcome}.text`, { email: privacyEmail })}</p>}
      {children}
      <p>
        <Link className={linkAsButton ? "app-button" : undefined} to={to("/privacy-rights")}>
          {t(outcome === "expired" ? "verification.expired.newRequest" : "verification.backToPrivacyRights")}
        </Link>
      </p>
    </section>
  );
}
