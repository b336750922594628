/** A rectangle as fractions (0..1) of the page as it is before any rotation. */
export type PageRect = { x: number; y: number; width: number; height: number };

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * A point given as fractions of the page box as shown (rotated by `rotation` degrees
 * clockwise) to fractions of the unrotated page, where highlights are stored: the inverse of
 * the `[data-main-rotation]` transforms in pdf-viewer.css.
 */
export function toUnrotated(fx: number, fy: number, rotation: number): { u: number; v: number } {
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return { u: fy, v: 1 - fx };
    case 180:
      return { u: 1 - fx, v: 1 - fy };
    case 270:
      return { u: 1 - fy, v: fx };
    default:
      return { u: fx, v: fy };
  }
}

/** A screen rectangle inside a page box (both in client pixels) as an unrotated page rect. */
export function clientRectToPageRect(
  rect: { left: number; top: number; right: number; bottom: number },
  box: { left: number; top: number; width: number; height: number },
  rotation: number,
): PageRect | null {
  const left = Math.max(rect.left, box.left);
  const right = Math.min(rect.right, box.left + box.width);
  const top = Math.max(rect.top, box.top);
  const bottom = Math.min(rect.bottom, box.top + box.height);
  if (right - left < 1 || bottom - top < 1) return null;
  const a = toUnrotated((left - box.left) / box.width, (top - box.top) / box.height, rotation);
  const b = toUnrotated((right - box.left) / box.width, (bottom - box.top) / box.height, rotation);
  const x = clamp01(Math.min(a.u, b.u));
  const y = clamp01(Math.min(a.v, b.v));
  return { x, y, width: clamp01(Math.max(a.u, b.u)) - x, height: clamp01(Math.max(a.v, b.v)) - y };
}

/** The smallest rect holding every rect (the spec's single `coordinates` of a highlight). */
export function boundingRect(rects: PageRect[]): PageRect {
  if (rects.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * Line rects of a text selection, merged: pdf.js gives a rect per text run, often several
 * overlapping on one line; rects on the same line that touch become one.
 */
export function mergeLineRects(rects: PageRect[]): PageRect[] {
  const sorted = [...rects].filter((r) => r.width > 0.001 && r.height > 0.001).sort((a, b) => a.y - b.y || a.x - b.x);
  const merged: PageRect[] = [];
  for (const rect of sorted) {
    const last = merged[merged.length - 1];
    const sameLine = last && Math.abs(last.y - rect.y) < Math.min(last.height, rect.height) * 0.5;
    if (last && sameLine && rect.x <= last.x + last.width + 0.01) {
      const right = Math.max(last.x + last.width, rect.x + rect.width);
      const top = Math.min(last.y, rect.y);
      const bottom = Math.max(last.y + last.height, rect.y + rect.height);
      merged[merged.length - 1] = { x: last.x, y: top, width: right - last.x, height: bottom - top };
    } else {
      merged.push(rect);
    }
  }
  return merged;
}

/** Whether a point (unrotated fractions) falls in a rect. */
export function rectContains(rect: PageRect, u: number, v: number): boolean {
  return u >= rect.x && u <= rect.x + rect.width && v >= rect.y && v <= rect.y + rect.height;
}
