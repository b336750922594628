import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";

/**
 * The third-party sign-in providers the server has configured (rule 8: key,
 * fetcher, staleness and hook together). Only these get a button on /auth.
 */

export const SOCIAL_PROVIDERS = ["google", "github"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The configuration only changes with a server restart. */
export const AUTH_PROVIDERS_STALE_MS = Number.POSITIVE_INFINITY;

export const authProviderKeys = {
  all: ["auth-providers"] as const,
};

function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Unknown ids are dropped; a server without the route (or an error) offers none. */
export async function fetchAuthProviders(): Promise<SocialProvider[]> {
  try {
    const body = await api.get<{ providers?: unknown }>("auth-providers");
    const providers = Array.isArray(body?.providers) ? body.providers : [];
    return SOCIAL_PROVIDERS.filter((id) => providers.filter(isSocialProvider).includes(id));
  } catch {
    return [];
  }
}

export function authProvidersOptions() {
  return queryOptions({
    queryKey: authProviderKeys.all,
    queryFn: fetchAuthProviders,
    staleTime: AUTH_PROVIDERS_STALE_MS,
    retry: false,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersOptions());
}
