/**
 * The body of a 403 page thrown by the staff guard's middleware. React Router
 * renders an error thrown by middleware in the root's boundary (no loader ran,
 * so no texts reached the page): the body carries its texts, already in the
 * page's language.
 */
export type ForbiddenPage = {
  forbidden: true;
  title: string;
  text: string;
  languageTag: string;
  /** Who is signed in, with sign-out and the way back to the staff form, as on every staff page. */
  staff: { signedInAs: string; signOut: string; signOutAction: string; toForm: string; formHref: string };
};

export function isForbiddenPage(value: unknown): value is ForbiddenPage {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as ForbiddenPage).forbidden === true &&
    typeof (value as ForbiddenPage).title === "string"
  );
}
