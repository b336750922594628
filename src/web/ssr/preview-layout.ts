import type { ScreenSize } from "@/web/hooks/use-media-query";

/** The layout a browser most likely shows, from its User-Agent (phones and tablets say so). */
export function previewLayout(userAgent: string | undefined): ScreenSize {
  const agent = userAgent ?? "";
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(agent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android/i.test(agent)) return "phone";
  return "desktop";
}
