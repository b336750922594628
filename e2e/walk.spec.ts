import { writeFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page, Request, Response } from "@playwright/test";
import type { RouteObject } from "react-router";
import { routes } from "../src/web/routes";
import { expect, test, useTheme } from "./fixtures";
import { signedInAccount, uniqueEmail } from "./test-accounts";

/**
 * A walk through every page of the app, signed out and signed in, in both projects (desktop and
 * phone): each page must load with a clean browser console (no console error) and no failed
 * request (no network failure, no answer of 400 or more). Absent data is answered, not failed.
 *
 * The pages come from the app's own route list (src/web/routes.tsx), so a page added later is
 * walked without touching this file. A route with a parameter needs a sample address below: the
 * test fails, naming the route, until it has one. Anything that fails on purpose goes in
 * ALLOWED with the reason.
 *
 * Signed in, each page is also checked with axe-core, once in the dark theme and once in the
 * light: no critical or serious violation. The theme is "system" and the walk switches the
 * emulated colour scheme, so the second check needs no reload.
 */

/** In the sandbox corpus, with a PDF, an HTML rendition and references in the OpenAlex graph. */
const PAPER = "2605.07811";

/** Where to walk each route that takes a parameter (as the route list writes it). */
const SAMPLES: Record<string, readonly string[]> = {
  "/reader/:paperId": [`/reader/${PAPER}`],
  "/paper/:id": [`/paper/${PAPER}`],
  "/abs/*": [`/abs/${PAPER}`],
  "/pdf/*": [`/pdf/${PAPER}`],
  "/html/*": [`/html/${PAPER}`],
  "/abstract/*": [`/abstract/${PAPER}`],
  // The cloud PDF cache card's links (the spec's /papers/{id}) open the PDF.
  "/papers/*": [`/papers/${PAPER}`],
  // Unknown addresses under the admin and developer guards go where the guard sends them.
  "/admin/*": ["/admin/no-such-page"],
  "/dev/*": ["/dev/no-such-page"],
  // The app's own "Page not found", inside the chrome.
  "/*": ["/no-such-page"],
};

/** Pages worth walking in a second state as well: a search with results. */
const EXTRA_PAGES: readonly string[] = ["/search?q=transformer"];

type Allowed = { page: RegExp; problem: RegExp; why: string };

/**
 * Failures that are the point of the page. Each entry names the page, the problem and why it
 * is deliberate, e.g. { page: /^\/x$/, problem: /HTTP 404: GET \/api\/y/, why: "..." }.
 */
const ALLOWED: readonly Allowed[] = [
  {
    page: /.*/,
    problem: /^request failed: POST \S+\/api\/events \(net::ERR_ABORTED\)$/,
    why: "the product-event batch goes 1 s after the last event, with keepalive and again on pagehide; when the walk moves on just as it leaves, the browser finishes it after the page is gone and Playwright reports it as aborted for the old page",
  },
];

/** Every route's address pattern, e.g. "/", "/search", "/abs/*", nested routes joined to their parents'. */
function routePatterns(list: readonly RouteObject[], parent = ""): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || "/" : route.path ? `${parent}/${route.path}`.replace(/\/{2,}/g, "/") : null;
    const children = route.children ? routePatterns(route.children, route.path ? (own ?? parent) : parent) : [];
    return own === null ? children : [own, ...children];
  });
}

/** The addresses to walk: every route (its samples if it has parameters), then the extra pages. */
function pagesToWalk(): string[] {
  const unsampled: string[] = [];
  const pages = [...new Set(routePatterns(routes))].flatMap((pattern) => {
    if (!/[:*]/.test(pattern)) return [pattern];
    const samples = SAMPLES[pattern];
    if (!samples) unsampled.push(pattern);
    return samples ?? [];
  });
  expect(unsampled, "routes with a parameter need a sample address in e2e/walk.spec.ts SAMPLES").toEqual([]);
  return [...pages, ...EXTRA_PAGES];
}

/** Records what goes wrong on a page (console errors, requests that fail or answer 400+) and what is still loading. */
function watchProblems(page: Page): { take: () => string[]; quiet: () => Promise<void> } {
  let problems: string[] = [];
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  page.on("request", (request) => {
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const settled = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  const origin = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1").origin;
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("requestfailed", (request: Request) => {
    problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? "unknown"})`);
  });
  page.on("response", (response: Response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url().replace(origin, "")}`);
  });
  return {
    /** Resolves once no request has been in flight for a second (Playwright's networkidle is reached once per navigation). */
    async quiet() {
      await expect.poll(() => inFlight.size === 0 && Date.now() - lastActivity >= 1000, { timeout: 60_000, intervals: [100] }).toBe(true);
    },
    take() {
      const taken = problems;
      problems = [];
      return taken;
    },
  };
}

/** Impacts that fail the walk; moderate and minor ones are listed in the test's attachment. */
const FAILING_IMPACTS = new Set(["critical", "serious"]);

type AxeFinding = { path: string; scheme: "dark" | "light"; rule: string; impact: string; targets: string[] };

/**
 * The rules whose outcome depends on the colours. The page is checked whole in the dark theme
 * (the default); in the light theme only these run again, since the theme changes nothing else.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Runs axe on the page as it is, in the given colour scheme: every rule, or only the colour rules. */
async function checkAccessibility(page: Page, path: string, scheme: "dark" | "light", rules: "all" | "colour"): Promise<AxeFinding[]> {
  // Reduced motion makes the app's colour transitions 1 ms, and the check waits for them to end:
  // contrast is measured on the scheme's own colours, not halfway through the switch.
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, scheme === "dark");
  await page.waitForFunction(() => !document.getAnimations().some((animation) => animation instanceof CSSTransition));
  // Only violations are read: axe then skips gathering the details of every passing node.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const results = await (rules === "colour" ? builder.withRules(COLOUR_RULES) : builder).analyze();
  return results.violations.map((violation) => ({
    path,
    scheme,
    rule: violation.id,
    impact: violation.impact ?? "unknown",
    targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
}

/**
 * The walk is cut into parts, each its own test, so the two workers share it: whole, the
 * signed-in walk with its axe checks is the suite's longest test and ran alone at the end.
 * Pages are dealt round-robin, which spreads the heavy ones (the PDF reader, the search).
 */
const PARTS = { "signed-out": 2, "signed-in": 3 } as const;

function pagesOfPart(state: keyof typeof PARTS, part: number): string[] {
  return pagesToWalk().filter((_, index) => index % PARTS[state] === part);
}

async function walk(page: Page, shoot: (label: string) => Promise<void>, state: "signed-out" | "signed-in", part: number) {
  const watcher = watchProblems(page);
  const found: string[] = [];
  const axeFindings: AxeFinding[] = [];
  const report = test.info().outputPath("axe-violations.json");
  // Addresses that land on a page already checked (the admin and developer pages send a user to /) are not checked again.
  const checked = new Set<string>();
  let axeMs = 0;
  for (const path of pagesOfPart(state, part)) {
    await page.goto(path);
    // The page is done when the app is up (a /pdf/ load starts it only once page 1 is drawn)
    // and the network is quiet again: late arrivals (a lazy chunk, a store loading after the
    // first paint, a read recorded) count for this page, not the next. (Not the `visit`
    // fixture: its wait for Playwright's network idle came before this longer one, and cost
    // the walk half a second a page, 90 pages a screen.)
    await page.waitForFunction(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
    await watcher.quiet();
    await shoot(`walk-${state}${path}`);
    const problems = watcher.take().filter((problem) => !ALLOWED.some((allowed) => allowed.page.test(path) && allowed.problem.test(problem)));
    found.push(...problems.map((problem) => `${path}: ${problem}`));
    const landed = new URL(page.url());
    if (state === "signed-in" && !checked.has(landed.pathname + landed.search)) {
      checked.add(landed.pathname + landed.search);
      const started = Date.now();
      axeFindings.push(...(await checkAccessibility(page, path, "dark", "all")), ...(await checkAccessibility(page, path, "light", "colour")));
      await page.emulateMedia({ colorScheme: "dark" });
      axeMs += Date.now() - started;
      // Written as the walk goes, moderate and minor findings included, so a walk cut short still tells.
      await writeFile(report, JSON.stringify({ pagesChecked: checked.size, axeMs, findings: axeFindings }, null, 2));
    }
  }
  if (state === "signed-in") await test.info().attach("axe-violations.json", { path: report, contentType: "application/json" });
  const failing = axeFindings
    .filter((finding) => FAILING_IMPACTS.has(finding.impact))
    .map((finding) => `${finding.path} (${finding.scheme}): ${finding.impact} ${finding.rule} at ${finding.targets.join(", ")}`);
  expect(found, `problems on the ${state} walk`).toEqual([]);
  expect(failing, `critical or serious accessibility violations on the ${state} walk`).toEqual([]);
}

test.describe("every page, with a clean console", () => {
  test.describe.configure({ mode: "parallel", timeout: 240_000 });

  for (let part = 0; part < PARTS["signed-out"]; part++) {
    test(`signed out (light), part ${part + 1} of ${PARTS["signed-out"]}`, async ({ page, shoot }) => {
      await useTheme(page, "light");
      await walk(page, shoot, "signed-out", part);
    });
  }

  for (let part = 0; part < PARTS["signed-in"]; part++) {
    test(`signed in (dark, and light for axe), part ${part + 1} of ${PARTS["signed-in"]}`, async ({ page, shoot }, testInfo) => {
      await useTheme(page, "system");
      await page.emulateMedia({ colorScheme: "dark" });
      await signedInAccount(page.request, uniqueEmail(`walk-${part}`, testInfo.project.name));
      await walk(page, shoot, "signed-in", part);
    });
  }
});
