import { APP_NAME, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/shared/constants";

/** The server's limits too (auth.ts, emailAndPassword.min/maxPasswordLength). */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export type AuthMode = "signin" | "signup";

/** What /auth and /auth/callback say, verbatim where the spec words them. */
export const AUTH_MESSAGES = {
  required: "Email and password are required.",
  invalidEmail: "Please enter a valid email address.",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  termsRequired: "Please agree to the Terms of Service and Privacy Policy first.",
  verificationSent: "Verification email sent! Please check your inbox.",
  alreadyRegistered: "This email is already registered. Please sign in instead.",
  emailNotConfirmed:
    "Email not confirmed. Please check your inbox and click the confirmation link before signing in.",
  emailConfirmed: "Email confirmed successfully! You can now sign in.",
  verificationLinkInvalid: "This confirmation link is invalid or has expired. Sign in to get a new one.",
  invalidCredentials: "Invalid email or password.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  network: "Could not reach the server. Please check your connection and try again.",
  unknown: "Something went wrong. Please try again.",
  oauthCancelled: "Sign-in was cancelled. No account was connected.",
  oauthRestart: "The sign-in took too long or was started in another browser. Please try again.",
  oauthNoEmail: "The provider did not share an email address with us. Please sign in another way.",
  oauthAccountConflict:
    "This email is already registered with another sign-in method. Sign in the way you did before.",
  oauthFailed: "Sign-in with the provider failed. Please try again.",
  nativeReturn: `Please return to the ${APP_NAME} app to complete sign-in.`,
  nativeLinkInvalid: "Sign-in link is invalid or has expired. Please sign in again.",
} as const;

/** What a failed better-auth call hands back (`{ data, error }`). */
export type AuthClientError = {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
};

/** A message to show, and whether offering "Resend verification email" makes sense. */
export type AuthFailure = { message: string; canResendVerification: boolean };

/** A simple shape check; the server does the full check and its answer is mapped below. */
export function isEmailLike(email: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(email);
}

/** The form's checks, run before any request; null when the input may be sent. */
export function validateCredentials(input: {
  email: string;
  password: string;
  mode: AuthMode;
  termsAccepted: boolean;
}): string | null {
  const email = input.email.trim();
  if (!email || !input.password) return AUTH_MESSAGES.required;
  if (!isEmailLike(email)) return AUTH_MESSAGES.invalidEmail;
  if (input.password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (input.password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  if (input.mode === "signup" && !input.termsAccepted) return AUTH_MESSAGES.termsRequired;
  return null;
}

const ALREADY_REGISTERED_CODES = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);
/** The server's own per-account lockout; its message says how long to wait. */
const ACCOUNT_LOCKED_CODE = "TOO_MANY_ATTEMPTS";

/** Turns a sign-in or sign-up error from better-auth into the spec's message. */
export function authErrorMessage(error: AuthClientError): AuthFailure {
  const code = (error.code ?? "").toUpperCase();
  const text = (error.message ?? "").toLowerCase();
  const fail = (message: string, canResendVerification = false): AuthFailure => ({ message, canResendVerification });

  if (error.status === 429) {
    return fail(code === ACCOUNT_LOCKED_CODE && error.message ? error.message : AUTH_MESSAGES.rateLimited);
  }
  if (code === "EMAIL_NOT_VERIFIED" || text.includes("email not confirmed") || text.includes("email not verified")) {
    return fail(AUTH_MESSAGES.emailNotConfirmed, true);
  }
  if (ALREADY_REGISTERED_CODES.has(code)) return fail(AUTH_MESSAGES.alreadyRegistered);
  if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD" || error.status === 401) {
    return fail(AUTH_MESSAGES.invalidCredentials);
  }
  if (code === "INVALID_EMAIL") return fail(AUTH_MESSAGES.invalidEmail);
  if (code === "PASSWORD_TOO_SHORT") return fail(AUTH_MESSAGES.passwordTooShort);
  if (code === "PASSWORD_TOO_LONG") return fail(AUTH_MESSAGES.passwordTooLong);
  if (error.status === 0 || error.status >= 500) return fail(AUTH_MESSAGES.network);
  return fail(error.message || AUTH_MESSAGES.unknown);
}

/**
 * A sign-up answered with success may still be an existing account: servers that hide
 * which e-mails are registered answer with a user that has no sign-in identity.
 */
export function isExistingAccountAnswer(data: unknown): boolean {
  const user = (data as { user?: { identities?: unknown } } | null | undefined)?.user;
  return Array.isArray(user?.identities) && user.identities.length === 0;
}

const VERIFICATION_LINK_ERRORS = new Set(["invalid_token", "token_expired", "user_not_found", "invalid_user"]);
const OAUTH_RESTART_ERRORS = new Set([
  "please_restart_the_process",
  "state_not_found",
  "state_mismatch",
  "state_invalid",
  "state_security_mismatch",
  "invalid_callback_request",
  "no_code",
  "invalid_code",
]);
const OAUTH_CONFLICT_ERRORS = new Set([
  "account_not_linked",
  "unable_to_link_account",
  "account_already_linked_to_different_user",
  "email_does_not_match",
  "email_doesn't_match",
]);

/**
 * The `?error=` that brings a visitor back to /auth: a failed e-mail confirmation (better-auth
 * appends INVALID_TOKEN, TOKEN_EXPIRED...) or a failed provider sign-in (state_mismatch,
 * access_denied...).
 */
export function redirectErrorMessage(error: string): string {
  const code = error.trim().toLowerCase();
  if (VERIFICATION_LINK_ERRORS.has(code)) return AUTH_MESSAGES.verificationLinkInvalid;
  if (code === "email_not_verified") return AUTH_MESSAGES.emailNotConfirmed;
  if (code === "access_denied") return AUTH_MESSAGES.oauthCancelled;
  if (OAUTH_RESTART_ERRORS.has(code) || code.startsWith("state_")) return AUTH_MESSAGES.oauthRestart;
  if (code === "email_not_found") return AUTH_MESSAGES.oauthNoEmail;
  if (OAUTH_CONFLICT_ERRORS.has(code)) return AUTH_MESSAGES.oauthAccountConflict;
  return AUTH_MESSAGES.oauthFailed;
}
