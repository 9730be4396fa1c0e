import { useEffect, useRef, useState } from "react";
import { href } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useSite } from "~/utils/site";

/**
 * Spec 8: not signed in → the notice, with a login link that opens a new
 * tab; following it hides the notice. After every send that answered 401
 * (`failure` is a new answer each time) it is shown again and takes the
 * focus: the focus would otherwise fall to the page's body, and
 * a notice already on the page is not announced again. Without JavaScript
 * the answer is a new page, where `autoFocus` does it, as for the error
 * summary.
 */
export function NotSignedInNotice({ failure }: { failure: unknown }) {
  const { t } = useTranslation();
  const { language } = useSite();
  // Hidden after the login link was followed, until the next failed send.
  const [hiddenAfter, setHiddenAfter] = useState<{ failure: unknown } | null>(null);
  const hidden = hiddenAfter !== null && hiddenAfter.failure === failure;
  const ref = useRef<HTMLDivElement>(null);
  // A new failure shows the notice in the same render, so it is there to focus.
  useEffect(() => {
    if (failure) ref.current?.focus();
  }, [failure]);
  if (hidden) return null;
  return (
    <div ref={ref} className="app-notice app-notice--warning" role="alert" tabIndex={-1} autoFocus={Boolean(failure)}>
      <p>{t("internal.notLoggedIn")}</p>
      <p>
        <a
          href={href("/:lang/internal-privacy-rights/login", { lang: language })}
          target="_blank"
          rel="noopener"
          onClick={() => setHiddenAfter({ failure })}
        >
          {t("internal.loginLink")}
        </a>
      </p>
    </div>
  );
}
