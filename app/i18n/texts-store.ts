/**
 * The texts a page renders with, by the address of their bundle.
 * A page's document no longer carries its locale's texts (about 40 KB raw,
 * encoded and compressed again for every request): the root data names the
 * bundle, a content-addressed file the browser fetches once and keeps
 * (routes/resources/texts.ts). The server puts every bundle here at start
 * (translations.server.ts); the browser loads a bundle before React takes a
 * page over (entry.client.tsx) and before a navigation that needs another
 * (root.tsx `clientLoader`).
 */
import type { Translations } from "./translations";

const bundles = new Map<string, Translations>();

export function provideTexts(url: string, bundle: Translations): void {
  bundles.set(url, bundle);
}

/** The bundle at `url`; undefined until it is provided or loaded. */
export function textsAt(url: string): Translations | undefined {
  return bundles.get(url);
}

export async function loadTexts(url: string): Promise<Translations> {
  const known = bundles.get(url);
  if (known) return known;
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`texts ${url}: ${answer.status}`);
  const bundle = (await answer.json()) as Translations;
  bundles.set(url, bundle);
  return bundle;
}
