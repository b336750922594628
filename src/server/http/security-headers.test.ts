import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, inlineScriptHashes, withScriptHashes } from "./security-headers";

const hashOf = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

describe("a page's inline scripts in its Content-Security-Policy", () => {
  it("hashes the exact text of each inline script, once, and no script with a src", () => {
    const html =
      '<head><script>var a = 1;</script><script type="module">import "/x.js";</script>' +
      '<script src="/assets/app.js"></script><script type="module" crossorigin src="/assets/index.js"></script>' +
      "<script>\n  var é = 2;\n</script><script>var a = 1;</script></head>";
    expect(inlineScriptHashes(html)).toEqual([hashOf("var a = 1;"), hashOf('import "/x.js";'), hashOf("\n  var é = 2;\n")]);
    expect(inlineScriptHashes("<head><title>No scripts</title></head>")).toEqual([]);
  });

  it("adds the hashes to script-src and changes nothing else", () => {
    const policy = withScriptHashes(CONTENT_SECURITY_POLICY, ["'sha256-AAA='", "'sha256-BBB='"]);
    expect(policy).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB='; ");
    expect(policy.replace(" 'sha256-AAA=' 'sha256-BBB='", "")).toBe(CONTENT_SECURITY_POLICY);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(withScriptHashes(CONTENT_SECURITY_POLICY, [])).toBe(CONTENT_SECURITY_POLICY);
  });
});
