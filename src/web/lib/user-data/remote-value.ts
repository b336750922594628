/**
 * The in-memory snapshot behind each server-backed store: loaded once from `/api/me/*` when
 * the first component subscribes, kept between renders (useSyncExternalStore needs a stable,
 * synchronous snapshot), changed optimistically by the store and put back on failure.
 */

import { api } from "@/web/lib/api";
import { toastFailure } from "@/web/lib/user-data/user-data-errors";

/** Where a store's data stands: device stores are always "ready". */
export type LoadStatus = "loading" | "ready" | "error";

export type RemoteValue<T> = {
  /** The current snapshot: the initial value until the load answers. */
  get(): T;
  getStatus(): LoadStatus;
  /** The first subscriber starts the load (and retries one that failed). */
  subscribe(onChange: () => void): () => void;
  set(value: T): void;
  /** Loads once; concurrent callers share the request; after a failure the next call tries again. */
  load(): Promise<T>;
  /** Loads again even when loaded (after another tab or a sync changed the data); the old value shows meanwhile. */
  reload(): Promise<T>;
  /** Forgets the store (sign-out): late answers are ignored and nobody is notified any more. */
  dispose(): void;
};

export function createRemoteValue<T>(options: {
  initial: T;
  fetch: () => Promise<T>;
  /** Called once per failed load, e.g. to toast the spec's message. */
  onLoadError?: (error: unknown) => void;
}): RemoteValue<T> {
  const listeners = new Set<() => void>();
  let value = options.initial;
  let status: LoadStatus = "loading";
  let loaded = false;
  let disposed = false;
  let inFlight: Promise<T> | undefined;

  const notify = () => {
    if (!disposed) listeners.forEach((listener) => listener());
  };

  const load = (): Promise<T> => {
    if (loaded) return Promise.resolve(value);
    if (inFlight) return inFlight;
    if (status !== "loading") {
      status = "loading";
      notify();
    }
    const request = options.fetch().then(
      (fetched) => {
        if (inFlight === request) inFlight = undefined;
        if (disposed) return fetched;
        value = fetched;
        loaded = true;
        status = "ready";
        notify();
        return fetched;
      },
      (error: unknown) => {
        if (inFlight === request) inFlight = undefined;
        if (!disposed) {
          status = "error";
          options.onLoadError?.(error);
          notify();
        }
        throw error;
      },
    );
    inFlight = request;
    return request;
  };

  return {
    get: () => value,
    getStatus: () => status,
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1 && !loaded && !inFlight && !disposed) load().catch(() => undefined);
      return () => {
        listeners.delete(onChange);
      };
    },
    set(next) {
      if (disposed || next === value) return;
      value = next;
      notify();
    },
    load,
    reload() {
      loaded = false;
      return load();
    },
    dispose() {
      disposed = true;
      listeners.clear();
    },
  };
}

/**
 * A document the server keeps for the user (settings, profile): loaded once, changed
 * optimistically by a patch that is PUT to `path`, the server's answer taken as the truth.
 * Answers to older saves never overwrite a newer change; on failure only the fields this patch
 * changed are put back, and only where nothing changed them since, then the spec's toast.
 */
export function createServerDocument<T extends object, P extends object>(options: {
  path: string;
  /** The answer's field holding the document, e.g. "settings". */
  field: string;
  initial: T;
  decode: (raw: unknown) => T;
  ready?: () => Promise<unknown>;
  loadFailure: string;
  saveFailure: string;
}) {
  const value = createRemoteValue<T>({
    initial: options.initial,
    fetch: async () => {
      await options.ready?.().catch(() => undefined);
      const answer = await api.get<Record<string, unknown>>(options.path);
      return options.decode(answer[options.field]);
    },
    onLoadError: () => toastFailure(options.loadFailure),
  });
  let revision = 0;

  return {
    getSnapshot: value.get,
    getStatus: value.getStatus,
    subscribe: value.subscribe,
    load: value.load,
    dispose: value.dispose,
    /** Applies an already validated patch. */
    async save(valid: P): Promise<T> {
      if (value.getStatus() !== "ready") await value.load().catch(() => undefined);
      const before = value.get() as Record<string, unknown>;
      value.set({ ...before, ...valid } as unknown as T);
      const mine = ++revision;
      try {
        const answer = await api.put<Record<string, unknown>>(options.path, valid);
        const saved = options.decode(answer[options.field]);
        if (mine === revision) value.set(saved);
        return saved;
      } catch (error) {
        const current = value.get() as Record<string, unknown>;
        const restored: Record<string, unknown> = { ...current };
        for (const key of Object.keys(valid)) {
          if (current[key] === (valid as Record<string, unknown>)[key]) restored[key] = before[key];
        }
        value.set(restored as T);
        toastFailure(options.saveFailure);
        throw error;
      }
    },
  };
}
