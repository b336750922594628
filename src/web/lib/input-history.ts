import { useCallback, useSyncExternalStore } from "react";
import { INPUT_HISTORY_MAX_ENTRIES } from "@/shared/constants";
import { createLocalValue, parseJsonOrNull, type LocalValue } from "@/web/lib/local-store";

/**
 * What the user typed into an input before, kept on the device under `input-history.{input}`: most
 * recent first, de-duplicated, at most 10.
 */

/** The list with `value` moved (or added) to the front; blank values change nothing. */
export function addInputHistoryEntry(
  entries: readonly string[],
  value: string,
  max: number = INPUT_HISTORY_MAX_ENTRIES,
): string[] {
  const text = value.trim();
  if (!text) return [...entries];
  return [text, ...entries.filter((entry) => entry !== text)].slice(0, max);
}

/** Entries worth suggesting for what is typed: those containing it (any case), except itself. */
export function matchInputHistory(entries: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) => entry.toLowerCase().includes(needle) && entry.toLowerCase() !== needle);
}

export function decodeInputHistory(raw: string | null): string[] {
  const value = parseJsonOrNull(raw);
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === "string" && entry.trim() !== "").slice(0, INPUT_HISTORY_MAX_ENTRIES);
}

const stores = new Map<string, LocalValue<string[]>>();

/** The device store for one input's history (one instance per input name). */
export function inputHistoryStore(input: string): LocalValue<string[]> {
  let store = stores.get(input);
  if (!store) {
    store = createLocalValue(`input-history.${input}`, decodeInputHistory);
    stores.set(input, store);
  }
  return store;
}

export type InputHistory = {
  entries: string[];
  add: (value: string) => void;
  remove: (value: string) => void;
};

export function useInputHistory(input: string): InputHistory {
  const store = inputHistoryStore(input);
  const entries = useSyncExternalStore(store.subscribe, store.get, store.get);
  const add = useCallback((value: string) => void store.update((current) => addInputHistoryEntry(current, value)), [store]);
  const remove = useCallback(
    (value: string) => void store.update((current) => current.filter((entry) => entry !== value)),
    [store],
  );
  return { entries, add, remove };
}
