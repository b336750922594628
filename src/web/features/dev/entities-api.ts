import type { EntityResponse, PaperEntity } from "@/shared/entities";
import { api, CLIENT_ERROR_CODES, isApiError } from "@/web/lib/api";

export type EntityRequest =
  | { action: "ensure"; paper: { id: string } }
  | { action: "enrich"; entityId: string }
  | { action: "search_enrich"; entityId: string; searchTerms: { title: string; authors: string[]; year?: number } };

export type EntityAnswer = EntityResponse & { entity: PaperEntity; matched?: { source: string; id: string }[] };

/**
 * POST /api/entities. A failure throws with the server's
 * error text, or "API error: {status}" when the answer carried none.
 */
export async function callEntities(request: EntityRequest): Promise<EntityAnswer> {
  try {
    return await api.post<EntityAnswer>("/api/entities", request);
  } catch (error) {
    if (isApiError(error)) {
      throw new Error(error.code === CLIENT_ERROR_CODES.http || error.code === CLIENT_ERROR_CODES.invalidResponse ? `API error: ${error.status}` : error.message);
    }
    throw error;
  }
}
