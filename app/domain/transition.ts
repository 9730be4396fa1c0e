/**
 * What a guarded state change reports, for every entity that has states
 * (privacy requests, ad reports): done; nothing with that reference; or not
 * allowed from the state it is in (another officer moved it first); or
 * refused for what the officer gave (a field's message: completing a request
 * whose systems have not all answered needs a reason). A step refused for a
 * reason the state does not show (a restriction never set, a notice not yet
 * sent) names it.
 */
export type FieldRefusal = { status: "invalid"; fieldErrors: Record<string, string[]> };
/** Not allowed for a reason of its own, beyond the state (`banner`: the text key that says which). */
export type Refusal = { status: "not-allowed"; banner?: string };
export type TransitionOutcome = { status: "done" } | { status: "not-found" } | Refusal | FieldRefusal;
