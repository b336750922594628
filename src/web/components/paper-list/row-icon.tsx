/** The icons a paper row draws (row-icons.css, written by scripts/row-icons.mjs from lucide's). */
export type RowIconName =
  | "book-open"
  | "book-up"
  | "bookmark"
  | "bookmark-check"
  | "chevron-down"
  | "chevron-right"
  | "cloud-check"
  | "cloud-download"
  | "external-link"
  | "file-text"
  | "loader-circle"
  | "thumbs-down"
  | "thumbs-up";

/**
 * A lucide icon drawn as one element: an empty <svg> painted in the text's colour through the
 * icon's shape (a CSS mask), where lucide's component builds the icon's tree of shapes. It is
 * still an <svg>, so the buttons' icon sizes and classes apply as to lucide's; decorative
 * (aria-hidden), as every row icon is. `filled`: the shapes filled at 20% (a set toggle), as
 * lucide's icon with fill-current/20.
 */
export function RowIcon({ name, className, filled = false }: { name: RowIconName; className?: string; filled?: boolean }) {
  const classes = `row-icon row-icon-${name}${filled ? " row-icon-filled" : ""}${className ? ` ${className}` : ""}`;
  return <svg aria-hidden="true" className={classes} />;
}
