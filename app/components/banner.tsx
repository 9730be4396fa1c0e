import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** A message shown once after a redirect (spec 3 "Banner"). */
export type BannerMessage = {
  /** Distinguishes two equal messages in a row. */
  id: string;
  type: "success" | "error";
  /** Translation key of the text. */
  textKey: string;
};

/** Spec 9: success banners hide by themselves after 4000 ms. */
export const SUCCESS_BANNER_TIMEOUT_MS = 4000;

type BannerProps = {
  type: BannerMessage["type"];
  text: string;
  onClose: () => void;
};

/**
 * A success or error message. The close control is a link to the current
 * page so that it works without JavaScript too (the flash is gone on reload).
 */
export function Banner({ type, text, onClose }: BannerProps) {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    if (type !== "success") return;
    const timer = window.setTimeout(onClose, SUCCESS_BANNER_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [type, onClose]);
  return (
    <div
      className={`app-banner app-banner--${type}`}
      role={type === "error" ? "alert" : "status"}
      data-testid="banner"
    >
      <p className="app-banner__text">{text}</p>
      <a
        href={`${location.pathname}${location.search}`}
        className="app-banner__close"
        onClick={(event) => {
          event.preventDefault();
          onClose();
        }}
      >
        <span aria-hidden="true">×</span>
        <span className="app-visually-hidden">{t("banner.close")}</span>
      </a>
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
  return <Banner type={message.type} text={t(message.textKey)} onClose={close} />;
}
