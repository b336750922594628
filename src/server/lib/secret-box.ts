import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest (API keys, integration tokens): AES-256-GCM under a key derived from the
 * server secret with HKDF-SHA256, so rotating AUTH_SECRET needs no second secret and a
 * database dump alone reveals nothing. The output is versioned text,
 * `v1.<iv>.<ciphertext>.<tag>` (base64url), so the scheme can change without guessing.
 * A box that was tampered with, or sealed under another secret, does not open: decryptSecret
 * throws SecretBoxError.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's info: what the derived key is for, so the same secret never keys two purposes alike. */
const KEY_INFO = "quire secret-box v1";
const KEY_SALT = "quire";

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    if (!secret) throw new SecretBoxError("No server secret to encrypt with");
    key = Buffer.from(hkdfSync("sha256", secret, KEY_SALT, KEY_INFO, 32));
    keys.set(secret, key);
  }
  return key;
}

/** Seals `plaintext` under a key derived from `secret`; a fresh random IV each time. */
export function encryptSecret(secret: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** Opens a box made by encryptSecret with the same secret; throws SecretBoxError otherwise. */
export function decryptSecret(secret: string, boxed: string): string {
  const parts = boxed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError("Not a sealed secret (unknown format)");
  const [, ivText, ciphertextText, tagText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError("Not a sealed secret (bad lengths)");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("The secret could not be decrypted (wrong server secret, or the value was altered)");
  }
}
