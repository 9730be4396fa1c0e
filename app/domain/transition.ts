/**
 * What a guarded state change reports, for every entity that has states
 * (privacy requests, ad reports): done; nothing with that reference; or not
 * allowed from the state it is in (another officer moved it first).
 */
export type TransitionOutcome = { status: "done" } | { status: "not-found" } | { status: "not-allowed" };
