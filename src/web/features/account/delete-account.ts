import { authClient } from "@/web/lib/auth-client";
import { clearAuthToken } from "@/web/lib/auth-token";
import { assignLocation } from "@/web/lib/browser-location";
import { signOutAndClear } from "@/web/lib/user-data/sign-out";
import { AUTH_MESSAGES } from "@/web/features/auth/auth-messages";
import { ACCOUNT_DELETED_NOTICE, leaveAccountDeletedNotice } from "@/web/features/account/account-deleted-notice";

/** Account deletion's messages. */
export const DELETE_ACCOUNT_MESSAGES = {
  noUser: "No user is logged in.",
  noEmail: "No user email found for reauthentication.",
  failedTitle: "Error deleting account",
  deleted: ACCOUNT_DELETED_NOTICE.description,
} as const;

export type DeleteAccountResult =
  | { ok: true }
  /** `inline`: a problem with the page's state, shown on the page; otherwise the server's answer, shown as a toast. */
  | { ok: false; message: string; inline: boolean };

/**
 * Re-authenticates with the password and deletes the account with all its data, in one
 * request: better-auth's delete-user checks the password first.
 */
export async function deleteAccount(
  user: { email?: string | null } | null,
  /** Undefined for an account without a password (Google, GitHub): better-auth then requires a fresh session. */
  password: string | undefined,
): Promise<DeleteAccountResult> {
  if (!user) return { ok: false, message: DELETE_ACCOUNT_MESSAGES.noUser, inline: true };
  if (!user.email) return { ok: false, message: DELETE_ACCOUNT_MESSAGES.noEmail, inline: true };
  try {
    const { error } = await authClient.deleteUser(password === undefined ? {} : { password });
    if (!error) return { ok: true };
    const message =
      error.status === 429 ? AUTH_MESSAGES.rateLimited : error.message || error.statusText || AUTH_MESSAGES.unknown;
    return { ok: false, message, inline: false };
  } catch {
    return { ok: false, message: AUTH_MESSAGES.network, inline: false };
  }
}

/** After deletion: end the (already revoked) session, clear what the device holds, start over at /. */
export async function leaveDeletedAccount(): Promise<void> {
  // The confirmation goes with the tab to /, where it is shown (the load drops this page's toast).
  const leave = (to: string) => {
    leaveAccountDeletedNotice();
    assignLocation(to);
  };
  try {
    // A full load of / (not the router's navigate): nothing in memory may outlive the account.
    await signOutAndClear({ navigate: leave });
  } catch {
    // The account is gone whatever the sign-out answered: drop its token and start over at / all the same.
    clearAuthToken();
    leave("/");
  }
}
