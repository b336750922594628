// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  afterSignInPath,
  authPathFor,
  authReturnPath,
  safeRedirectPath,
} from "@/web/features/auth/auth-redirect";
import { authErrorMessage, isExistingAccountAnswer, redirectErrorMessage } from "@/web/features/auth/auth-messages";
import { deepLinkToPath, nativeCallbackUrl } from "@/web/features/auth/native-sign-in";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/bookmarks")).toBe("/bookmarks");
    expect(safeRedirectPath("/search?q=llm#results")).toBe("/search?q=llm#results");
  });

  it("refuses other sites, odd schemes and /auth itself", () => {
    for (const candidate of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "bookmarks",
      "/auth",
      "/auth/callback?token=x",
      "",
      null,
      42,
    ]) {
      expect(safeRedirectPath(candidate)).toBeNull();
    }
  });
});

describe("afterSignInPath", () => {
  it("prefers ?redirect=, then ?from=, then state.from, then /search", () => {
    expect(afterSignInPath(new URLSearchParams("redirect=/history&from=/trash"), { from: "/profile" })).toBe("/history");
    expect(afterSignInPath(new URLSearchParams("from=/trash"))).toBe("/trash");
    expect(afterSignInPath(new URLSearchParams(), { from: { pathname: "/profile", search: "?tab=1" } })).toBe(
      "/profile?tab=1",
    );
    expect(afterSignInPath(new URLSearchParams("redirect=https://evil.example"))).toBe("/search");
  });
});

describe("auth links", () => {
  it("remembers the origin path in ?redirect=", () => {
    expect(authPathFor("/settings?x=1")).toBe("/auth?redirect=%2Fsettings%3Fx%3D1");
    expect(authPathFor("/")).toBe("/auth");
  });

  it("builds return addresses that keep only the origin path and the native marker", () => {
    const params = new URLSearchParams("redirect=/bookmarks&platform=android&error=access_denied&verified=1");
    expect(authReturnPath(params, { verified: "1" })).toBe("/auth?redirect=%2Fbookmarks&platform=android&verified=1");
    expect(authReturnPath(new URLSearchParams())).toBe("/auth");
  });
});

describe("native deep link", () => {
  it("round-trips the token through quire://auth-callback to /auth/callback", () => {
    const link = nativeCallbackUrl("abc.def+/=");
    expect(link).toBe("quire://auth-callback?token=abc.def%2B%2F%3D");
    const path = deepLinkToPath(link);
    expect(path).toBe("/auth/callback?token=abc.def%2B%2F%3D");
    expect(new URLSearchParams(path?.split("?")[1]).get("token")).toBe("abc.def+/=");
  });

  it("ignores other links", () => {
    expect(deepLinkToPath("https://quire.example/auth/callback?token=x")).toBeNull();
    expect(deepLinkToPath("quire://share?url=x")).toBeNull();
    expect(deepLinkToPath("not a url")).toBeNull();
  });
});

describe("auth error messages", () => {
  it("maps better-auth's answers to the spec's messages", () => {
    expect(authErrorMessage({ status: 403, code: "EMAIL_NOT_VERIFIED" })).toEqual({
      message: "Email not confirmed. Please check your inbox and click the confirmation link before signing in.",
      canResendVerification: true,
    });
    expect(authErrorMessage({ status: 400, message: "Email not confirmed" }).canResendVerification).toBe(true);
    expect(authErrorMessage({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" }).message).toBe("Invalid email or password.");
    expect(authErrorMessage({ status: 429 }).message).toBe("Too many attempts. Please wait a minute and try again.");
    expect(authErrorMessage({ status: 429, code: "TOO_MANY_ATTEMPTS", message: "Wait 15 minutes." }).message).toBe(
      "Wait 15 minutes.",
    );
    expect(authErrorMessage({ status: 400, code: "INVALID_EMAIL" }).message).toBe("Please enter a valid email address.");
    expect(authErrorMessage({ status: 502 }).message).toBe(
      "Could not reach the server. Please check your connection and try again.",
    );
    expect(authErrorMessage({ status: 400, message: "Something specific" }).message).toBe("Something specific");
  });

  it("recognises an existing account hidden behind a success answer", () => {
    expect(isExistingAccountAnswer({ user: { id: "u", identities: [] } })).toBe(true);
    expect(isExistingAccountAnswer({ user: { id: "u", identities: [{ provider: "email" }] } })).toBe(false);
    expect(isExistingAccountAnswer({ user: { id: "u" } })).toBe(false);
    expect(isExistingAccountAnswer(null)).toBe(false);
  });

  it("explains the ?error= of a confirmation link or a provider", () => {
    expect(redirectErrorMessage("INVALID_TOKEN")).toBe(
      "This confirmation link is invalid or has expired. Sign in to get a new one.",
    );
    expect(redirectErrorMessage("TOKEN_EXPIRED")).toBe(redirectErrorMessage("invalid_token"));
    expect(redirectErrorMessage("state_security_mismatch")).toMatch(/Please try again/);
    expect(redirectErrorMessage("account_not_linked")).toMatch(/another sign-in method/);
    expect(redirectErrorMessage("email_not_found")).toMatch(/did not share an email/);
  });
});
