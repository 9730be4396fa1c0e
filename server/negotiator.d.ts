/**
 * The part of negotiator 0.6.4 the page cache and the document call use. Not @types/negotiator:
 * it lacks the `preferred` order (added in 0.6.4, as compression uses it),
 * which breaks a tie between equally weighted encodings.
 */
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The most preferred of `available`, or undefined when the request accepts none of them. */
    encoding<Name extends string>(available: readonly Name[], preferred?: readonly Name[]): Name | undefined;
    /** The most preferred media type of `available` (the first on a tie), or undefined when none is accepted. */
    mediaType<Type extends string>(available: readonly Type[]): Type | undefined;
  }
}
