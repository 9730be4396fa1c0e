/** Name of the hidden field that people leave empty and bots fill in. */
export const HONEYPOT_FIELD = "website";
