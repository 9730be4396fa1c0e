import { useLayoutEffect, type RefObject } from "react";

import { fitHeader } from "~/enhance/header-fit";

/** fitHeader on the React-rendered header (collapse when it no longer fits; publish its height). */
export function useHeaderFit(innerRef: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!inner) return;
    return fitHeader(inner);
  }, [innerRef]);
}
