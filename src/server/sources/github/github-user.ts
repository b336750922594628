import { APP_NAME } from "@/shared/constants";

export type GithubUser = { id: string; email: string; name: string; image: string | undefined; emailVerified: boolean };

type GithubProfile = { id: number | string; login: string; name: string | null; email: string | null; avatar_url?: string };
type GithubEmail = { email: string; primary: boolean; verified: boolean };

const TIMEOUT_MS = 10_000;

async function getJson<T>(url: string, accessToken: string): Promise<T | null> {
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: "application/vnd.github+json",
      "User-Agent": APP_NAME,
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) return null;
  return (await response.json()) as T;
}

/**
 * The signed-in GitHub user for sign-in with GitHub: the profile, and the primary verified
 * address from /user/emails (the profile's e-mail is often hidden). Null when GitHub gives
 * no usable e-mail, which fails the sign-in with better-auth's own message.
 */
export async function fetchGithubUser(apiUrl: string, accessToken: string): Promise<GithubUser | null> {
  const profile = await getJson<GithubProfile>(`${apiUrl}/user`, accessToken);
  if (!profile) return null;
  const emails = (await getJson<GithubEmail[]>(`${apiUrl}/user/emails`, accessToken)) ?? [];
  const primary = emails.find((entry) => entry.primary && entry.verified) ?? emails.find((entry) => entry.verified);
  const email = primary?.email ?? profile.email;
  if (!email) return null;
  return {
    id: String(profile.id),
    email,
    name: profile.name ?? profile.login,
    image: profile.avatar_url,
    emailVerified: Boolean(primary?.verified),
  };
}
