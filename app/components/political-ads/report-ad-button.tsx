import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";

import { type CampaignItem } from "~/domain/campaign-item";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath } from "~/utils/site";

import { useHydrated } from "../use-hydrated";

const loadDialog = () => import("./report-dialog");
const ReportDialog = lazy(loadDialog);

/**
 * The report control of the detail page: a link to the report pages until
 * JavaScript runs, then a button that opens the dialog.
 */
export function ReportAd({ item }: { item: CampaignItem }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const enhanced = useHydrated();
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!enhanced) {
    return (
      // The pointer on it starts React, so that by the press it is usually the dialog's button.
      <Link className="app-button" to={to(`/political-ads/${encodeURIComponent(item.id)}/report`)} data-starts-react="">
        {t("politicalAds.report.open")}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="app-button"
        aria-haspopup="dialog"
        // The dialog's code is fetched at the first sign of intent, so it is there by the click.
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onTouchStart={loadDialog}
        onClick={() => {
          setSession((count) => count + 1);
          setOpen(true);
        }}
      >
        {t("politicalAds.report.open")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            key={session}
            item={item}
            open={open}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
