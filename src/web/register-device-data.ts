import { STORAGE_KEYS } from "@/shared/constants";
import { registerDeviceDataPart } from "@/web/lib/user-data/device-data-parts";
import { readString } from "@/web/lib/storage";

/**
 * What features keep on the device beside the user-data stores, handed to sign-in (moved into
 * the account) and sign-out (dropped): see lib/user-data/device-data-parts.ts. Called once at
 * start (main.tsx). Each part loads its feature's code only when it has work to do, so none of
 * it joins the app's first load: the keys' move when the device holds keys, the others at
 * sign-out.
 */
export function registerFeatureDeviceData(): void {
  registerDeviceDataPart({
    name: "llmKeys",
    migrate: async () =>
      readString(STORAGE_KEYS.llmKeys) === null ? "nothing" : (await import("@/web/features/llm/migrate-device-llm-keys")).migrateDeviceLlmKeys(),
  });
  registerDeviceDataPart({
    name: "feedMarks",
    migrate: async () =>
      readString(STORAGE_KEYS.feedMarks) === null ? "nothing" : (await import("@/web/features/feed-marks/device-feed-marks")).migrateDeviceFeedMarks(),
    clear: async () => (await import("@/web/features/feed-marks/device-feed-marks")).deviceFeedMarks.clear(),
  });
  registerDeviceDataPart({
    name: "keptPapers",
    clear: async () => {
      const { clearKeptPapers } = await import("@/web/features/offline/offline-store");
      await clearKeptPapers().catch(() => undefined);
    },
  });
  registerDeviceDataPart({
    name: "pagePictures",
    clear: async () => (await import("@/web/features/reader/pdf/page-picture")).clearPagePictures(),
  });
}
