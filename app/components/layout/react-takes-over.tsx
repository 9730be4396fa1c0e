import { useLayoutEffect } from "react";

import { REACT_TAKES_OVER } from "~/enhance/react-takes-over";

/**
 * Rendered first in <body>: its layout effect runs before those of the
 * header and menus, which enhance the same elements again, in the same
 * commit, before the browser paints.
 */
export function ReactTakesOver(): null {
  useLayoutEffect(() => void document.dispatchEvent(new Event(REACT_TAKES_OVER)), []);
  return null;
}
