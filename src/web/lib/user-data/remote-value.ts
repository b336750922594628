/**
 * The in-memory snapshot behind each server-backed store: loaded once from `/api/me/*` when
 * the first component subscribes, kept between renders (useSyncExternalStore needs a stable,
 * synchronous snapshot), changed optimistically by the store and put back on failure.
 */

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
    dispose() {
      disposed = true;
      listeners.clear();
    },
  };
}
