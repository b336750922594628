import { lazy, Suspense, useState } from "react";
import { useToast } from "@/web/components/ui/use-toast";

const Toaster = lazy(() => import("@/web/components/ui/toaster").then((module) => ({ default: module.Toaster })));

/**
 * The Toaster, loaded with the first toast: Radix's toast machinery is not part of the first
 * download of every page, and most visits show no toast at all.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
