import { SHARE_URL_MAX_LENGTH } from "@/shared/share-url";
import { NATIVE_APP_SCHEME } from "@/web/features/auth/native-sign-in";

/**
 * The deep link a share intent arrives as: the Android app's MainActivity turns an
 * ACTION_SEND of text into `quire://share?text=...` (android/.../MainActivity.java), so the
 * share and the sign-in come through the same App plugin events.
 */
export const NATIVE_SHARE_HOST = "share";

/** `quire://share?text=...` (or `url=`) as the in-app `/share?...` path; null for any other link. */
export function shareLinkToPath(link: string | null | undefined): string | null {
  if (!link || link.length > SHARE_URL_MAX_LENGTH * 4) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${NATIVE_APP_SCHEME}:` || url.hostname !== NATIVE_SHARE_HOST) return null;
  // Only what /share reads goes on.
  const params = new URLSearchParams();
  for (const name of ["url", "text", "title"]) {
    const value = url.searchParams.get(name);
    if (value) params.set(name, value);
  }
  return params.size > 0 ? `/share?${params}` : "/share";
}
