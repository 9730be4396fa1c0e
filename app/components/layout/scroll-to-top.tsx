import { useEffect, useRef } from "react";

import { enhanceScrollToTop } from "~/enhance/scroll-to-top";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Rendered hidden: a JavaScript-only convenience that a script (this
 * component's effect, or page.ts on pages without React) shows after 100 px
 * of scroll (spec 9).
 */
export function ScrollToTop() {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => (ref.current ? enhanceScrollToTop(ref.current) : undefined), []);
  return (
    <button ref={ref} type="button" className="app-scroll-to-top" hidden>
      <span aria-hidden="true">↑</span>
      <span className="app-visually-hidden">{t("scrollToTop")}</span>
    </button>
  );
}
