import { describe, expect, it } from "vitest";
import { previewLayout } from "./search-preview";

describe("previewLayout", () => {
  it("guesses the screen from the User-Agent", () => {
    expect(previewLayout("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36")).toBe("phone");
    expect(previewLayout("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1")).toBe("phone");
    expect(previewLayout("Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36")).toBe("tablet");
    expect(previewLayout("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe("tablet");
    expect(previewLayout("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36")).toBe("desktop");
    expect(previewLayout(undefined)).toBe("desktop");
  });
});
