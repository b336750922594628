import { lazy, Suspense, useEffect, useState } from "react";
import { ChunkBoundary } from "@/web/components/chunk-boundary";
import { useToast } from "@/web/components/ui/use-toast";
import { createModuleLoader } from "@/web/lib/module-loader";

/** The Toaster's chunk, fetched once; a failed fetch (offline) is tried again next time. */
const toasterModule = createModuleLoader(() => import("@/web/components/ui/toaster"));

const lazyToaster = () => lazy(() => toasterModule.load().then((module) => ({ default: module.Toaster })));
let Toaster = lazyToaster();

/** What makes a toast likely soon: a press, a click or a key (most toasts answer one). */
const PRESS_EVENTS = ["pointerdown", "keydown"] as const;

/**
 * The Toaster, kept out of the first download of every page (Radix's toast machinery; most
 * visits show no toast at first). Its chunk is fetched at the user's first press, so the toast
 * a click raises shows at once, or at the first toast when one comes before any press. Once the
 * service worker controls the page the chunk comes from its precache, offline too; only on a
 * first visit, before the worker took over, does a toast raised offline before any press wait
 * for the connection to come back (the boundary below tries again at the `online` event).
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);

  useEffect(() => {
    const preload = () => {
      for (const type of PRESS_EVENTS) window.removeEventListener(type, preload, true);
      void toasterModule.load().catch(() => {});
    };
    for (const type of PRESS_EVENTS) window.addEventListener(type, preload, { capture: true, passive: true });
    return () => {
      for (const type of PRESS_EVENTS) window.removeEventListener(type, preload, true);
    };
  }, []);

  if (!needed) return null;
  return (
    // A toast must never take the page down: without its chunk (offline) nothing shows, and
    // the next `online` event tries again.
    <ChunkBoundary onRetry={() => (Toaster = lazyToaster())} fallback={() => null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ChunkBoundary>
  );
}
