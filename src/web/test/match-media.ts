import { vi } from "vitest";

/**
 * jsdom has no matchMedia. This stand-in answers colour-scheme and width queries from values
 * a test controls, and notifies listeners when they change, as a browser does.
 */
export function installMatchMedia(initial: { dark?: boolean; width?: number } = {}) {
  let dark = initial.dark ?? false;
  let width = initial.width ?? 1280;
  const listeners = new Set<() => void>();

  const evaluate = (query: string): boolean => {
    if (query.includes("prefers-color-scheme: dark")) return dark;
    const minWidth = /min-width:\s*(\d+)px/.exec(query);
    if (minWidth) return width >= Number(minWidth[1]);
    return false;
  };

  window.matchMedia = vi.fn((query: string) => ({
    media: query,
    get matches() {
      return evaluate(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  })) as unknown as typeof window.matchMedia;

  const notify = () => listeners.forEach((listener) => listener());
  return {
    setDark(value: boolean) {
      dark = value;
      notify();
    },
    setWidth(value: number) {
      width = value;
      notify();
    },
  };
}
