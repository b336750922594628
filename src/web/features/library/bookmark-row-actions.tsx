import { useState } from "react";
import { Check, FolderPlus, Sparkles, Trash2 } from "lucide-react";
import { BREAKPOINT_LARGE_PX } from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { Button } from "@/web/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { toast } from "@/web/components/ui/use-toast";
import { useBookmarks, useUserStores } from "@/web/lib/user-data/user-stores";
import { STACKED_ACTION } from "@/web/components/paper-list/paper-action-style";
import { createModuleLoader, useModule } from "@/web/lib/module-loader";
import { cn } from "@/web/lib/utils";
import { useCollections } from "./use-collections";
import { entryFor } from "@/web/lib/user-data/paper-key";

// Enhancement (a model call and its diff) loads when a user first asks for it.
const enhanceSheetModule = createModuleLoader(() => import("@/web/features/llm/enhance-sheet"));
const preloadEnhanceSheet = () => void enhanceSheetModule.load().catch(() => undefined);

/** The Enhance action: opens the bibliography enhancement sheet for one bookmark. */
function EnhanceAction({ paper, iconOnly, className }: { paper: Paper; iconOnly: boolean; className: string }) {
  const [open, setOpen] = useState(false);
  const Sheet = useModule(enhanceSheetModule, open);
  return (
    <>
      <Button
        variant="ghost"
        size={iconOnly ? "icon" : "sm"}
        aria-label={iconOnly ? "Enhance bibliography" : undefined}
        title="Enhance bibliography"
        className={className}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadEnhanceSheet}
        onFocus={preloadEnhanceSheet}
      >
        <Sparkles aria-hidden />
        {iconOnly ? null : "Enhance"}
      </Button>
      {Sheet ? <Sheet.EnhanceSheet paper={paper} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

/** A bookmark row's own actions: bibliography enhancement, its collections, and Move to Trash. */
export function BookmarkRowActions({ paper }: { paper: Paper }) {
  // The same switch as the paper list: icons in table rows, labelled buttons on cards.
  const layout = useMediaQuery(`(min-width: ${BREAKPOINT_LARGE_PX}px)`) ? "icons" : "labels";
  const { bookmarks: store } = useUserStores();
  const bookmark = entryFor(useBookmarks(), paper.id);
  const { collections, setMembership } = useCollections();
  const iconOnly = layout === "icons";
  // The same stacked look as the paper card's own actions (icon over label).
  const className = iconOnly ? "size-8" : STACKED_ACTION;

  const handleTrash = async () => {
    try {
      await store.trash(paper.id);
      toast({ title: "Moved to Trash", description: paper.title });
    } catch {
      // The store has shown "Failed to delete bookmark".
    }
  };

  return (
    <>
      <EnhanceAction paper={paper} iconOnly={iconOnly} className={className} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size={iconOnly ? "icon" : "sm"} aria-label={iconOnly ? "Collections" : undefined} className={className} disabled={!bookmark}>
            <FolderPlus aria-hidden />
            {iconOnly ? null : "Collections"}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel className="text-xs text-muted-foreground">Collections</DropdownMenuLabel>
          {collections.length === 0 ? <p className="px-2 py-1.5 text-sm text-muted-foreground">Create one on the Collections page.</p> : null}
          {collections.map((collection) => {
            const member = bookmark?.collections.includes(collection.name) ?? false;
            return (
              <DropdownMenuItem
                key={collection.name}
                role="menuitemcheckbox"
                aria-checked={member}
                onSelect={() => void setMembership(paper.id, collection.name, !member).catch(() => undefined)}
              >
                <Check aria-hidden className={cn(!member && "invisible")} />
                {collection.name}
              </DropdownMenuItem>
            );
          })}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void handleTrash()} className="text-destructive">
            <Trash2 aria-hidden />
            Move to Trash
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
