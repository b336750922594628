import { App } from "@capacitor/app";
import { Browser } from "@capacitor/browser";
import { Directory, Encoding, Filesystem } from "@capacitor/filesystem";
import { Network } from "@capacitor/network";
import { Share } from "@capacitor/share";
import type { DeviceFile, Platform, Unsubscribe } from "@/web/lib/platform";

/**
 * The native app's side of the platform (platform.ts), on Capacitor's plugins. The plugins are
 * handed in, so tests run this against doubles of the native bridge; the app passes the real ones.
 */
export type NativePlugins = {
  App: Pick<typeof App, "getLaunchUrl" | "addListener" | "exitApp">;
  Browser: Pick<typeof Browser, "open">;
  Filesystem: Pick<typeof Filesystem, "readFile" | "writeFile" | "readdir" | "deleteFile">;
  Network: Pick<typeof Network, "getStatus" | "addListener">;
  Share: Pick<typeof Share, "share">;
};

const DEFAULT_PLUGINS: NativePlugins = { App, Browser, Filesystem, Network, Share };

/** Bytes as base64 (Capacitor's file API carries binary data as base64 text). */
export async function bytesToBase64(bytes: Uint8Array): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not encode the file"));
    reader.readAsDataURL(new Blob([bytes as Uint8Array<ArrayBuffer>]));
  });
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A listener handle Capacitor gives back as a promise, removable before it has settled. */
function removable(handle: Promise<{ remove: () => Promise<void> }>): Unsubscribe {
  return () => void handle.then((listener) => listener.remove()).catch(() => undefined);
}

/** Capacitor's "does not exist" failures, whose wording differs between Android and the web implementation. */
function isMissing(error: unknown): boolean {
  return /does not exist|not found|no such file/i.test(error instanceof Error ? error.message : String(error));
}

export function createNativePlatform(plugins: NativePlugins = DEFAULT_PLUGINS): Platform {
  const { App: app, Browser: browser, Filesystem: files, Network: network, Share: share } = plugins;
  const directory = Directory.Data;
  return {
    native: true,
    filesystem: {
      read: async (path) => {
        const { data } = await files.readFile({ path, directory });
        return typeof data === "string" ? base64ToBytes(data) : new Uint8Array(await data.arrayBuffer());
      },
      readText: async (path) => {
        const { data } = await files.readFile({ path, directory, encoding: Encoding.UTF8 });
        return typeof data === "string" ? data : await data.text();
      },
      write: async (path, data) => {
        if (typeof data === "string") await files.writeFile({ path, directory, data, encoding: Encoding.UTF8, recursive: true });
        else await files.writeFile({ path, directory, data: await bytesToBase64(data), recursive: true });
      },
      list: async (path) => {
        try {
          const { files: entries } = await files.readdir({ path, directory });
          return entries.filter((entry) => entry.type === "file").map((entry): DeviceFile => ({ name: entry.name, size: entry.size }));
        } catch (error) {
          if (isMissing(error)) return [];
          throw error;
        }
      },
      delete: async (path) => {
        try {
          await files.deleteFile({ path, directory });
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      },
    },
    app: {
      launchUrl: async () => (await app.getLaunchUrl())?.url || null,
      onUrlOpen: (listener) => removable(app.addListener("appUrlOpen", (event) => listener(event.url))),
      onBackButton: (listener) => removable(app.addListener("backButton", (event) => listener(event.canGoBack))),
      exit: () => app.exitApp(),
    },
    browser: { open: (url) => browser.open({ url }) },
    share: {
      share: async ({ title, url }) => {
        try {
          await share.share({ title, url, dialogTitle: title });
          return "shared";
        } catch (error) {
          if (/cancel/i.test(error instanceof Error ? error.message : String(error))) return "cancelled";
          throw error;
        }
      },
    },
    network: {
      isOnline: async () => (await network.getStatus()).connected,
      onChange: (listener) => removable(network.addListener("networkStatusChange", (status) => listener(status.connected))),
    },
  };
}
