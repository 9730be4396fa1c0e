/** Text made safe inside HTML elements and quoted attributes (mail bodies, the busy page), and in SVG (print labels). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
