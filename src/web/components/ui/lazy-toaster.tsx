import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useToast } from "@/web/components/ui/use-toast";

type ToasterModule = typeof import("@/web/components/ui/toaster");

let loading: Promise<ToasterModule> | null = null;

/** The Toaster's chunk, fetched once; a failed fetch (offline) is tried again next time. */
function loadToaster(): Promise<ToasterModule> {
  loading ??= import("@/web/components/ui/toaster").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

let Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * A toast must never take the page down: if the chunk cannot be fetched (the network dropped
 * before it was), nothing is shown, and the next `online` event tries again.
 */
class ToasterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  private retry = () => {
    Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));
    this.setState({ failed: false });
  };
  override componentDidMount() {
    window.addEventListener("online", this.retry);
  }
  override componentWillUnmount() {
    window.removeEventListener("online", this.retry);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
    const preload = () => void loadToaster().catch(() => {});
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(preload, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, []);

  if (!needed) return null;
  return (
    <ToasterBoundary>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ToasterBoundary>
  );
}
