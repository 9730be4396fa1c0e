import { createContext, useContext } from "react";

/** The CSP nonce of the current document (empty in the browser after hydration). */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
