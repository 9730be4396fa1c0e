/**
 * Pages that show what the visitor's `__privacy` cookie keeps (the brands
 * chosen in the objection's step 1) say so in their route `handle`
 * (`handle = SHOWS_KEPT_CHOICE`). A visitor who carries that cookie gets
 * them rendered for them; every other public page comes from the page cache
 * whatever cookies come with it, unless a flash waits to be shown
 * (app/http/session.server.ts `cookiesChangePage`).
 */
export const SHOWS_KEPT_CHOICE = { showsKeptChoice: true } as const;

export function showsKeptChoice(handle: unknown): boolean {
  return (handle as { showsKeptChoice?: unknown } | null | undefined)?.showsKeptChoice === true;
}
