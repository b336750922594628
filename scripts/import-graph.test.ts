import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cycles, importGraph, importsOf, loadedWith, tangles, type ImportEdge } from "./import-graph";

/**
 * The import graph of src/ keeps its shape: no import cycles but the deliberate platform
 * pickers, shared components and helpers (src/web/components, src/web/lib) never importing a
 * feature, and the three layers (shared, server, web) importing each other only downwards.
 * Every file counts, tests included, and every kind of import: a type-only one (erased by the
 * build, but a knot for the reader all the same) and an `import()`.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const { files, edges, packages } = importGraph(root);

/**
 * The cycles kept on purpose. A platform picker chooses one of its implementations at run time
 * and loads only that one, with import(); each implementation imports back the interface it
 * implements (and the picker's small helpers). The picker must load them with import() only.
 */
const PLATFORM_PICKERS = [
  {
    picker: "src/web/lib/platform.ts",
    implementations: ["src/web/lib/platform-native.ts", "src/web/lib/platform-web.ts"],
    why: "the web or the native (Capacitor) device, app, browser, share and network, chosen once (loadPlatform); only the Android app downloads Capacitor's plugins",
  },
  {
    picker: "src/web/features/offline/offline-store.ts",
    implementations: ["src/web/features/offline/offline-store-browser.ts", "src/web/features/offline/offline-store-device.ts"],
    why: "papers kept offline in the browser's Cache Storage or in the native app's files, chosen once (offlineStore)",
  },
];

/** Imports across layers kept on purpose, each named by what imports and what is imported. */
const LAYER_CROSSINGS = [
  {
    from: /^src\/server\//,
    to: "src/web/ssr/search-preview.tsx",
    why: "the server draws a /search page's preview with the web app's own components (src/web/ssr exists for it)",
  },
  {
    from: /^src\/server\//,
    to: "src/web/ssr/paper-preview.tsx",
    why: "the server draws a reader page (/abs, /paper, /html) with the web app's own components",
  },
  {
    from: /^src\/server\//,
    to: "src/web/ssr/landing-preview.tsx",
    why: "the server draws the landing page (/) with the web app's own components",
  },
  {
    from: /^src\/server\/.*\.test\.ts$/,
    to: "src/web/features/pdf-cache/papers-redirect.ts",
    why: "a test of the web's /papers/{id} redirect kept among the server's PDF cache tests",
  },
];

const layerOf = (file: string) => file.split("/")[1];
const describeCycle = (cycle: string[]) => [...cycle, cycle[0]].join(" -> ");

describe("the import graph reader", () => {
  it("tells value, type-only and deferred imports apart", () => {
    const source = [
      'import type { A } from "./a";',
      'import { type B } from "./b";',
      'import C, { type D } from "./c";',
      'export * from "./d";',
      'export type { E } from "./e";',
      "const f = () => import('./f');",
      'type G = typeof import("./g");',
      'import "./h";',
    ].join("\n");
    expect(importsOf("src/x.ts", source)).toEqual([
      { specifier: "./a", kind: "type" },
      { specifier: "./b", kind: "type" },
      { specifier: "./c", kind: "value" },
      { specifier: "./d", kind: "value" },
      { specifier: "./e", kind: "type" },
      { specifier: "./f", kind: "dynamic" },
      { specifier: "./g", kind: "type" },
      { specifier: "./h", kind: "value" },
    ]);
  });

  it("reads the whole of src, with its @/ alias and relative imports resolved", () => {
    expect(files.length).toBeGreaterThan(500);
    const has = (from: string, to: string, kind: ImportEdge["kind"]) => edges.some((edge) => edge.from === from && edge.to === to && edge.kind === kind);
    expect(has("src/web/main.tsx", "src/web/routes.tsx", "value")).toBe(true);
    expect(has("src/web/lib/platform.ts", "src/web/lib/platform-web.ts", "dynamic")).toBe(true);
    expect(has("src/web/lib/platform-web.ts", "src/web/lib/platform.ts", "type")).toBe(true);
    expect(has("src/shared/search-params.ts", "src/shared/search-options.ts", "value")).toBe(true);
  });

  it("finds a cycle, and each once", () => {
    const loop: ImportEdge[] = [
      { from: "a", to: "b", kind: "value" },
      { from: "b", to: "c", kind: "type" },
      { from: "c", to: "a", kind: "value" },
      { from: "c", to: "d", kind: "value" },
    ];
    expect(tangles(["a", "b", "c", "d"], loop)).toEqual([["a", "b", "c"]]);
    expect(cycles(loop)).toEqual([["a", "b", "c"]]);
  });
});

describe("src's imports", () => {
  it("form no cycle but the platform pickers", () => {
    const allowed = PLATFORM_PICKERS.map((group) => [group.picker, ...group.implementations].sort());
    const unexpected = tangles(files, edges).filter((component) => !allowed.some((group) => group.join() === component.join()));
    const inside = (component: string[]) => edges.filter((edge) => component.includes(edge.from) && component.includes(edge.to));
    expect(unexpected.flatMap((component) => cycles(inside(component), 20).map(describeCycle))).toEqual([]);
  });

  it("keep each platform picker a picker: its implementations loaded with import() only, and still a cycle", () => {
    const components = tangles(files, edges).map((component) => component.join());
    for (const group of PLATFORM_PICKERS) {
      const eager = edges.filter((edge) => edge.from === group.picker && group.implementations.includes(edge.to) && edge.kind !== "dynamic");
      expect(eager, `${group.picker} (${group.why})`).toEqual([]);
      // An entry whose cycle is gone comes off the list.
      expect(components, `${group.picker} is no longer a cycle: remove it from PLATFORM_PICKERS`).toContain([group.picker, ...group.implementations].sort().join());
    }
  });

  it("never reach from src/web/components or src/web/lib up into src/web/features", () => {
    const upward = edges.filter((edge) => /^src\/web\/(components|lib)\//.test(edge.from) && edge.to.startsWith("src/web/features/"));
    expect(upward.map((edge) => `${edge.from} -> ${edge.to} (${edge.kind})`)).toEqual([]);
  });

  it("go down the layers only: shared imports neither server nor web, and those two not each other", () => {
    const crossing = (edge: ImportEdge) => {
      const [from, to] = [layerOf(edge.from), layerOf(edge.to)];
      return (from === "shared" && (to === "server" || to === "web")) || (from === "web" && to === "server") || (from === "server" && to === "web");
    };
    const allowed = (edge: ImportEdge) => LAYER_CROSSINGS.some((crossing) => crossing.from.test(edge.from) && crossing.to === edge.to);
    const crossings = edges.filter(crossing);
    expect(crossings.filter((edge) => !allowed(edge)).map((edge) => `${edge.from} -> ${edge.to} (${edge.kind})`)).toEqual([]);
    for (const kept of LAYER_CROSSINGS) {
      expect(crossings.some((edge) => kept.from.test(edge.from) && edge.to === kept.to), `nothing imports ${kept.to} any more: remove it from LAYER_CROSSINGS`).toBe(true);
    }
  });
});

describe("the server's start", () => {
  /**
   * Packages only some requests need, loaded with import() on first use: the pages the server
   * draws with the web app's React components, and the model providers. Loading them at start
   * was most of a warm start's time.
   */
  const LOADED_ON_FIRST_USE = [/^react(-dom)?(\/|$)/, /^lucide-react$/, /^radix-ui$/, /^@tanstack\//, /^ai$/, /^@ai-sdk\//, /^@openrouter\//];

  it("loads no page-drawing or model-provider package before it listens", () => {
    const atStart = loadedWith("src/server/main.ts", edges);
    const early = packages.filter((edge) => edge.kind === "value" && atStart.has(edge.from) && LOADED_ON_FIRST_USE.some((pattern) => pattern.test(edge.to)));
    expect(early.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });
});

describe("the first load of /search", () => {
  /**
   * What /search runs before anything is pressed: the app's entry, the page's chunk (routes.tsx
   * loads it at once for /search) and, with a query, the results' chunk the page loads at once.
   * The bench's "initial JavaScript of /search" counts them; these stay out of it, each loaded
   * with import() when first needed.
   */
  const FIRST_LOAD = ["src/web/main.tsx", "src/web/features/search/search-page.tsx", "src/web/features/search/search-results.tsx"];
  const LOADED_WHEN_NEEDED = [
    { file: "src/web/components/ui/toaster.tsx", why: "the Toaster (Radix's toast): at the first press or toast (lazy-toaster.tsx)" },
    { file: "src/web/components/ui/toast.tsx", why: "the Toaster's parts, with it" },
    { file: "src/shared/library/duplicates.ts", why: "the duplicate rules: at the first Bookmark check (bookmark-duplicates.ts)" },
    { file: "src/shared/library/canonical-id.ts", why: "the canonical id's hash (@noble/hashes), with the duplicate rules" },
  ];
  const firstLoad = new Set(FIRST_LOAD.flatMap((start) => [...loadedWith(start, edges)]));
  /** How `file` is reached from the first load: the chain of value imports, for the failure's message. */
  const chainTo = (file: string): string => {
    const next = new Map<string, string[]>();
    for (const edge of edges) if (edge.kind === "value") next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
    const previous = new Map<string, string>();
    const work = [...FIRST_LOAD];
    const seen = new Set(work);
    while (work.length > 0) {
      const from = work.shift()!;
      for (const to of next.get(from) ?? []) if (!seen.has(to)) (seen.add(to), previous.set(to, from), work.push(to));
    }
    const chain = [file];
    while (previous.has(chain[0]!)) chain.unshift(previous.get(chain[0]!)!);
    return chain.join(" -> ");
  };

  it("reaches the page's own parts (the walk is not empty)", () => {
    for (const file of ["src/web/routes.tsx", "src/web/components/ui/lazy-toaster.tsx", "src/web/features/library/use-bookmark-toggle.ts", "src/web/lib/user-data/bookmark-duplicates.ts"]) {
      expect(firstLoad.has(file), file).toBe(true);
    }
  });

  it("loads neither the Toaster nor the duplicate rules", () => {
    const loaded = LOADED_WHEN_NEEDED.filter(({ file }) => firstLoad.has(file));
    expect(loaded.map(({ file, why }) => `${chainTo(file)} (${why})`)).toEqual([]);
    // Each is still there, loaded with import() by the module named.
    for (const { file } of LOADED_WHEN_NEEDED) expect(files, file).toContain(file);
  });

  it("loads no zod (the server checks what the page sends; the page's own checks use none)", () => {
    const withZod = packages.filter((edge) => edge.kind === "value" && (edge.to === "zod" || edge.to.startsWith("zod/")) && firstLoad.has(edge.from));
    expect(withZod.map((edge) => chainTo(edge.from))).toEqual([]);
  });
});

describe("the first load of /abs", () => {
  /**
   * What an /abs/{id} page opened from a shared link runs before anything is pressed: the
   * app's entry, the reader's page (routes.tsx loads it at once) and its side cards, which it
   * loads as it draws the paper. On a phone each module evaluated here is main-thread time
   * between the server's drawing and the first tap that works; these stay out of it.
   */
  const FIRST_LOAD = ["src/web/main.tsx", "src/web/features/reader/paper-page.tsx", "src/web/features/reader/reader-side-cards.tsx"];
  const firstLoad = new Set(FIRST_LOAD.flatMap((start) => [...loadedWith(start, edges)]));

  it("reaches the page's own parts (the walk is not empty)", () => {
    for (const file of ["src/web/routes.tsx", "src/web/features/reader/paper-queries.ts", "src/web/features/reader/notes-card.tsx"]) {
      expect(firstLoad.has(file), file).toBe(true);
    }
  });

  it("loads the markdown renderer only when a note is previewed (notes-card.tsx)", () => {
    const markdown = packages.filter((edge) => edge.kind === "value" && edge.to === "react-markdown" && firstLoad.has(edge.from));
    expect(markdown.map((edge) => edge.from)).toEqual([]);
    expect(packages.some((edge) => edge.from === "src/web/features/reader/notes-card.tsx" && edge.to === "react-markdown" && edge.kind === "dynamic")).toBe(true);
  });
});
