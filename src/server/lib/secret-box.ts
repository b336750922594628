import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption at rest for secrets Quire keeps for a user (Zotero keys, language-model API keys):
 * AES-256-GCM with a fresh 12-byte nonce per value, under a key derived from the server secret
 * with HKDF-SHA-256. Each use names its own `purpose` (the HKDF info), so a value sealed for one
 * purpose never opens under another, and the server secret itself is never used as a key.
 *
 * A sealed value is text: `v1.<nonce>.<ciphertext>.<tag>`, each part base64url. The purpose is
 * also bound as additional data, so a value moved between columns does not open either.
 */

const VERSION = "v1";
const NONCE_BYTES = 12;
const KEY_BYTES = 32;
/** A fixed salt: the server secret is already high-entropy; the salt only separates Quire's derivations. */
const SALT = Buffer.from("quire.secret-box.v1");

/** The sealed value could not be opened: wrong secret, wrong purpose, or tampered with. */
export class SecretBoxError extends Error {
  constructor(message = "The stored secret could not be decrypted.") {
    super(message);
    this.name = "SecretBoxError";
  }
}

export type SecretBox = {
  seal(plaintext: string): string;
  /** Throws SecretBoxError when the value is not one this box sealed. */
  open(sealed: string): string;
};

/** A box for one purpose (e.g. "zotero-credentials", "llm-api-key") under the server secret. */
export function secretBox(serverSecret: string, purpose: string): SecretBox {
  if (!serverSecret) throw new Error("secretBox needs the server secret");
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(serverSecret, "utf8"), SALT, Buffer.from(purpose, "utf8"), KEY_BYTES));
  const aad = Buffer.from(`${VERSION}:${purpose}`, "utf8");
  return {
    seal(plaintext) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, nonce.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open(sealed) {
      const parts = typeof sealed === "string" ? sealed.split(".") : [];
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError("The stored secret is not in a known format.");
      const [, nonceText, bodyText, tagText] = parts as [string, string, string, string];
      const nonce = Buffer.from(nonceText, "base64url");
      const tag = Buffer.from(tagText, "base64url");
      if (nonce.length !== NONCE_BYTES || tag.length !== 16) throw new SecretBoxError("The stored secret is not in a known format.");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, nonce);
        decipher.setAAD(aad);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError();
      }
    },
  };
}

/** Seals a JSON value (e.g. a credentials object). */
export function sealJson(box: SecretBox, value: unknown): string {
  return box.seal(JSON.stringify(value));
}

/** Opens a JSON value sealed with `sealJson`. */
export function openJson<T>(box: SecretBox, sealed: string): T {
  return JSON.parse(box.open(sealed)) as T;
}
