/**
 * What a guarded state change reports, for every entity that has states
 * (privacy requests, ad reports): done; nothing with that reference; or not
 * allowed from the state it is in (another officer moved it first); or
 * refused for what the officer gave (a field's message: completing a request
 * whose systems have not all answered needs a reason).
 */
export type FieldRefusal = { status: "invalid"; fieldErrors: Record<string, string[]> };
export type TransitionOutcome = { status: "done" } | { status: "not-found" } | { status: "not-allowed" } | FieldRefusal;
