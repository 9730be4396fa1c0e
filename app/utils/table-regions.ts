/**
 * The documents' wide tables sit in a scrollable region (rendered in
 * services/site/documents.server.ts with one generic label, "Tabel"). A screen
 * reader lists regions by name, so each region is named by its own caption,
 * or else by the heading the table belongs to (the nearest one before it).
 */
export function labelTableRegions(html: string): string {
  let lastHeadingId: string | null = null;
  let regionIndex = 0;
  return html.replace(
    /<h[2-6] id="([^"]+)"[^>]*>|<div class="app-document__table" role="region" tabindex="0" aria-label="[^"]*"><table>(\s*<caption>)?/g,
    (match, headingId: string | undefined, caption: string | undefined) => {
      if (headingId) {
        lastHeadingId = headingId;
        return match;
      }
      regionIndex += 1;
      if (caption) {
        const captionId = `table-caption-${regionIndex}`;
        return `<div class="app-document__table" role="region" tabindex="0" aria-labelledby="${captionId}"><table><caption id="${captionId}">`;
      }
      if (!lastHeadingId) return match;
      return `<div class="app-document__table" role="region" tabindex="0" aria-labelledby="${lastHeadingId}"><table>`;
    },
  );
}

/** "3.1 Functionele cookies" → number "3.1" and text, so the list shows each number once. */
export function splitSectionNumber(title: string): { number: string | null; text: string } {
  const match = /^(\d+(?:\.\d+)*\.?)\s+(.+)$/.exec(title);
  return match ? { number: match[1], text: match[2] } : { number: null, text: title };
}
