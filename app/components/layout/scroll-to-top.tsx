import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Appears after 100 px of scroll (spec 9); a JavaScript-only convenience. */
export const SCROLL_TO_TOP_THRESHOLD = 100;

export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="app-scroll-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span>
      <span className="app-visually-hidden">{t("scrollToTop")}</span>
    </button>
  );
}
