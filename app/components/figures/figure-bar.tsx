/**
 * A bar drawn to scale under its figure, in the table's cell, as
 * the register at a glance draws them (political-ads/register-summary.tsx):
 * the figure is the cell's text, which a screen reader reads and which
 * grows with the text size; the bar is SVG hidden from screen readers, drawn
 * in the system's text colour under forced colours (political-ads-summary.css).
 */
export function FigureBar({ value, max }: { value: number | null; max: number }) {
  const width = value !== null && max > 0 ? Math.round((value / max) * 1000) / 10 : 0;
  return (
    <svg className="app-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className="app-bar__fill" x="0" y="0" width={width} height="10" />
    </svg>
  );
}
