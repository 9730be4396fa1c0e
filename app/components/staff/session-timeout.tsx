/**
 * WCAG 2.2.1 "Timing adjustable": a signed-in staff page
 * warns SESSION_WARNING_SECONDS before the idle limit and offers to stay
 * signed in (a post to keep-alive); once the session has ended it says so,
 * and that a form sent now is kept across signing in again. The end is the
 * server's: as the staff layout's loader last read it (on every navigation
 * and post), or as the keep-alive answered.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { href, Link, useFetcher, useLocation } from "react-router";

import { SESSION_WARNING_SECONDS } from "~/domain/staff";
import { useTranslation } from "~/i18n/use-translation";
import { useSite } from "~/utils/site";
import { loginAfterSessionEnded, returnPathOf } from "~/validation/staff-return";

import { useHydrated } from "../use-hydrated";

type Phase = "signed-in" | "warning" | "ended";

/** The phase at `endsAt` (this browser's clock), and when it next changes. */
function phaseAt(endsAt: number, now: number): { phase: Phase; changesIn: number | null } {
  const left = endsAt - now;
  const warning = SESSION_WARNING_SECONDS * 1000;
  if (left <= 0) return { phase: "ended", changesIn: null };
  if (left <= warning) return { phase: "warning", changesIn: left };
  return { phase: "signed-in", changesIn: left - warning };
}

/**
 * A modal alert dialog (the browser's `<dialog>`: focus moves in, stays
 * there, and goes back to where it was when it closes). Escape does what
 * `onEscape` says instead of only closing it.
 */
function TimeoutDialog(props: {
  id: string;
  open: boolean;
  title: string;
  text: string;
  onEscape: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (props.open && !dialog?.open) dialog?.showModal();
    if (!props.open && dialog?.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className="app-dialog app-session-dialog"
      aria-labelledby={`${props.id}-title`}
      aria-describedby={`${props.id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        props.onEscape();
      }}
    >
      <h2 id={`${props.id}-title`} className="app-dialog__title">
        {props.title}
      </h2>
      <p id={`${props.id}-text`}>{props.text}</p>
      <div className="app-session-dialog__actions">{props.children}</div>
    </dialog>
  );
}

export function SessionTimeout({ session }: { session: { secondsLeft: number } }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const keepAlivePath = href("/:lang/internal-privacy-rights/keep-alive", { lang: language });
  const location = useLocation();
  const hydrated = useHydrated();
  const keepAlive = useFetcher<{ secondsLeft: number | null }>();
  const [phase, setPhase] = useState<Phase>("signed-in");
  const [endedClosed, setEndedClosed] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  // Counts down from the latest answer that said how long is left, on this browser's clock.
  const follow = useCallback((secondsLeft: number) => {
    const endsAt = Date.now() + secondsLeft * 1000;
    window.clearTimeout(timer.current);
    const update = () => {
      const next = phaseAt(endsAt, Date.now());
      setPhase(next.phase);
      if (next.changesIn !== null) timer.current = window.setTimeout(update, next.changesIn);
    };
    update();
  }, []);
  useEffect(() => follow(session.secondsLeft), [follow, session]);
  const answered = keepAlive.state === "idle" ? keepAlive.data : undefined;
  useEffect(() => {
    if (answered) follow(answered.secondsLeft ?? 0);
  }, [follow, answered]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const stay = () => {
    if (keepAlive.state === "idle") void keepAlive.submit({}, { method: "post", action: keepAlivePath });
  };
  if (!hydrated) return null;
  const here = returnPathOf(new URL(`${location.pathname}${location.search}`, window.location.origin));
  return (
    <>
      <TimeoutDialog
        id="session-warning"
        open={phase === "warning"}
        title={t("internal.session.warningTitle")}
        text={t("internal.session.warning", { minutes: SESSION_WARNING_SECONDS / 60 })}
        onEscape={stay}
      >
        <keepAlive.Form method="post" action={keepAlivePath}>
          <button type="submit" className="app-button">
            {t("internal.session.stay")}
          </button>
        </keepAlive.Form>
      </TimeoutDialog>
      <TimeoutDialog
        id="session-ended"
        open={phase === "ended" && !endedClosed}
        title={t("internal.session.endedTitle")}
        text={t("internal.session.ended")}
        onEscape={() => setEndedClosed(true)}
      >
        <button type="button" className="app-button" onClick={() => setEndedClosed(true)}>
          {t("internal.session.close")}
        </button>
        <Link to={loginAfterSessionEnded(language, here)}>{t("internal.session.signInAgain")}</Link>
      </TimeoutDialog>
    </>
  );
}
