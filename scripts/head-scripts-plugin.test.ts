import { describe, expect, it } from "vitest";
import { inlineScript } from "./head-scripts-plugin";

describe("the head scripts written into the page", () => {
  it("become the body of an inline script", () => {
    expect(inlineScript("a.js", "// note\n(function () {})();\n")).toBe("<script>// note\n(function () {})();</script>");
  });

  it("refuses a script whose text would end the element early", () => {
    expect(() => inlineScript("a.js", 'var s = "</script><img src=x>";')).toThrow(/a\.js cannot be inlined/);
    expect(() => inlineScript("a.js", 'var s = "</SCRIPT >";')).toThrow(/cannot be inlined/);
    expect(() => inlineScript("a.js", "var s = '<!--';")).toThrow(/cannot be inlined/);
  });
});
