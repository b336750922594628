// Writes src/web/components/paper-list/row-icons.css from lucide-react's icons: each icon the
// paper rows draw, as a CSS mask (node scripts/row-icons.mjs after changing the list or lucide).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Icon name (lucide's file name), and whether a filled variant is drawn (a pressed or set toggle). */
const ICONS = [
  ["book-open"],
  ["book-up"],
  ["bookmark"],
  ["bookmark-check", "filled"],
  ["chevron-down"],
  ["chevron-right"],
  ["cloud-check"],
  ["cloud-download"],
  ["external-link"],
  ["file-text"],
  ["loader-circle"],
  ["thumbs-down", "filled"],
  ["thumbs-up", "filled"],
];

const escape = (value) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
function svg(iconNode, filled) {
  const children = iconNode
    .map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).filter(([name]) => name !== "key").map(([name, value]) => `${name}="${escape(value)}"`).join(" ")}/>`)
    .join("");
  // As lucide draws it (stroke 2 on a 24 grid, round caps and joins); "filled": the shapes filled
  // at 20%, as the toggles' fill-current/20 does.
  const fill = filled ? "rgba(0,0,0,.2)" : "none";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${fill}" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${children}</svg>`;
}
const dataUrl = (markup) => `url("data:image/svg+xml,${encodeURIComponent(markup).replace(/%20/g, " ").replace(/%3D/g, "=").replace(/%3A/g, ":").replace(/%2F/g, "/").replace(/%2C/g, ",").replace(/%22/g, "'")}")`;

let css = `/*
 * The paper rows' icons as one element each: an <svg> with no children, painted in the text's
 * colour through the icon as a mask. A row drew eight lucide icons, 27 elements, for each of
 * the 50 results of a search page. Written by scripts/row-icons.mjs from lucide-react's icons;
 * do not edit by hand.
 */
.row-icon {
  background-color: currentColor;
  mask-position: center;
  mask-repeat: no-repeat;
  mask-size: 100% 100%;
}
`;
for (const [name, variant] of ICONS) {
  const { __iconData } = await import(path.join(root, "node_modules/lucide-react/dist/esm/icons", `${name}.mjs`));
  css += `.row-icon-${name} {\n  mask-image: ${dataUrl(svg(__iconData.node, false))};\n}\n`;
  if (variant === "filled") css += `.row-icon-${name}.row-icon-filled {\n  mask-image: ${dataUrl(svg(__iconData.node, true))};\n}\n`;
}
writeFileSync(path.join(root, "src/web/components/paper-list/row-icons.css"), css);
