import { describe, expect, it } from "vitest";
import { baseUrlProblem, BlockedAddressError, createGuardedFetch, isPrivateAddress } from "./guarded-fetch";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.10",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    // IPv4 inside IPv6: IPv4-compatible, NAT64 (dotted and hex), translated, 6to4, local-use NAT64, Teredo.
    "::127.0.0.1",
    "::7f00:1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "::ffff:0:127.0.0.1",
    "2002:7f00:1::1",
    "2002:a9fe:a9fe::1",
    "64:ff9b:1::808:808",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "0:0:0:0:0:ffff:7f00:0001",
    "[::1]",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])("allows %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe("createGuardedFetch", () => {
  it("refuses a literal private address before sending anything", async () => {
    const guarded = createGuardedFetch({ allowPrivate: false });
    for (const url of [
      "http://127.0.0.1:1/v1/chat/completions",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x",
      "http://10.0.0.5/v1",
      "http://[::127.0.0.1]:1/v1",
      "http://[64:ff9b::127.0.0.1]:1/v1",
      "http://[64:ff9b::7f00:1]:1/v1",
    ]) {
      await expect(guarded(url, { method: "POST" })).rejects.toBeInstanceOf(BlockedAddressError);
    }
  });

  it("refuses non-http schemes", async () => {
    await expect(createGuardedFetch({ allowPrivate: true })("file:///etc/passwd")).rejects.toBeInstanceOf(BlockedAddressError);
  });
});

describe("baseUrlProblem", () => {
  it("explains what is wrong with a base URL, or says nothing", async () => {
    expect(await baseUrlProblem("not a url", { allowPrivate: false })).toBe("The base URL is not a valid URL.");
    expect(await baseUrlProblem("ftp://example.com", { allowPrivate: false })).toMatch(/http:\/\/ or https:\/\//);
    expect(await baseUrlProblem("https://user:pw@example.com/v1", { allowPrivate: false })).toMatch(/user name or password/);
    expect(await baseUrlProblem("http://169.254.169.254/v1", { allowPrivate: false })).toMatch(/private or local address \(169\.254\.169\.254\)/);
    expect(await baseUrlProblem("http://localhost:11434/v1", { allowPrivate: false })).toMatch(/private or local address/);
    expect(await baseUrlProblem("http://localhost:11434/v1", { allowPrivate: true })).toBeNull();
    expect(await baseUrlProblem("https://8.8.8.8/v1", { allowPrivate: false })).toBeNull();
    // The URL parser rewrites "[::127.0.0.1]" to "[::7f00:1]": the rule is on the address, not its spelling.
    expect(await baseUrlProblem("http://[::127.0.0.1]/v1", { allowPrivate: false })).toMatch(/private or local address \(::7f00:1\)/);
    expect(await baseUrlProblem("http://[64:ff9b::7f00:1]/v1", { allowPrivate: false })).toMatch(/private or local address/);
    expect(await baseUrlProblem("http://[64:ff9b::8.8.8.8]/v1", { allowPrivate: false })).toBeNull();
  });
});
