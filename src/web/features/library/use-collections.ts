import { useMemo, useSyncExternalStore } from "react";
import { useBookmarks, useUserStores } from "@/web/lib/user-data/user-stores";

/**
 * Collections, persisted rather than in
 * memory: the list of names and the deleted collections are one small preference
 * (`library.collections`, on the device or in the account); membership is each bookmark's
 * collections (`tags` on the server), so a paper can be in several.
 */
export const COLLECTIONS_PREFERENCE_KEY = "library.collections";
export const COLLECTION_NAME_MAX_LENGTH = 200;

export type TrashedCollection = { name: string; paperIds: string[]; deletedAt: string };
type CollectionsDocument = { collections: string[]; trash: TrashedCollection[] };

export const COLLECTION_MESSAGES = {
  empty: "A collection name cannot be empty.",
  tooLong: `A collection name has at most ${COLLECTION_NAME_MAX_LENGTH} characters.`,
  taken: (name: string) => `A collection named "${name}" already exists.`,
} as const;

/** The trimmed name, or the message saying why it cannot be used. */
export function checkCollectionName(raw: string, existing: readonly string[], except?: string): { name: string } | { error: string } {
  const name = raw.trim();
  if (!name) return { error: COLLECTION_MESSAGES.empty };
  if (name.length > COLLECTION_NAME_MAX_LENGTH) return { error: COLLECTION_MESSAGES.tooLong };
  if (existing.some((other) => other !== except && other.toLowerCase() === name.toLowerCase())) return { error: COLLECTION_MESSAGES.taken(name) };
  return { name };
}

function decode(value: unknown): CollectionsDocument {
  const record = (typeof value === "object" && value !== null ? value : {}) as Partial<CollectionsDocument>;
  const collections = Array.isArray(record.collections) ? record.collections.filter((name): name is string => typeof name === "string") : [];
  const trash = Array.isArray(record.trash)
    ? record.trash.filter((item): item is TrashedCollection => typeof item?.name === "string" && Array.isArray(item.paperIds))
    : [];
  return { collections, trash };
}

export type Collection = { name: string; count: number };

export function useCollections() {
  const { preferences, bookmarks: store } = useUserStores();
  const prefs = useSyncExternalStore(preferences.subscribe, preferences.getSnapshot, preferences.getSnapshot);
  const bookmarks = useBookmarks();
  const document = useMemo(() => decode(prefs[COLLECTIONS_PREFERENCE_KEY]), [prefs]);

  const collections = useMemo((): Collection[] => {
    const counts = new Map<string, number>(document.collections.map((name) => [name, 0]));
    for (const bookmark of Object.values(bookmarks)) for (const name of bookmark.collections) counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
  }, [document.collections, bookmarks]);

  // A collection change is one deliberate action, not typing: written at once, not after the preference debounce.
  const save = async (next: CollectionsDocument) => {
    await preferences.set(COLLECTIONS_PREFERENCE_KEY, next);
    await preferences.flush();
  };
  const names = collections.map((collection) => collection.name);
  const current = () => decode(preferences.get(COLLECTIONS_PREFERENCE_KEY));
  const members = (name: string) => Object.values(store.getSnapshot()).filter((bookmark) => bookmark.collections.includes(name));

  return {
    collections,
    trashed: document.trash,
    async create(raw: string): Promise<string | null> {
      const checked = checkCollectionName(raw, names);
      if ("error" in checked) return checked.error;
      const doc = current();
      await save({ ...doc, collections: [...doc.collections.filter((name) => name !== checked.name), checked.name] });
      return null;
    },
    async rename(from: string, raw: string): Promise<string | null> {
      const checked = checkCollectionName(raw, names, from);
      if ("error" in checked) return checked.error;
      if (checked.name === from) return null;
      for (const bookmark of members(from)) {
        await store.setCollections(bookmark.paperId, bookmark.collections.map((name) => (name === from ? checked.name : name)));
      }
      const doc = current();
      await save({ ...doc, collections: [...doc.collections.filter((name) => name !== from && name !== checked.name), checked.name] });
      return null;
    },
    /** Moves the collection to Trash with its memberships; its papers stay bookmarked. */
    async remove(name: string): Promise<void> {
      const papers = members(name);
      const doc = current();
      await save({
        collections: doc.collections.filter((other) => other !== name),
        trash: [{ name, paperIds: papers.map((bookmark) => bookmark.paperId), deletedAt: new Date().toISOString() }, ...doc.trash.filter((item) => item.name !== name)],
      });
      for (const bookmark of papers) await store.setCollections(bookmark.paperId, bookmark.collections.filter((other) => other !== name));
    },
    /** Brings a collection back with the papers that are still bookmarked. */
    async restore(name: string): Promise<void> {
      const doc = current();
      const item = doc.trash.find((candidate) => candidate.name === name);
      if (!item) return;
      const snapshot = store.getSnapshot();
      for (const paperId of item.paperIds) {
        const bookmark = snapshot[paperId];
        if (bookmark && !bookmark.collections.includes(name)) await store.setCollections(paperId, [...bookmark.collections, name]);
      }
      await save({ collections: [...doc.collections.filter((other) => other !== name), name], trash: doc.trash.filter((candidate) => candidate.name !== name) });
    },
    async purge(name: string): Promise<void> {
      const doc = current();
      await save({ ...doc, trash: doc.trash.filter((candidate) => candidate.name !== name) });
    },
    /** Adds a bookmark to a collection or takes it out. */
    async setMembership(paperId: string, name: string, member: boolean): Promise<void> {
      const bookmark = store.getSnapshot()[paperId];
      if (!bookmark) return;
      const without = bookmark.collections.filter((other) => other !== name);
      await store.setCollections(paperId, member ? [...without, name] : without);
    },
  };
}
