// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { DeferredMenu } from "./deferred-menu";

describe("<DeferredMenu/>", () => {
  afterEach(cleanup);

  it("is a plain button until pressed, then opens the real menu once its code has arrived", async () => {
    render(
      <DeferredMenu trigger={<button type="button">Theme</button>}>
        {({ DropdownMenuItem }) => <DropdownMenuItem>Dark</DropdownMenuItem>}
      </DeferredMenu>,
    );
    const trigger = screen.getByRole("button", { name: "Theme" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menuitem")).toBeNull();
    fireEvent.click(trigger);
    // The first import of the menu code is transformed on the fly here, which can take seconds.
    expect(await screen.findByRole("menuitem", { name: "Dark" }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Theme" }).getAttribute("aria-expanded")).toBe("true");
  });
});
