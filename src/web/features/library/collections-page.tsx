import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { FolderOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { PaperList } from "@/web/components/paper-list/paper-list";
import { PaperActions } from "@/web/features/library/paper-actions";
import { PaperListSkeleton } from "@/web/components/paper-list/paper-list-skeleton";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { toast } from "@/web/components/ui/use-toast";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";
import { BookmarkRowActions } from "./bookmark-row-actions";
import { SendToZoteroButton } from "@/web/features/zotero/send-to-zotero-button";
import { ExportMenu } from "./export-menu";
import { allBookmarks } from "./library-export";
import { LibraryShell } from "./library-shell";
import { useCollectionPapers } from "./use-bookmark-list";
import { useCollections } from "./use-collections";

/**
 * /collections: create, rename and delete collections (deleted ones go to Trash with their
 * papers), see a collection's papers and export it like the bookmarks.
 */
export function CollectionsPage() {
  const { session, stores } = useUserData();
  const signedIn = session.status === "signed-in";
  const library = useCollections();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get("name") ?? library.collections[0]?.name ?? null;
  const baseId = useId();
  const [newName, setNewName] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameValue, setRenameValue] = useState("");
  const [renameError, setRenameError] = useState<string | null>(null);

  const { papers, status: papersStatus } = useCollectionPapers(selected);

  const handleCreate = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const error = await library.create(newName);
      setCreateError(error);
      if (!error) {
        toast({ title: "Collection created", description: newName.trim() });
        setSearchParams({ name: newName.trim() });
        setNewName("");
      }
    } catch {
      setCreateError("The collection could not be saved. Please try again.");
    }
  };

  const handleRename = async (event: FormEvent, from: string) => {
    event.preventDefault();
    try {
      const error = await library.rename(from, renameValue);
      setRenameError(error);
      if (!error) {
        setRenaming(null);
        if (selected === from) setSearchParams({ name: renameValue.trim() });
      }
    } catch {
      setRenameError("The collection could not be renamed. Please try again.");
    }
  };

  const handleDelete = async (name: string) => {
    try {
      await library.remove(name);
      toast({ title: "Collection moved to Trash", description: name });
      if (selected === name) setSearchParams({});
    } catch {
      toast({ variant: "destructive", title: "The collection could not be deleted" });
    }
  };

  return (
    <LibraryShell title="Collections" description="Group your bookmarks; a paper can be in several collections.">
      <form onSubmit={(event) => void handleCreate(event)} className="flex max-w-xl flex-wrap items-start gap-2" noValidate>
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor={`${baseId}-new`}>New collection</Label>
          <Input
            id={`${baseId}-new`}
            value={newName}
            maxLength={250}
            placeholder="e.g. Thesis reading"
            aria-invalid={createError ? true : undefined}
            aria-describedby={createError ? `${baseId}-new-error` : undefined}
            onChange={(event) => {
              setNewName(event.target.value);
              setCreateError(null);
            }}
          />
          {createError ? (
            <p id={`${baseId}-new-error`} role="alert" className="text-sm text-destructive">
              {createError}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="mt-6">
          <Plus aria-hidden />
          Create
        </Button>
      </form>

      {library.collections.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-border px-6 py-12 text-center">
          <FolderOpen aria-hidden className="mx-auto size-8 text-muted-foreground" />
          <h2 className="mt-3 font-serif text-lg font-semibold">No collections yet</h2>
          <p className="mt-1 text-sm text-muted-foreground">Create one, then add bookmarks to it from the Bookmarks page.</p>
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          <ul aria-label="Your collections" className="flex flex-wrap gap-2">
            {library.collections.map((collection) => (
              <li key={collection.name} className={cn("max-w-full rounded-lg border border-border", selected === collection.name && "border-primary/50 bg-primary/5")}>
                {renaming === collection.name ? (
                  <form onSubmit={(event) => void handleRename(event, collection.name)} className="space-y-1.5 p-2" noValidate>
                    <Label htmlFor={`${baseId}-rename`} className="sr-only">
                      New name for {collection.name}
                    </Label>
                    <Input id={`${baseId}-rename`} value={renameValue} autoFocus maxLength={250} onChange={(event) => setRenameValue(event.target.value)} />
                    {renameError ? (
                      <p role="alert" className="text-sm text-destructive">
                        {renameError}
                      </p>
                    ) : null}
                    <div className="flex gap-2">
                      <Button type="submit" size="sm">
                        Save
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                        Cancel
                      </Button>
                    </div>
                  </form>
                ) : (
                  <div className="flex items-center gap-1 p-1">
                    <button
                      type="button"
                      onClick={() => setSearchParams({ name: collection.name })}
                      aria-current={selected === collection.name ? "true" : undefined}
                      className="min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-left text-sm font-medium hover:bg-accent"
                    >
                      {collection.name} <span className="font-normal text-muted-foreground">({collection.count})</span>
                    </button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Rename ${collection.name}`}
                      onClick={() => {
                        setRenaming(collection.name);
                        setRenameValue(collection.name);
                        setRenameError(null);
                      }}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`Delete ${collection.name}`} onClick={() => void handleDelete(collection.name)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <section aria-label={selected ? `Collection ${selected}` : "Collection"} className="min-w-0 space-y-4">
            {selected ? (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="font-serif text-xl font-semibold break-words">{selected}</h2>
                  <div className="flex flex-wrap gap-2">
                    <SendToZoteroButton label="Send to Zotero" collection={selected} load={() => allBookmarks(stores, selected)} />
                    <ExportMenu label="Export collection" load={() => allBookmarks(stores, selected)} />
                  </div>
                </div>
                {papersStatus === "loading" ? (
                  <PaperListSkeleton />
                ) : papersStatus === "error" ? (
                  <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
                    Failed to load bookmarks
                  </p>
                ) : papers.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-border px-6 py-8 text-center text-sm text-muted-foreground">
                    No papers in this collection yet. Add bookmarks to it from the Bookmarks page.
                  </p>
                ) : (
                  <PaperList
                    tableId="collection"
                    label={`Papers in ${selected}`}
                    papers={papers}
                    columns={{ added: "Date Added", extraActionCount: 1 }}
                    renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} keptVersion extra={<BookmarkRowActions paper={paper} />} />}
                  />
                )}
              </>
            ) : null}
          </section>
        </div>
      )}
    </LibraryShell>
  );
}
