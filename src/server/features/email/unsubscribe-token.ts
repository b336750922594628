import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The unsubscribe link's token: an HMAC of the user id under the app secret, so the link works
 * signed out and cannot be made for someone else. It never expires (mail is read late).
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`digest-unsubscribe:${userId}`).digest("base64url");
}

export function verifyUnsubscribeToken(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
