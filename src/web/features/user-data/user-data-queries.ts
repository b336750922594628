import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api, ApiError, CLIENT_ERROR_CODES } from "@/web/lib/api";

/**
 * The Your Data page's one resource: `GET /api/me/export`, everything stored with the account
 * as `{ exported_at, user_id, data }`.
 */
const exportSchema = z.object({
  exported_at: z.string(),
  user_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type UserDataExport = z.infer<typeof exportSchema>;

export const userDataKeys = {
  all: ["user-data"] as const,
  export: (userId: string) => ["user-data", "export", userId] as const,
};

/** Always asked afresh when the page opens: it is the user's own, changing data. */
export const USER_DATA_STALE_MS = 0;

export async function fetchUserDataExport(): Promise<UserDataExport> {
  const body = await api.get<unknown>("/api/me/export");
  const parsed = exportSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, "The server sent an unreadable export", 200);
  return parsed.data;
}

export function useUserDataExport(userId: string) {
  return useQuery({ queryKey: userDataKeys.export(userId), queryFn: fetchUserDataExport, staleTime: USER_DATA_STALE_MS });
}

/** `quire-data-YYYY-MM-DD.json`, dated by the user's own calendar day. */
export function exportFileName(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `quire-data-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

/** Hands the browser a JSON file to save. */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
