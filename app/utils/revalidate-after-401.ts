import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A staff post answered 401 found the session ended (spec 8): who is signed
 * in is read again, so the page shows the notice. React Router re-reads no
 * loader after a 4xx answer by default.
 */
export function revalidateAfter401({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 401 ? true : defaultShouldRevalidate;
}
