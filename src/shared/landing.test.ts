import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANDING_DESCRIPTION, LANDING_TITLE } from "./landing";

describe("the landing page's title and description", () => {
  it("are the app shell's (src/web/index.html), as the service worker's offline copy of / shows them", () => {
    const shell = readFileSync(new URL("../web/index.html", import.meta.url), "utf8");
    expect(shell).toContain(`<title>${LANDING_TITLE}</title>`);
    expect(/<meta\s+name="description"\s+content="([^"]*)"/.exec(shell)?.[1]).toBe(LANDING_DESCRIPTION);
  });
});
