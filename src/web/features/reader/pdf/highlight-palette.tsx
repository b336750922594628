import { Trash2 } from "lucide-react";
import { HIGHLIGHT_COLORS, type HighlightColor } from "@/shared/pdf";
import { cn } from "@/web/lib/utils";

const COLOR_NAMES: Record<HighlightColor, string> = {
  "#FFFF00": "Yellow",
  "#FFD700": "Gold",
  "#98FB98": "Green",
  "#ADD8E6": "Blue",
  "#FFB6C1": "Pink",
};

/**
 * The floating colour picker: over a fresh selection it creates a highlight, over an existing
 * one it recolours it and offers Remove.
 */
export function HighlightPalette(props: {
  position: { left: number; top: number };
  current?: HighlightColor;
  onPick(color: HighlightColor): void;
  onRemove?: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label={props.onRemove ? "Edit highlight" : "Highlight selection"}
      className="fixed z-50 flex -translate-x-1/2 items-center gap-1 rounded-full border border-border bg-popover px-2 py-1.5 text-popover-foreground shadow-lg"
      style={{ left: props.position.left, top: props.position.top }}
      onPointerDown={(event) => event.preventDefault()}
    >
      {HIGHLIGHT_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          aria-label={`Highlight ${COLOR_NAMES[color].toLowerCase()}`}
          title={COLOR_NAMES[color]}
          aria-pressed={props.current === color}
          className={cn(
            "size-6 rounded-full border border-black/15 transition-transform hover:scale-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            props.current === color && "ring-2 ring-foreground/60 ring-offset-1 ring-offset-popover",
          )}
          style={{ backgroundColor: color }}
          onClick={() => props.onPick(color)}
        />
      ))}
      {props.onRemove ? (
        <>
          <span className="mx-0.5 h-5 w-px bg-border" aria-hidden />
          <button
            type="button"
            aria-label="Remove highlight"
            title="Remove highlight"
            className="flex size-7 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-destructive"
            onClick={props.onRemove}
          >
            <Trash2 className="size-4" />
          </button>
        </>
      ) : null}
    </div>
  );
}
