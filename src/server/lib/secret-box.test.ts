import { describe, expect, it } from "vitest";
import { openJson, sealJson, secretBox, SecretBoxError } from "./secret-box";

const SECRET = "a-server-secret-of-at-least-32-characters!";

describe("secretBox", () => {
  it("opens what it sealed, and never seals the same text the same way twice", () => {
    const box = secretBox(SECRET, "zotero-credentials");
    const first = box.seal("P9NiFoyLeZu2bZNvvuQPDWsd");
    const second = box.seal("P9NiFoyLeZu2bZNvvuQPDWsd");
    expect(first).not.toBe(second);
    expect(first).not.toContain("P9NiFoyLeZu2bZNvvuQPDWsd");
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(first)).toBe("P9NiFoyLeZu2bZNvvuQPDWsd");
    expect(box.open(second)).toBe("P9NiFoyLeZu2bZNvvuQPDWsd");
  });

  it("refuses a value sealed for another purpose or under another secret", () => {
    const sealed = secretBox(SECRET, "zotero-credentials").seal("key");
    expect(() => secretBox(SECRET, "llm-api-key").open(sealed)).toThrow(SecretBoxError);
    expect(() => secretBox(`${SECRET}-rotated`, "zotero-credentials").open(sealed)).toThrow(SecretBoxError);
  });

  it("refuses a tampered or malformed value", () => {
    const box = secretBox(SECRET, "p");
    const sealed = box.seal("hello world");
    const [version, nonce, body, tag] = sealed.split(".") as [string, string, string, string];
    const flipped = `${body.slice(0, -2)}${body.at(-2) === "A" ? "B" : "A"}${body.at(-1)}`;
    expect(() => box.open([version, nonce, flipped, tag].join("."))).toThrow(SecretBoxError);
    expect(() => box.open("not sealed")).toThrow(SecretBoxError);
    expect(() => box.open("v1.x.y.z")).toThrow(SecretBoxError);
  });

  it("round-trips JSON", () => {
    const box = secretBox(SECRET, "p");
    const value = { access_token: "t", access_token_secret: "s", user_id: "42" };
    expect(openJson(box, sealJson(box, value))).toEqual(value);
  });
});
