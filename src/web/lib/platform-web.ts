import type { Platform } from "@/web/lib/platform";

/** The web's side of the platform (platform.ts): the browser's own APIs, no Capacitor. */
export const webPlatform: Platform = {
  native: false,
  filesystem: null,
  app: {
    // A web page is launched by its URL: no launch link, deep links or back button of its own.
    launchUrl: async () => null,
    onUrlOpen: () => () => undefined,
    onBackButton: () => () => undefined,
    exit: async () => undefined,
  },
  browser: {
    open: async (url) => {
      window.open(url, "_blank", "noopener");
    },
  },
  share: {
    share: async ({ title, url }) => {
      try {
        if (typeof navigator.share === "function") {
          await navigator.share({ title, url });
          return "shared";
        }
        await navigator.clipboard.writeText(url);
        return "copied";
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
        throw error;
      }
    },
  },
  network: {
    isOnline: async () => navigator.onLine,
    onChange: (listener) => {
      const online = () => listener(true);
      const offline = () => listener(false);
      window.addEventListener("online", online);
      window.addEventListener("offline", offline);
      return () => {
        window.removeEventListener("online", online);
        window.removeEventListener("offline", offline);
      };
    },
  },
};
