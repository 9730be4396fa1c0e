/**
 * Pages that show the political-ad register say so in their route `handle`
 * (`handle = READS_REGISTER`; a layout's covers the routes below it). The
 * page cache keeps them under the register's version as well as their
 * address (server/cache-key.ts), so a correction, a suspension or a new
 * version shows on every instance at the next request, and an address asked
 * for before its notice existed is rendered again once it does.
 */
export const READS_REGISTER = { readsRegister: true } as const;

export function readsRegister(handle: unknown): boolean {
  return (handle as { readsRegister?: unknown } | null | undefined)?.readsRegister === true;
}
