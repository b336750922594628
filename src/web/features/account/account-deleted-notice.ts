import { toast } from "@/web/components/ui/use-toast";

/**
 * The "Account deleted" confirmation, carried across the full load of / that ends account
 * deletion (a toast shown before it would be lost with the page). sessionStorage: this tab only,
 * and gone with it.
 */
const NOTICE_KEY = "account.deleted-notice";

export const ACCOUNT_DELETED_NOTICE = { title: "Account deleted", description: "Your account has been deleted." } as const;

/** Called just before the page leaves for /. */
export function leaveAccountDeletedNotice(): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, "1");
  } catch {
    // Storage refused (private mode): the page said so before it left.
  }
}

/** At start (main.tsx): shows the confirmation once, when deletion just sent the tab here. */
export function showAccountDeletedNotice(): void {
  try {
    if (sessionStorage.getItem(NOTICE_KEY) === null) return;
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    return;
  }
  toast(ACCOUNT_DELETED_NOTICE);
}
