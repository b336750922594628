import { useEffect, useState } from "react";

/**
 * Code loaded on demand without Suspense. React.lazy suspends even when the chunk has
 * already arrived (a route loader may have fetched it), and React then holds the whole
 * transition and throttles the reveal by about 300 ms. Reading a module that is already
 * there renders at once; one that is not yet there renders the caller's placeholder.
 */
export type ModuleLoader<M> = {
  /** The module if it has loaded. */
  get: () => M | undefined;
  /** Starts (or joins) the download. */
  load: () => Promise<M>;
};

export function createModuleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    get: () => loaded,
    load: () => {
      pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          // Let a later call try again (a flaky network, a deploy in between).
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** The module once loaded (undefined before); starts loading when `enabled`. A failed download surfaces to the route's error page. */
export function useModule<M extends object>(loader: ModuleLoader<M>, enabled = true): M | undefined {
  const [module, setModule] = useState<M | undefined>(loader.get);
  const [error, setError] = useState<unknown>(null);
  const current = module ?? loader.get();

  useEffect(() => {
    if (current || !enabled) return;
    let live = true;
    loader.load().then(
      (loaded) => live && setModule(loaded),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [current, enabled, loader]);

  if (error) throw error;
  return current;
}
