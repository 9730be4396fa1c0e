/** Text made safe inside HTML elements and quoted attributes (mail bodies, the busy page). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
