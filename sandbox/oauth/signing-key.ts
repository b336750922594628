/**
 * The RSA key pair the Google-like provider signs ID tokens with: one per sandbox, made when the
 * provider is registered (in the background, so start-up does not wait for it), published at
 * `/oauth/google/jwks`.
 */
import type { JWK, JWTPayload } from "jose";

export interface SigningKey {
  kid: string;
  /** The public key as a JWK with `kid`, `alg` and `use`. */
  publicJwk: JWK;
  sign(payload: JWTPayload): Promise<string>;
}

export async function createSigningKey(): Promise<SigningKey> {
  // Loaded here, in the background, rather than on the sandbox's start-up path.
  const { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } = await import("jose");
  const { publicKey, privateKey } = await generateKeyPair("RS256", { modulusLength: 2048 });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    kid,
    publicJwk: { ...jwk, kid, alg: "RS256", use: "sig" },
    sign: (payload) => new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(privateKey),
  };
}
