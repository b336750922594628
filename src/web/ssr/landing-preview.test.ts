import { describe, expect, it } from "vitest";
import { renderLandingPreview } from "./landing-preview";

describe("renderLandingPreview", () => {
  it("draws the landing page inside the public header and footer, with real links", async () => {
    const html = await renderLandingPreview("anonymous");
    expect(html.startsWith("<div data-preview-content>")).toBe(true);
    expect(html).toMatch(/<h1 class="[^"]*font-serif[^"]*">Find the paper\. Read it closely\. Cite it/);
    expect(html).toContain("searches the big scholarly indexes in a single list");
    for (const name of ["Smart Search", "Easy Organization", "Personalized Feed"]) expect(html).toContain(`>${name}</h3>`);
    // The header's and footer's links, and the calls to action, go where the app's do.
    for (const href of ["/", "/search", "/auth", "/privacy-policy", "/terms-of-service"]) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('aria-label="Footer"');
  });

  it("carries no ids, label targets, tests' hooks, title or script; its buttons are disabled, its links not", async () => {
    const html = await renderLandingPreview("anonymous");
    expect(html).not.toMatch(/ (id|for|data-testid|aria-controls|aria-describedby|aria-labelledby)="/);
    expect(html).not.toContain("<title>");
    expect(html).not.toContain("<script");
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    // The theme menu, and the phones' section menu.
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toMatch(/\sdisabled=""/);
    expect(html).not.toMatch(/<a [^>]*\sdisabled[=\s>]/);
  });

  it("keeps the in-page links' targets as named anchors just before them, with their scroll margin", async () => {
    const html = await renderLandingPreview("anonymous");
    for (const target of ["features", "how-it-works", "public-main"]) expect(html).toContain(`href="#${target}"`);
    expect(html).toContain('<a name="features" class="block scroll-mt-16"></a><section class="scroll-mt-16 ');
    expect(html).toContain('<a name="how-it-works" class="block scroll-mt-16"></a><section class="scroll-mt-16 ');
    expect(html).toContain('<a name="public-main" class="block"></a><main ');
    // Only targets of a link: the headings the sections were labelled by get none.
    expect(html.match(/<a name=/g)).toHaveLength(3);
  });

  it("is one drawing for every screen (laid out by CSS alone) and every visitor", async () => {
    const html = await renderLandingPreview("anonymous");
    for (const screen of ["phone", "tablet", "desktop"] as const) expect(await renderLandingPreview("anonymous", screen), screen).toBe(html);
    expect(await renderLandingPreview("unknown")).toBe(html);
  });
});
