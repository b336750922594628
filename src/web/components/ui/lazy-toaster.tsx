import { lazy, Suspense, useEffect, useState } from "react";
import { ChunkBoundary } from "@/web/components/chunk-boundary";
import { useToast } from "@/web/components/ui/use-toast";
import { createModuleLoader } from "@/web/lib/module-loader";

/** The Toaster's chunk, fetched once; a failed fetch (offline) is tried again next time. */
const toasterModule = createModuleLoader(() => import("@/web/components/ui/toaster"));

const lazyToaster = () => lazy(() => toasterModule.load().then((module) => ({ default: module.Toaster })));
let Toaster = lazyToaster();

/**
 * The Toaster, kept out of the first download of every page (Radix's toast machinery; most
 * visits show no toast at first). Its chunk is fetched once the page is idle, so a toast raised
 * later, offline included, shows at once.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);

  useEffect(() => {
    const preload = () => void toasterModule.load().catch(() => {});
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(preload, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
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
