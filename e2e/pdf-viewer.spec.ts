import type { Locator, Page } from "@playwright/test";
import { mailLink, waitForMail } from "../sandbox/test-support/mail";
import { baseURL } from "../playwright.config";
import { appHasTakenOver, expect, queueFaults, test, useTheme } from "./fixtures";

const SANDBOX = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4110}`;
/** A real 15-page paper PDF in the sandbox (S2ORC, ACL 2020). */
const PAPER = "1911.02782";
/** Fault tests break their own paper, one per project, so tests running beside them keep a working PDF. */
const faultPaper = () => (test.info().project.name === "mobile" ? "2503.12973" : "2503.12972");
/** Faults this test queued, removed after it. */
const ownFaults: (() => Promise<void>)[] = [];

const viewer = (page: Page) => page.getByRole("region", { name: "PDF viewer" });
const pageInput = (page: Page) => page.getByRole("textbox", { name: "Page number" });
const pdfPages = (page: Page) => viewer(page).locator(".pdf-page");

async function openPdf(page: Page, id = PAPER) {
  await page.goto(`/pdf/${id}`);
  await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
}

/** Clicks a toolbar action: a button on a wide toolbar, an item of the "More" menu on a compact one. */
async function toolbarAction(page: Page, name: string) {
  const button = page.getByRole("toolbar", { name: "PDF toolbar" }).getByRole("button", { name, exact: true });
  if (await button.isVisible()) {
    await button.click();
    return;
  }
  await page.getByRole("button", { name: "More PDF actions" }).click();
  await page.getByRole("menuitem", { name }).click();
}

async function zoomPercent(page: Page): Promise<number> {
  const text = await page.getByRole("toolbar", { name: "PDF toolbar" }).getByText(/^\d+%$/).textContent();
  return Number(text?.replace("%", ""));
}

/** Selects the first few words of a page's text layer, as a drag with the mouse would. */
async function selectText(page: Page, pageNumber: number) {
  await expect(viewer(page).locator(`.pdf-page[data-page-number="${pageNumber}"] .textLayer span`).first()).toBeAttached();
  await page.evaluate((number) => {
    const spans = [...document.querySelectorAll<HTMLElement>(`.pdf-page[data-page-number="${number}"] .textLayer span`)].filter(
      (span) => (span.textContent ?? "").trim().length > 3 && span.firstChild,
    );
    const [first, , third] = spans;
    if (!first || !third) throw new Error("no text on the page");
    const range = document.createRange();
    range.setStart(first.firstChild as Node, 0);
    range.setEnd(third.firstChild as Node, (third.textContent ?? "").length);
    const selection = window.getSelection() as Selection;
    selection.removeAllRanges();
    selection.addRange(range);
  }, pageNumber);
}

async function swipe(target: Locator, dx: number, dy = 0) {
  await target.evaluate(
    (element, { dx, dy }) => {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const touch = (cx: number, cy: number) => new Touch({ identifier: 1, target: element, clientX: cx, clientY: cy });
      element.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(x, y)], changedTouches: [touch(x, y)] }));
      element.dispatchEvent(new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(x + dx, y + dy)] }));
    },
    { dx, dy },
  );
}

test.describe("PDF viewer", () => {
  test.afterEach(async () => {
    for (const remove of ownFaults.splice(0)) await remove();
  });

  test("opens a paper's PDF with its toolbar and selectable text", async ({ page, shoot }) => {
    await useTheme(page, "light");
    await openPdf(page);
    await expect(page.getByRole("toolbar", { name: "PDF toolbar" })).toBeVisible();
    await expect(pageInput(page)).toHaveValue("1");
    await expect(page.getByText("/ 15")).toBeVisible();
    await expect(viewer(page).locator(".textLayer").first()).toContainText("S2ORC");
    await shoot("pdf-viewer");
  });


  test("starts pdf.js and page 1 from the page's head, before the app's code (the built app's names)", async ({ page }) => {
    const html = await (await page.request.get(`/pdf/${PAPER}`)).text();
    const worker = /<meta name="quire-pdf-worker" content="([^"]+)">/.exec(html)?.[1];
    const module = /<meta name="quire-pdf-module" content="([^"]+)">/.exec(html)?.[1];
    expect(worker, "the worker's address for pdf-prefetch.js").toMatch(/^\/assets\/pdf\.worker[\w.-]*\.mjs$/);
    expect(module, "the pdf.js module's address for pdf-prefetch.js").toMatch(/^\/assets\/pdf-document-[\w-]+\.js$/);
    // Not preloaded: pdf-prefetch.js, inline in the head, starts the worker as the page is parsed.
    expect(html).not.toContain(`href="${worker}"`);
    // The app's entry is started by pdf-prefetch.js once page 1 is on screen, not by the page.
    expect(html).toMatch(/<meta name="quire-app-entry" content="\/assets\/index-[\w-]+\.js">/);
    expect(html).not.toContain('<script type="module"');
    // Notes whether page 1 went up before the app had rendered anything.
    await page.addInitScript(() => {
      const seen: { early: boolean; appRendered: boolean | null } = { early: false, appRendered: null };
      (window as { __earlySeen?: typeof seen }).__earlySeen = seen;
      new MutationObserver(() => {
        if (seen.early || !document.querySelector('.pdf-early-page canvas[data-painted="true"]')) return;
        seen.early = true;
        seen.appRendered = (document.getElementById("root")?.childElementCount ?? 0) > 0;
      }).observe(document, { childList: true, subtree: true });
    });
    await openPdf(page);
    expect(await page.evaluate(() => Boolean((window as { __quirePdfPrefetch?: { worker: unknown } }).__quirePdfPrefetch?.worker))).toBe(true);
    // The viewer took the drawing over: the early page is gone, the app is up around the PDF.
    await expect(page.locator(".pdf-early-page")).toHaveCount(0);
    await expect(page.getByRole("toolbar", { name: "PDF toolbar" })).toBeVisible();
    const seen = await page.evaluate(() => (window as { __earlySeen?: { early: boolean; appRendered: boolean | null } }).__earlySeen);
    // On a loaded machine the app may start (at most 2 s in) before page 1 is drawn; when the
    // early page did go up, it was before the app.
    if (seen?.early) expect(seen.appRendered).toBe(false);
  });
  test("a paper read before shows the kept picture of its page at once on its next /pdf/ load, then pdf.js's own drawing", async ({ page }) => {
    // Four loads of the PDF page and the settings page: more than the default allows on a busy machine.
    test.setTimeout(90_000);
    // Every canvas put on screen, in order: the kept picture, pdf.js's early page, the viewer's pages.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __painted?: string[] }).__painted = seen;
      new MutationObserver(() => {
        for (const canvas of document.querySelectorAll<HTMLCanvasElement>('canvas[data-painted="true"]:not([data-noted])')) {
          canvas.dataset.noted = "";
          seen.push(canvas.dataset.picture ? "picture" : canvas.closest(".pdf-early-page") ? "early page" : "viewer");
        }
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-painted"] });
    });
    const painted = () => page.evaluate(() => (window as { __painted?: string[] }).__painted ?? []);
    const keptPicture = () =>
      page.evaluate(async (id) => {
        const response = await (await caches.open("quire-page-pictures")).match(`/__quire/page-picture/${id}`);
        return response ? { view: JSON.parse(response.headers.get("X-Quire-Picture") ?? "null"), type: response.headers.get("Content-Type") } : null;
      }, PAPER);

    await openPdf(page);
    expect(await painted()).not.toContain("picture");
    // Read for a moment: the viewer keeps a picture of the page, at its zoom, on this screen.
    await expect.poll(keptPicture, { timeout: 20_000 }).not.toBeNull();
    const kept = (await keptPicture())!;
    expect(kept.type).toBe("image/webp");
    expect(kept.view).toMatchObject({ pageNumber: 1, rotation: 0, scale: (await zoomPercent(page)) / 100, innerWidth: page.viewportSize()!.width });

    await openPdf(page);
    expect((await painted())[0]).toBe("picture");
    // The viewer is up with the live page: the picture is gone, the text can be selected.
    await expect(page.locator("canvas[data-picture]")).toHaveCount(0);
    await expect(page.locator(".pdf-early-page")).toHaveCount(0);
    await expect(viewer(page).locator(".textLayer").first()).toContainText("S2ORC");

    // Left on another page: the picture of page 1 is not that page, and is not shown.
    await pageInput(page).fill("2");
    await pageInput(page).press("Enter");
    await expect.poll(async () => (await keptPicture())?.view.pageNumber, { timeout: 20_000 }).toBe(2);
    await page.evaluate((id) => {
      const key = `pdf-viewer.state.${id}`;
      localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), pageNumber: 3 }));
    }, PAPER);
    await openPdf(page);
    expect(await painted()).not.toContain("picture");
    await expect(pageInput(page)).toHaveValue("3");

    // Settings' Clear cache drops the pictures with the rest of the device's caches.
    await page.goto("/settings");
    await page.getByRole("button", { name: "Clear cache" }).click();
    await expect(page.getByText("Cache cleared").first()).toBeVisible();
    // (The page reloads a moment later: asked again if that cut the question off.)
    await expect.poll(() => page.evaluate(() => caches.has("quire-page-pictures")).catch(() => true)).toBe(false);
  });

  test("inside the app, the kept picture of the page stands where the page will be while the PDF comes, then the live page", async ({ page }) => {
    await page.goto(`/abs/${PAPER}`);
    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "PDF", exact: true }).click();
    await expect(viewer(page).locator('.pdf-page canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(async (id) => Boolean(await (await caches.open("quire-page-pictures")).match(`/__quire/page-picture/${id}`)), PAPER), { timeout: 20_000 })
      .toBe(true);
    const livePage = await viewer(page).locator(".pdf-page").first().boundingBox();

    // Back to the abstract, and the PDF again with its download held back.
    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Abstract", exact: true }).click();
    await expect(viewer(page)).toHaveCount(0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/pdf-proxy\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "PDF", exact: true }).click();
    const picture = viewer(page).locator('.pdf-page-picture canvas[data-picture][data-painted="true"]');
    await expect(picture).toBeVisible();
    // Where the page will be, the spinner out of its way (still told to screen readers).
    const pictureBox = (await viewer(page).locator(".pdf-page-picture").boundingBox())!;
    for (const side of ["x", "y", "width", "height"] as const) expect(Math.abs(pictureBox[side] - livePage![side]), side).toBeLessThan(1.5);
    await expect(viewer(page).getByRole("status")).toHaveText("Loading PDF...");
    await expect(viewer(page).getByRole("status")).toHaveClass(/sr-only/);

    release();
    await expect(viewer(page).locator('.pdf-page canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(viewer(page).locator(".pdf-page-picture")).toHaveCount(0);
    await expect(viewer(page).locator(".textLayer").first()).toContainText("S2ORC");
  });

  test("in the app, pdf.js's worker starts when a reader goes for a PDF link, and one worker serves every PDF of the tab", async ({ page }) => {
    const workers: string[] = [];
    page.on("worker", (worker) => {
      if (/pdf\.worker/.test(worker.url())) workers.push(worker.url());
    });
    await page.goto(`/abs/${PAPER}`);
    const pdfLink = page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "PDF", exact: true });
    await expect(pdfLink).toBeVisible();
    // Before the app takes the server's drawing over, a click loads /pdf/ as a new page (with a worker of its own).
    await appHasTakenOver(page);
    // The abstract alone starts nothing of pdf.js.
    await page.waitForTimeout(300);
    expect(workers).toHaveLength(0);
    // The keyboard's focus on the link (a pointer resting on it, a press) starts the worker.
    await pdfLink.focus();
    await expect.poll(() => workers.length).toBe(1);
    await pdfLink.click();
    await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    // Away from the PDF and back: the viewer opens the document again, on the same worker.
    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Abstract", exact: true }).click();
    await expect(viewer(page)).toHaveCount(0);
    await pdfLink.click();
    await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(pageInput(page)).toHaveValue("1");
    expect(workers).toHaveLength(1);
  });

  test("is dimmed in dark mode", async ({ page, shoot }) => {
    await useTheme(page, "dark");
    await openPdf(page);
    const filter = await viewer(page).locator("canvas").first().evaluate((canvas) => getComputedStyle(canvas).filter);
    expect(filter).toContain("brightness");
    await shoot("pdf-viewer");
  });

  test("turns pages, keeps a page history and clamps the page number", async ({ page }) => {
    await openPdf(page);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(pageInput(page)).toHaveValue("2");
    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(pageInput(page)).toHaveValue("1");
    await pageInput(page).fill("5");
    await pageInput(page).press("Enter");
    await expect(pageInput(page)).toHaveValue("5");
    await expect(viewer(page).locator('.pdf-page[data-page-number="5"] canvas[data-painted="true"]')).toBeVisible();
    await pageInput(page).fill("999");
    await pageInput(page).press("Enter");
    await expect(pageInput(page)).toHaveValue("15");
    await toolbarAction(page, "Back in page history");
    await expect(pageInput(page)).toHaveValue("5");
    await toolbarAction(page, "Forward in page history");
    await expect(pageInput(page)).toHaveValue("15");
    await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
  });

  test("renders only the pages near the viewport in continuous mode; single mode shows one", async ({ page }) => {
    await openPdf(page);
    await expect(viewer(page)).toHaveAttribute("data-view-mode", "continuous");
    await expect(pdfPages(page)).toHaveCount(15);
    const painted = await viewer(page).locator('canvas[data-painted="true"]').count();
    expect(painted).toBeLessThan(15);
    await toolbarAction(page, "Single page");
    await expect(viewer(page)).toHaveAttribute("data-view-mode", "single");
    await expect(pdfPages(page)).toHaveCount(1);
  });

  test("zooms in steps of 0.2 within 0.5..3, fits the width and rotates by 90 degrees", async ({ page }) => {
    // Some twenty redraws, up to 300 % on a phone's dense screen, with no GPU: over 30 s on a busy CI run.
    test.setTimeout(60_000);
    await openPdf(page);
    const start = await zoomPercent(page);
    const width = (await pdfPages(page).first().boundingBox())!.width;
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => zoomPercent(page)).toBe(Math.round(Math.min(300, start + 20)));
    await expect.poll(async () => (await pdfPages(page).first().boundingBox())!.width).toBeGreaterThan(width);
    for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Zoom out" }).click({ force: true });
    await expect.poll(() => zoomPercent(page)).toBe(50);
    await expect(page.getByRole("button", { name: "Zoom out" })).toBeDisabled();
    await toolbarAction(page, "Fit to width");
    await expect.poll(() => zoomPercent(page)).toBeGreaterThan(50);

    const before = (await pdfPages(page).first().boundingBox())!;
    await toolbarAction(page, "Rotate");
    await expect(viewer(page)).toHaveAttribute("data-rotation", "90");
    const after = (await pdfPages(page).first().boundingBox())!;
    expect(after.width).toBeGreaterThan(after.height);
    expect(before.height).toBeGreaterThan(before.width);
    for (const expected of ["180", "270", "0"]) {
      await toolbarAction(page, "Rotate");
      await expect(viewer(page)).toHaveAttribute("data-rotation", expected);
    }
  });

  test("goes fullscreen and maximized, and back", async ({ page }) => {
    await openPdf(page);
    await toolbarAction(page, "Fullscreen");
    await expect(viewer(page)).toHaveAttribute("data-display-mode", "fullscreen");
    expect(await page.evaluate(() => document.fullscreenElement?.getAttribute("aria-label"))).toBe("PDF viewer");
    await page.evaluate(() => document.exitFullscreen());
    await expect(viewer(page)).toHaveAttribute("data-display-mode", "normal");

    await toolbarAction(page, "Maximize");
    await expect(viewer(page)).toHaveAttribute("data-display-mode", "maximized");
    const box = (await viewer(page).boundingBox())!;
    expect(box.width).toBe(page.viewportSize()!.width);
    await page.keyboard.press("Escape");
    await expect(viewer(page)).toHaveAttribute("data-display-mode", "normal");
  });

  test("restores page, zoom, rotation and scroll mode when the paper is opened again", async ({ page }) => {
    // Two loads of the PDF page (the second at a zoom, turned, on page 3): over 30 s on a busy machine.
    test.setTimeout(60_000);
    await openPdf(page);
    await page.getByRole("button", { name: "Next page" }).click();
    await page.getByRole("button", { name: "Next page" }).click();
    await page.getByRole("button", { name: "Zoom in" }).click();
    const zoom = await zoomPercent(page);
    await toolbarAction(page, "Rotate");
    await toolbarAction(page, "Single page");
    await page.waitForTimeout(400); // the scale is saved 300 ms after the last change
    await page.reload();
    await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(pageInput(page)).toHaveValue("3");
    expect(await zoomPercent(page)).toBe(zoom);
    await expect(viewer(page)).toHaveAttribute("data-rotation", "90");
    await expect(viewer(page)).toHaveAttribute("data-view-mode", "single");
  });

  test("highlights selected text, keeps it over a reload, recolours and removes it", async ({ page, shoot }) => {
    // Two full reloads of the reader, each drawing the PDF again, and six steps between them:
    // 20-24 s with two workers on two cores, and once 30.5 s in CI (the phone run: 14.6 s).
    test.slow();
    await useTheme(page, "light");
    await openPdf(page);
    await selectText(page, 1);
    const palette = page.getByRole("toolbar", { name: "Highlight selection" });
    await expect(palette).toBeVisible();
    await palette.getByRole("button", { name: "Highlight yellow" }).click();
    const highlight = viewer(page).locator("[data-highlight-id]");
    await expect(highlight).toHaveCount(1);
    await expect(highlight).toHaveAttribute("data-color", "#FFFF00");
    await highlight.locator(".pdf-highlight").first().scrollIntoViewIfNeeded();
    await shoot("pdf-highlight");

    await page.reload();
    await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(highlight).toHaveCount(1);
    // It sits on the same text after a zoom: its box grows with the page.
    const small = (await highlight.locator(".pdf-highlight").first().boundingBox())!;
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(async () => (await highlight.locator(".pdf-highlight").first().boundingBox())!.width).toBeGreaterThan(small.width);

    await highlight.locator(".pdf-highlight").first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300); // a scroll closes any open palette; let it settle first
    const box = (await highlight.locator(".pdf-highlight").first().boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const editor = page.getByRole("toolbar", { name: "Edit highlight" });
    await expect(editor).toBeVisible();
    await editor.getByRole("button", { name: "Highlight green" }).click();
    await expect(highlight).toHaveAttribute("data-color", "#98FB98");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await editor.getByRole("button", { name: "Remove highlight" }).click();
    await expect(highlight).toHaveCount(0);
    await page.reload();
    await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(viewer(page).locator("[data-highlight-id]")).toHaveCount(0);
  });

  test("shows the host's failure with Retry, and loads on Retry", async ({ page, request }) => {
    const removeFault = await queueFaults(request, SANDBOX, { route: "arxiv-pdf", status: 429, retryAfter: 1, match: faultPaper() });
    // Removed after the test too, should it stop before the Retry (the next test's paper is the same).
    ownFaults.push(removeFault);
    const asked: string[] = [];
    page.on("request", (sent) => {
      if (sent.url().includes("/api/pdf-proxy")) asked.push(sent.url());
    });
    await page.goto(`/pdf/${faultPaper()}`);
    const alert = viewer(page).getByRole("alert");
    await expect(alert).toContainText("Failed to load PDF.", { timeout: 20_000 });
    await expect(alert).toContainText("Download failed with status: 429");
    // The page's early download's error answer is the one told: asking again would wait for
    // the same error (the proxy tries arXiv three times, seconds apart).
    expect(asked).toHaveLength(1);
    await removeFault();
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
  });

  test("says the PDF is not a PDF when the host sends something else", async ({ page, request }) => {
    ownFaults.push(await queueFaults(request, SANDBOX, { route: "arxiv-pdf", status: 200, body: "<html>captcha</html>", match: faultPaper() }));
    await page.goto(`/pdf/${faultPaper()}`);
    await expect(viewer(page).getByRole("alert")).toContainText("Failed to load PDF document", { timeout: 20_000 });
  });

  test("gives up after 15 s with the spec's timeout message", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the timer is the same on every screen");
    test.setTimeout(60_000);
    ownFaults.push(await queueFaults(request, SANDBOX, { route: "arxiv-pdf", hang: true, match: faultPaper() }));
    await page.goto(`/pdf/${faultPaper()}`);
    await expect(viewer(page).getByRole("alert")).toContainText("PDF loading timed out. Please try downloading instead.", { timeout: 25_000 });
    await expect(viewer(page).getByRole("link", { name: "Download" })).toBeVisible();
  });
});

test.describe("PDF viewer on a phone", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "touch gestures are for the phone project");
  });

  test("a horizontal swipe over 80 px turns the page; a short or vertical one does not", async ({ page }) => {
    await openPdf(page);
    await toolbarAction(page, "Single page");
    const pages = viewer(page).getByTestId("pdf-pages");
    await swipe(pages, -120);
    await expect(pageInput(page)).toHaveValue("2");
    await swipe(pages, -60);
    await swipe(pages, -90, 140);
    await expect(pageInput(page)).toHaveValue("2");
    await swipe(pages, 120);
    await expect(pageInput(page)).toHaveValue("1");
  });

  test("the maximized toolbar hides 3 s after the last touch and comes back on a touch", async ({ page, shoot }) => {
    await useTheme(page, "light");
    await openPdf(page);
    await toolbarAction(page, "Maximize");
    const toolbar = page.getByRole("toolbar", { name: "PDF toolbar" });
    await expect(toolbar).not.toHaveAttribute("data-hidden", "true");
    await shoot("pdf-viewer-maximized");
    await expect(toolbar).toHaveAttribute("data-hidden", "true", { timeout: 5_000 });
    await viewer(page).getByTestId("pdf-pages").tap();
    await expect(toolbar).not.toHaveAttribute("data-hidden", "true");
  });
});

test.describe("PDF viewer, signed in", () => {
  const PASSWORD = "correct horse battery";

  /** A confirmed account, signed in in this page's browser context through the API. */
  async function signIn(page: Page, project: string) {
    const email = `reader-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@quire.invalid`;
    const since = Date.now();
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: PASSWORD, name: "Reader", callbackURL: "/auth?verified=1" },
      headers: { Origin: baseURL },
    });
    expect(signUp.status()).toBe(200);
    const mail = await waitForMail(SANDBOX, { to: email, subject: /Confirm/, since });
    expect((await page.request.get(mailLink(mail, "/api/auth/verify-email"), { maxRedirects: 0 })).status()).toBe(302);
    const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL } });
    expect(signIn.status()).toBe(200);
  }

  test("a highlight made offline is kept, sent when the network is back, and is on the server", async ({ page, context }, testInfo) => {
    // A sign-up (its mail included) and two loads of the PDF page: more than the default allows on a busy machine.
    test.setTimeout(90_000);
    await signIn(page, testInfo.project.name);
    await openPdf(page);
    await context.setOffline(true);
    await selectText(page, 1);
    await page.getByRole("toolbar", { name: "Highlight selection" }).getByRole("button", { name: "Highlight pink" }).click();
    await expect(viewer(page).locator("[data-highlight-id]")).toHaveAttribute("data-color", "#FFB6C1");
    await page.waitForTimeout(500);
    await context.setOffline(false);
    // Back online: the outbox goes out, and the server has the highlight.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/me/highlights?paperId=${PAPER}`)).json()) as { highlights: unknown[] }).highlights.length, {
        timeout: 20_000,
      })
      .toBe(1);
    await page.reload();
    await expect(viewer(page).locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(viewer(page).locator("[data-highlight-id]")).toHaveAttribute("data-color", "#FFB6C1");
  });
});
