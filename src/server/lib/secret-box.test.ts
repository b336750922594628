import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretBoxError } from "./secret-box";

const secret = "a-server-secret-of-at-least-32-characters!";

describe("secret box", () => {
  it("round-trips, with a fresh IV each time and no plaintext in the box", () => {
    const first = encryptSecret(secret, "sk-live-1234567890");
    const second = encryptSecret(secret, "sk-live-1234567890");
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain("1234567890");
    expect(decryptSecret(secret, first)).toBe("sk-live-1234567890");
    expect(decryptSecret(secret, encryptSecret(secret, ""))).toBe("");
  });

  it("refuses another secret, an altered box and garbage", () => {
    const boxed = encryptSecret(secret, "sk-live");
    expect(() => decryptSecret(`${secret}x`, boxed)).toThrow(SecretBoxError);
    const [version, iv, body, tag] = boxed.split(".");
    const flipped = `${version}.${iv}.${body!.startsWith("A") ? "B" : "A"}${body!.slice(1)}.${tag}`;
    expect(() => decryptSecret(secret, flipped)).toThrow(SecretBoxError);
    expect(() => decryptSecret(secret, "sk-live")).toThrow(SecretBoxError);
    expect(() => decryptSecret(secret, "v2.a.b.c")).toThrow(SecretBoxError);
  });
});
