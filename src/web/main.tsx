import "@fontsource-variable/inter";
import "@fontsource-variable/source-serif-4";
import "@/web/styles.css";

import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@/web/components/theme/theme-provider";
import { HintLayer } from "@/web/components/ui/hint-layer";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { showAccountDeletedNotice } from "@/web/features/account/account-deleted-notice";
import { startPdfWarmup } from "@/web/features/reader/pdf/pdf-warmup";
import { persistSearchCache } from "@/web/features/search/search-cache-persistence";
import { appContainer } from "@/web/lib/page-preview";
import { isNativePlatform, loadPlatform } from "@/web/lib/platform";
import { nextTask } from "@/web/lib/next-task";
import { createQueryClient } from "@/web/lib/query-client";
import { registerServiceWorker } from "@/web/lib/service-worker";
import { registerFeatureDeviceData } from "@/web/register-device-data";
import { createAppRouter } from "@/web/routes";

registerFeatureDeviceData();
const queryClient = createQueryClient();
persistSearchCache(queryClient);
// Start-up in steps, each a task of its own (nextTask): the modules' evaluation, the router
// (it matches the address and starts loading the page's code), the first render. The render
// is a transition, which React does in slices, yielding to the browser between them.
await nextTask();
const router = createAppRouter();
await nextTask();
const root = createRoot(appContainer());
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <RouterProvider router={router} />
          <HintLayer />
          <LazyToaster />
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});

registerServiceWorker();
startPdfWarmup();
showAccountDeletedNotice();
// Inside the Android app: deep links, the share intent, the route restore (a chunk of its own).
if (isNativePlatform()) {
  void Promise.all([loadPlatform(), import("@/web/features/native/native-app")]).then(([platform, native]) => native.startNativeApp(platform, router));
}
