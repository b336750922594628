import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/web/lib/api";

const MAX_RETRIES = 2;

/** Retrying a 4xx cannot succeed (bad input, no session, not found); retry only transient failures. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

let appQueryClient: QueryClient | undefined;

/** The client main.tsx created, for route loaders that prefetch outside React; undefined before that. */
export function getAppQueryClient(): QueryClient | undefined {
  return appQueryClient;
}

export function createQueryClient(): QueryClient {
  appQueryClient = new QueryClient({
    defaultOptions: {
      // Researchers switch tabs constantly; refetching on every focus would hammer upstream sources.
      queries: { refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return appQueryClient;
}
