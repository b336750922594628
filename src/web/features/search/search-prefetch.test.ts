import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createContext, Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { PREVIEW_ELEMENT_ID } from "@/shared/constants";
import { mayStartSearchEarly } from "@/shared/early-search";

/** The head script as the page runs it (public/search-prefetch.js, written inline into index.html). */
const script = new Script(readFileSync(fileURLToPath(new URL("../../public/search-prefetch.js", import.meta.url)), "utf8"));

/** Where the script runs: one page, its address changed for each run (a new context per run is slow). */
const page = { pathname: "", search: "", started: false };
const context = createContext({
  window: {
    location: page,
    URLSearchParams,
    fetch: () => {
      page.started = true;
      return Promise.resolve(new Response("{}"));
    },
  },
  // The second part of the script (the preview's app start) finds no preview here.
  document: { querySelector: () => null, readyState: "complete", visibilityState: "visible" },
  URLSearchParams,
  setTimeout,
});

/** Runs the script for a page address; whether it started the search early. */
function scriptStartsSearch(pathname: string, search: string): boolean {
  Object.assign(page, { pathname, search, started: false });
  script.runInContext(context);
  return page.started;
}

/** Every combination of these parameter values: blank, filled, repeated, differently cased. */
function urls(): string[] {
  const choices: string[][] = [
    ["", "q=%20", "q=+", "q=graphs", "q=&q=graphs", "q=graphs&q="],
    ["", "title=", "title=%20Attention%20"],
    ["", "authors=", "authors=%20&authors=Ada"],
    ["", "dateFrom=%20", "dateFrom=2024", "dateFrom=&dateFrom=2024"],
    ["", "dateTo=2024-01"],
    ["", "sort=title-ascending", "sort=relevance-descending", "sort=relevance-descending&sort=title-ascending", "sort=title-descending&sort=relevance-descending"],
    ["", "llm=true", "llm=TRUE", "llm=false&llm=true", "llm=true&llm=false"],
  ];
  return choices.reduce<string[]>((queries, values) => queries.flatMap((query) => values.map((value) => [query, value].filter(Boolean).join("&"))), [""]);
}

describe("the head script that starts a search early", () => {
  it("starts the searches mayStartSearchEarly allows, and only those", () => {
    const queries = urls();
    expect(queries.length).toBeGreaterThan(5_000);
    const disagreements = queries.filter((query) => scriptStartsSearch("/search", `?${query}`) !== mayStartSearchEarly(new URLSearchParams(query)));
    expect(disagreements).toEqual([]);
    // Both kinds of answer are among them.
    expect(queries.some((query) => mayStartSearchEarly(new URLSearchParams(query)))).toBe(true);
    expect(queries.some((query) => !mayStartSearchEarly(new URLSearchParams(query)))).toBe(true);
  });

  it("starts nothing on another page", () => {
    expect(scriptStartsSearch("/search", "?q=graphs")).toBe(true);
    expect(scriptStartsSearch("/bookmarks", "?q=graphs")).toBe(false);
  });
});

describe("the head script that starts the app behind a server's preview", () => {
  type Element = { tagName: string; rel?: string; href?: string; src?: string; type?: string; crossOrigin?: string };

  /** Runs the script on a preview page; what it appended to the head, and how to show the first paint. */
  function previewPage(modules: string, visibilityState = "visible", drawn: { tagName: string; display: string }[] = [{ tagName: "DIV", display: "block" }]) {
    const appended: Element[] = [];
    const timers: { callback: () => void; delay: number }[] = [];
    let observed: ((list: { getEntriesByName(name: string): unknown[] }) => void) | null = null;
    let disconnected = false;
    class FakeObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(callback: typeof observed) {
        observed = callback;
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "paint", buffered: true });
      }
      disconnect() {
        disconnected = true;
      }
    }
    const meta = {
      getAttribute: (name: string) => (name === "content" ? "/assets/index-abc.js" : name === "data-modules" ? modules : null),
    };
    let frame: (() => void) | null = null;
    const context = createContext({
      window: {
        location: { pathname: "/abs/1102.0466", search: "" },
        PerformanceObserver: FakeObserver,
        getComputedStyle: (element: { display: string }) => ({ display: element.display }),
        requestAnimationFrame: (callback: () => void) => (frame = callback),
      },
      PerformanceObserver: FakeObserver,
      document: {
        querySelector: (selector: string) => (selector === 'meta[name="quire-preview-app-entry"]' ? meta : null),
        readyState: "complete",
        visibilityState,
        createElement: (tagName: string) => ({ tagName }),
        getElementById: (id: string) => (id === PREVIEW_ELEMENT_ID ? { children: drawn } : null),
        head: { appendChild: (element: Element) => appended.push(element) },
      },
      URLSearchParams,
      setTimeout: (callback: () => void, delay: number) => timers.push({ callback, delay }),
    });
    script.runInContext(context);
    // The first frame (the stylesheet in): what the script does then.
    if (visibilityState === "visible") (frame as (() => void) | null)?.();
    return {
      appended,
      /** Runs the timers queued so far, those of at most `maxDelay` ms (all: the 1 s fallback among them). */
      runTimers: (maxDelay = Infinity) => {
        const due = timers.filter((timer) => timer.delay <= maxDelay);
        timers.splice(0, timers.length, ...timers.filter((timer) => timer.delay > maxDelay));
        due.forEach((timer) => timer.callback());
      },
      paint: (name: string) => observed!({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }),
      disconnected: () => disconnected,
      observing: () => observed !== null,
    };
  }

  it("fetches and starts the app only once the first contentful paint is on screen", () => {
    const page = previewPage("/assets/react-1.js /assets/paper-page-2.js");
    expect(page.appended).toEqual([]);
    // The first paint (not contentful) is not the drawing.
    page.paint("first-paint");
    expect(page.appended).toEqual([]);
    page.paint("first-contentful-paint");
    expect(page.disconnected()).toBe(true);
    expect(page.appended).toEqual([]);
    // A task queued after the paint's entry: not the fallback.
    page.runTimers(0);
    expect(page.appended).toEqual([
      { tagName: "link", rel: "modulepreload", crossOrigin: "anonymous", href: "/assets/react-1.js" },
      { tagName: "link", rel: "modulepreload", crossOrigin: "anonymous", href: "/assets/paper-page-2.js" },
      { tagName: "script", type: "module", crossOrigin: "anonymous", src: "/assets/index-abc.js" },
    ]);
    // Once: a later timer starts nothing again.
    page.paint("first-contentful-paint");
    page.runTimers();
    expect(page.appended).toHaveLength(3);
  });

  it("starts the app anyway when no paint comes, and at once in a hidden tab", () => {
    const held = previewPage("");
    // Only the fallback timer is queued: run, it starts the app.
    held.runTimers();
    expect(held.appended.map((element) => element.src ?? element.href)).toEqual(["/assets/index-abc.js"]);
    const hidden = previewPage("/assets/react-1.js", "hidden");
    expect(hidden.appended.map((element) => element.src ?? element.href)).toEqual(["/assets/react-1.js", "/assets/index-abc.js"]);
  });

  it("waits for no paint when the drawing is hidden on this screen (laid out for another)", () => {
    const page = previewPage("/assets/react-1.js", "visible", [
      { tagName: "DIV", display: "none" },
      { tagName: "SCRIPT", display: "block" },
    ]);
    expect(page.observing()).toBe(false);
    // A task queued from the first frame: as soon as the page is drawn, not a second later.
    page.runTimers(0);
    expect(page.appended.map((element) => element.src ?? element.href)).toEqual(["/assets/react-1.js", "/assets/index-abc.js"]);
  });

  it("fetches only the app's own assets", () => {
    const page = previewPage("/assets/react-1.js https://elsewhere.example/x.js /assets/../secret.js  /assets/ok_2.js");
    page.paint("first-contentful-paint");
    page.runTimers();
    expect(page.appended.map((element) => element.src ?? element.href)).toEqual(["/assets/react-1.js", "/assets/ok_2.js", "/assets/index-abc.js"]);
  });
});
