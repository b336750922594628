import { createHmac, timingSafeEqual } from "node:crypto";

/** What a signed blob URL grants: one key, to one user, until a time, under a file name. */
export type BlobGrant = { key: string; userId: string; expires: number; fileName: string };

export type BlobUrlCheck = { ok: true; grant: BlobGrant } | { ok: false; reason: "malformed" | "bad-signature" | "expired" };

/** The route the file store's signed URLs point at (mounted by app.ts). */
export const BLOB_URL_PATH = "/api/blobs";

/**
 * Signs and checks the file store's URLs with a key derived from the server secret (never the
 * secret itself, so a leaked URL key would not sign sessions). The user, the expiry and the
 * file name are inside the signature: changing any of them breaks it.
 */
export function blobUrlSigner(secret: string, clock: () => number = () => Date.now()) {
  const key = createHmac("sha256", secret).update("quire:blob-url:v1").digest();
  const sign = (grant: BlobGrant) =>
    createHmac("sha256", key).update(`${grant.key}\n${grant.userId}\n${grant.expires}\n${grant.fileName}`).digest("base64url");

  return {
    /** A path-and-query under BLOB_URL_PATH, valid for `expiresInSeconds`. */
    sign(input: { key: string; userId: string; expiresInSeconds: number; fileName: string }): string {
      const grant: BlobGrant = {
        key: input.key,
        userId: input.userId,
        expires: Math.floor(clock() / 1000) + input.expiresInSeconds,
        fileName: input.fileName,
      };
      const query = new URLSearchParams({
        user: grant.userId,
        expires: String(grant.expires),
        name: grant.fileName,
        signature: sign(grant),
      });
      return `${BLOB_URL_PATH}/${grant.key.split("/").map(encodeURIComponent).join("/")}?${query}`;
    },

    /** Checks a URL's key and query as the route received them. */
    verify(key: string, query: Record<string, string | undefined>): BlobUrlCheck {
      const { user, expires, name, signature } = query;
      if (!user || !expires || !/^\d{1,12}$/.test(expires) || name === undefined || !signature) return { ok: false, reason: "malformed" };
      const grant: BlobGrant = { key, userId: user, expires: Number(expires), fileName: name };
      const expected = Buffer.from(sign(grant));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "bad-signature" };
      if (grant.expires * 1000 <= clock()) return { ok: false, reason: "expired" };
      return { ok: true, grant };
    },
  };
}

export type BlobUrlSigner = ReturnType<typeof blobUrlSigner>;
