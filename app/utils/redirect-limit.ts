import { useEffect } from "react";
import { data, useNavigation, type DataStrategyResult, type MiddlewareFunction } from "react-router";

/** Spec 4 and 9: redirects after load are followed at most this often per navigation. */
const MAX_REDIRECTS = 20;
const REDIRECT_LOOP = "Redirect loop";

let loadsSinceIdle = 0;
/** Whether a navigation is under way (a fetcher's load on an idle page is not one). */
let navigating = false;

/**
 * Root client middleware: every redirect React Router follows in the browser
 * loads the next page's data again without the navigation becoming idle in
 * between. More than 20 such loads in one navigation is a loop: it stops with
 * the spec's 500 'Redirect loop' instead of running forever. (Without
 * JavaScript the browser applies its own limit of 20.)
 */
export const redirectLimit: MiddlewareFunction<Record<string, DataStrategyResult>> = async (_args, next) => {
  if (navigating) loadsSinceIdle += 1;
  if (loadsSinceIdle > MAX_REDIRECTS) {
    loadsSinceIdle = 0;
    throw data(REDIRECT_LOOP, { status: 500, statusText: REDIRECT_LOOP });
  }
  return next();
};

/** Starts the count again each time a navigation has settled. */
export function useRedirectCountReset() {
  const { state } = useNavigation();
  useEffect(() => {
    navigating = state !== "idle";
    if (!navigating) loadsSinceIdle = 0;
  }, [state]);
}
