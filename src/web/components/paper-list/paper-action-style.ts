/** How a paper's actions are drawn: icon buttons with hints (table rows) or labelled buttons (cards). */
export type PaperActionLayout = "icons" | "labels";

/**
 * Labelled actions on cards: icon over label, four or five across a phone-wide card (the
 * library adds Collections). Tight enough that "Bookmarked" and "Collections" never touch.
 */
export const STACKED_ACTION =
  "h-auto min-w-0 flex-col gap-1 px-0.5 py-1.5 text-[0.6875rem] leading-tight font-medium tracking-tight [&_svg:not([class*='size-'])]:size-[1.125rem]";
