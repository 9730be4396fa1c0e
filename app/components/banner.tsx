import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import type { BannerMessage } from "~/utils/root-data";

/** Spec 9: success banners hide by themselves after 4000 ms. */
const SUCCESS_BANNER_TIMEOUT_MS = 4000;

type BannerProps = {
  type: BannerMessage["type"];
  text: string;
  onClose: () => void;
};

/**
 * A success or error message. It takes the focus when it appears (also
 * without JavaScript, through `autofocus` after the redirect), so the result
 * of a submit is read out instead of focus falling back to `<body>`; the
 * caller places it in a live region that exists from page load. A success
 * banner hides after 4000 ms, but not while it is hovered or focused (WCAG
 * 2.2.1). The close control is a button in a GET form to the current page:
 * without JavaScript that reloads the page, whose flash message is gone.
 */
export function Banner({ type, text, onClose }: BannerProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const paused = hovered || focused;
  useEffect(() => {
    if (type !== "success" || paused) return;
    const timer = window.setTimeout(onClose, SUCCESS_BANNER_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [type, onClose, paused]);
  return (
    <div
      ref={ref}
      className={`app-banner app-banner--${type}`}
      tabIndex={-1}
      autoFocus
      data-testid="banner"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <p className="app-banner__text">{text}</p>
      <form method="get" action={location.pathname} className="app-banner__close-form">
        {[...new URLSearchParams(location.search)].map(([name, value], index) => (
          <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className="app-banner__close"
          onClick={(event) => {
            event.preventDefault();
            // The button disappears with the banner: keep the focus on the page.
            document.getElementById("main")?.focus({ preventScroll: true });
            onClose();
          }}
        >
          <span aria-hidden="true">×</span>
          <span className="app-visually-hidden">{t("banner.close")}</span>
        </button>
      </form>
    </div>
  );
}

/** The banner of a flash message; hidden again on the next navigation. */
export function FlashBanner({ message }: { message: BannerMessage }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [shownAt] = useState(location.key);
  const [closed, setClosed] = useState(false);
  const close = useState(() => () => setClosed(true))[0];
  if (closed || location.key !== shownAt) return null;
  return <Banner type={message.type} text={t(message.textKey, message.values)} onClose={close} />;
}
