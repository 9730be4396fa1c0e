import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new
 * page's heading (or `main`) instead of staying on the clicked link, and a
 * polite live region announces the new title. Navigations that stay on the
 * same page (a search query, a form post that redirects back, a hash) leave
 * the focus to the page itself. A full page load needs none of this: the
 * browser starts at the top, and the skip link leads to `main`.
 */
export function RouteFocus() {
  const location = useLocation();
  const previousPath = useRef(location.pathname);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    const main = document.getElementById("main");
    const target = main?.querySelector<HTMLElement>("h1") ?? main;
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
    setAnnouncement(document.title);
  }, [location.pathname]);
  return (
    <div className="app-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
