// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { base64ToBytes, bytesToBase64, createNativePlatform, type NativePlugins } from "./platform-native";

/**
 * A double of Capacitor's native bridge at the adapter's boundary: each plugin answers as the
 * Android side does (base64 file data, "does not exist" failures, listener handles).
 */
function bridgeDouble() {
  const files = new Map<string, string>();
  const listeners = new Map<string, (event: unknown) => void>();
  const plugins = {
    App: {
      getLaunchUrl: vi.fn(async () => ({ url: "quire://share?text=x" })),
      addListener: vi.fn(async (event: string, listener: (data: unknown) => void) => {
        listeners.set(event, listener);
        return { remove: async () => void listeners.delete(event) };
      }),
      exitApp: vi.fn(async () => undefined),
    },
    Browser: { open: vi.fn(async () => undefined) },
    Filesystem: {
      writeFile: vi.fn(async ({ path, data }: { path: string; data: string }) => {
        files.set(path, data);
        return { uri: `file:///data/${path}` };
      }),
      readFile: vi.fn(async ({ path }: { path: string }) => {
        const data = files.get(path);
        if (data === undefined) throw new Error("File does not exist.");
        return { data };
      }),
      readdir: vi.fn(async ({ path }: { path: string }) => {
        const names = [...files.keys()].filter((name) => name.startsWith(`${path}/`));
        if (names.length === 0) throw new Error("Folder does not exist.");
        return { files: names.map((name) => ({ name: name.slice(path.length + 1), type: "file", size: files.get(name)!.length, ctime: 0, mtime: 0, uri: "" })) };
      }),
      deleteFile: vi.fn(async ({ path }: { path: string }) => {
        if (!files.delete(path)) throw new Error("File does not exist.");
      }),
    },
    Network: {
      getStatus: vi.fn(async () => ({ connected: false, connectionType: "none" })),
      addListener: vi.fn(async (event: string, listener: (data: unknown) => void) => {
        listeners.set(event, listener);
        return { remove: async () => void listeners.delete(event) };
      }),
    },
    Share: { share: vi.fn(async () => ({})) },
  };
  return { plugins: plugins as unknown as NativePlugins, raw: plugins, files, emit: (event: string, data: unknown) => listeners.get(event)?.(data), listeners };
}

describe("the native platform adapter", () => {
  it("writes and reads binary files as base64 in the app's data directory", async () => {
    const bridge = bridgeDouble();
    const platform = createNativePlatform(bridge.plugins);
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0, 255, 128]);
    await platform.filesystem!.write("pdf_cache/a.pdf", bytes);
    expect(bridge.files.get("pdf_cache/a.pdf")).toBe(await bytesToBase64(bytes));
    expect(bridge.raw.Filesystem.writeFile).toHaveBeenCalledWith(expect.objectContaining({ directory: "DATA", recursive: true }));
    expect([...(await platform.filesystem!.read("pdf_cache/a.pdf"))]).toEqual([...bytes]);
    expect(await platform.filesystem!.list("pdf_cache")).toEqual([{ name: "a.pdf", size: expect.any(Number) }]);
    await platform.filesystem!.delete("pdf_cache/a.pdf");
    // A directory not made yet lists empty; deleting what is gone is not a failure.
    expect(await platform.filesystem!.list("pdf_cache")).toEqual([]);
    await expect(platform.filesystem!.delete("pdf_cache/a.pdf")).resolves.toBeUndefined();
  });

  it("passes other file failures on (a full disk)", async () => {
    const bridge = bridgeDouble();
    bridge.raw.Filesystem.writeFile.mockRejectedValueOnce(new Error("No space left on device"));
    await expect(createNativePlatform(bridge.plugins).filesystem!.write("pdf_cache/a.pdf", new Uint8Array([1]))).rejects.toThrow("No space left on device");
  });

  it("hands over the launch URL, deep links and the back button, and unsubscribes", async () => {
    const bridge = bridgeDouble();
    const platform = createNativePlatform(bridge.plugins);
    expect(await platform.app.launchUrl()).toBe("quire://share?text=x");
    bridge.raw.App.getLaunchUrl.mockResolvedValueOnce(undefined as never);
    expect(await platform.app.launchUrl()).toBeNull();

    const opened: string[] = [];
    const stop = platform.app.onUrlOpen((url) => opened.push(url));
    await vi.waitFor(() => expect(bridge.listeners.has("appUrlOpen")).toBe(true));
    bridge.emit("appUrlOpen", { url: "quire://auth-callback?token=t" });
    expect(opened).toEqual(["quire://auth-callback?token=t"]);
    stop();
    await vi.waitFor(() => expect(bridge.listeners.has("appUrlOpen")).toBe(false));

    const back: boolean[] = [];
    platform.app.onBackButton((canGoBack) => back.push(canGoBack));
    await vi.waitFor(() => expect(bridge.listeners.has("backButton")).toBe(true));
    bridge.emit("backButton", { canGoBack: false });
    expect(back).toEqual([false]);
  });

  it("opens the system browser, shares, and reports the network", async () => {
    const bridge = bridgeDouble();
    const platform = createNativePlatform(bridge.plugins);
    await platform.browser.open("https://quire.example/auth?platform=android");
    expect(bridge.raw.Browser.open).toHaveBeenCalledWith({ url: "https://quire.example/auth?platform=android" });
    expect(await platform.share.share({ title: "T", url: "https://quire.example/abs/1" })).toBe("shared");
    bridge.raw.Share.share.mockRejectedValueOnce(new Error("Share canceled"));
    expect(await platform.share.share({ title: "T", url: "u" })).toBe("cancelled");
    expect(await platform.network.isOnline()).toBe(false);
  });

  it("round-trips base64", async () => {
    const bytes = new Uint8Array(70_000).map((_, index) => index % 256);
    expect([...base64ToBytes(await bytesToBase64(bytes))]).toEqual([...bytes]);
  });
});
