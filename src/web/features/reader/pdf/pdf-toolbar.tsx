import type { ReactNode } from "react";
import {
  ArrowLeft,
  ArrowRight,
  ChevronLeft,
  ChevronRight,
  Download,
  ExternalLink,
  Expand,
  Highlighter,
  Maximize2,
  Minimize2,
  MoreHorizontal,
  RotateCw,
  Rows3,
  Square,
  SquareDashed,
  ZoomIn,
  ZoomOut,
  MoveHorizontal,
} from "lucide-react";
import { PDF_MAX_SCALE, PDF_MIN_SCALE } from "@/shared/pdf";
import { countOf } from "@/shared/plural";
import { Button } from "@/web/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/web/components/ui/dropdown-menu";
import { cn } from "@/web/lib/utils";
import type { PdfDisplayMode, PdfViewMode } from "./pdf-view-state";

export type PdfToolbarProps = {
  pageNumber: number;
  pageCount: number;
  scale: number;
  viewMode: PdfViewMode;
  displayMode: PdfDisplayMode;
  canGoBack: boolean;
  canGoForward: boolean;
  areaMode: boolean;
  compact: boolean;
  hidden: boolean;
  downloadUrl: string;
  externalUrl: string;
  onBack(): void;
  onForward(): void;
  onPrevious(): void;
  onNext(): void;
  onPage(page: number): void;
  onZoom(direction: 1 | -1): void;
  onFit(): void;
  onRotate(): void;
  onViewMode(mode: PdfViewMode): void;
  onFullscreen(): void;
  onMaximize(): void;
  onAreaMode(): void;
};

function ToolButton(props: { label: string; onClick(): void; disabled?: boolean; pressed?: boolean; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("size-8 text-muted-foreground hover:text-foreground", props.pressed && "bg-accent text-foreground")}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

const Divider = () => <span className="mx-1 h-5 w-px shrink-0 bg-border" aria-hidden />;

/** The viewer's toolbar: on phones the rarer actions go into a menu. */
export function PdfToolbar(props: PdfToolbarProps) {
  const zoomPercent = `${Math.round(props.scale * 100)}%`;
  const pageInput = (
    <label className="flex items-center gap-1.5 text-sm text-muted-foreground">
      <span className="sr-only">Page</span>
      <input
        key={props.pageNumber}
        className="h-8 w-12 rounded-md border border-input bg-background px-1 text-center text-sm text-foreground tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring"
        inputMode="numeric"
        aria-label="Page number"
        defaultValue={props.pageNumber}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            const value = Number((event.target as HTMLInputElement).value);
            props.onPage(Number.isFinite(value) ? value : props.pageNumber);
            (event.target as HTMLInputElement).blur();
          }
        }}
        onBlur={(event) => {
          const value = Number(event.target.value);
          if (Number.isFinite(value) && value !== props.pageNumber) props.onPage(value);
          else event.target.value = String(props.pageNumber);
        }}
      />
      <span className="whitespace-nowrap tabular-nums" aria-label={`of ${countOf(props.pageCount, "page")}`}>
        / {props.pageCount}
      </span>
    </label>
  );
  const pager = (
    <>
      <ToolButton label="Previous page" onClick={props.onPrevious} disabled={props.pageNumber <= 1}>
        <ChevronLeft />
      </ToolButton>
      {pageInput}
      <ToolButton label="Next page" onClick={props.onNext} disabled={props.pageNumber >= props.pageCount}>
        <ChevronRight />
      </ToolButton>
    </>
  );
  const zoom = (
    <>
      <ToolButton label="Zoom out" onClick={() => props.onZoom(-1)} disabled={props.scale <= PDF_MIN_SCALE}>
        <ZoomOut />
      </ToolButton>
      <span className="w-12 text-center text-sm tabular-nums text-muted-foreground" aria-live="polite" aria-label={`Zoom ${zoomPercent}`}>
        {zoomPercent}
      </span>
      <ToolButton label="Zoom in" onClick={() => props.onZoom(1)} disabled={props.scale >= PDF_MAX_SCALE}>
        <ZoomIn />
      </ToolButton>
    </>
  );
  const continuous = props.viewMode === "continuous";
  const fullscreen = props.displayMode === "fullscreen";
  const maximized = props.displayMode === "maximized";

  return (
    <div
      role="toolbar"
      aria-label="PDF toolbar"
      className={cn(
        "z-20 flex h-12 shrink-0 items-center gap-0.5 border-b border-border bg-background/95 px-2 backdrop-blur transition-transform duration-200 supports-[backdrop-filter]:bg-background/80",
        props.hidden && "-translate-y-full",
      )}
      data-hidden={props.hidden ? "true" : undefined}
    >
      {props.compact ? (
        <>
          {pager}
          <span className="flex-1" />
          {zoom}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="More PDF actions">
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              <DropdownMenuItem disabled={!props.canGoBack} onSelect={props.onBack}>
                <ArrowLeft /> Back in page history
              </DropdownMenuItem>
              <DropdownMenuItem disabled={!props.canGoForward} onSelect={props.onForward}>
                <ArrowRight /> Forward in page history
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={props.onFit}>
                <MoveHorizontal /> Fit to width
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={props.onRotate}>
                <RotateCw /> Rotate
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => props.onViewMode(continuous ? "single" : "continuous")}>
                {continuous ? <Square /> : <Rows3 />} {continuous ? "Single page" : "Continuous scroll"}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={props.onAreaMode}>
                <SquareDashed /> {props.areaMode ? "Stop area highlight" : "Highlight an area"}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={props.onFullscreen}>
                <Expand /> {fullscreen ? "Exit fullscreen" : "Fullscreen"}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={props.onMaximize}>
                {maximized ? <Minimize2 /> : <Maximize2 />} {maximized ? "Restore" : "Maximize"}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <a href={props.downloadUrl} download>
                  <Download /> Download
                </a>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <a href={props.externalUrl} target="_blank" rel="noreferrer">
                  <ExternalLink /> Open externally
                </a>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </>
      ) : (
        <>
          <ToolButton label="Back in page history" onClick={props.onBack} disabled={!props.canGoBack}>
            <ArrowLeft />
          </ToolButton>
          <ToolButton label="Forward in page history" onClick={props.onForward} disabled={!props.canGoForward}>
            <ArrowRight />
          </ToolButton>
          <Divider />
          {pager}
          <Divider />
          {zoom}
          <ToolButton label="Fit to width" onClick={props.onFit}>
            <MoveHorizontal />
          </ToolButton>
          <ToolButton label="Rotate" onClick={props.onRotate}>
            <RotateCw />
          </ToolButton>
          <Divider />
          <ToolButton label="Single page" onClick={() => props.onViewMode("single")} pressed={!continuous}>
            <Square />
          </ToolButton>
          <ToolButton label="Continuous scroll" onClick={() => props.onViewMode("continuous")} pressed={continuous}>
            <Rows3 />
          </ToolButton>
          <ToolButton label="Highlight an area" onClick={props.onAreaMode} pressed={props.areaMode}>
            <Highlighter />
          </ToolButton>
          <span className="flex-1" />
          <ToolButton label={fullscreen ? "Exit fullscreen" : "Fullscreen"} onClick={props.onFullscreen} pressed={fullscreen}>
            <Expand />
          </ToolButton>
          <ToolButton label={maximized ? "Restore" : "Maximize"} onClick={props.onMaximize} pressed={maximized}>
            {maximized ? <Minimize2 /> : <Maximize2 />}
          </ToolButton>
          <Button asChild variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-foreground">
            <a href={props.downloadUrl} download aria-label="Download" title="Download">
              <Download />
            </a>
          </Button>
          <Button asChild variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-foreground">
            <a href={props.externalUrl} target="_blank" rel="noreferrer" aria-label="Open externally" title="Open externally">
              <ExternalLink />
            </a>
          </Button>
        </>
      )}
    </div>
  );
}
