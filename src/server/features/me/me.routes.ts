import { Hono } from "hono";
import type { Auth } from "@/server/auth/auth";
import { requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import type { Logger } from "@/server/logger";
import type { ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import { authoredRepository } from "@/server/features/authored/authored.repository";
import { entitiesRepository } from "@/server/features/entities/entities.repository";
import { authoredRoutes } from "@/server/features/authored/authored.routes";
import { authoredService } from "@/server/features/authored/authored.service";
import { bookmarksRepository } from "./bookmarks.repository";
import { bookmarksRoutes } from "./bookmarks.routes";
import { bookmarksService } from "./bookmarks.service";
import { cacheRepository } from "./cache.repository";
import { cacheRoutes } from "./cache.routes";
import { cacheService } from "./cache.service";
import { exportService } from "./export.service";
import { highlightsRepository } from "./highlights.repository";
import { highlightsRoutes } from "./highlights.routes";
import { highlightsService } from "./highlights.service";
import { notesRepository } from "./notes.repository";
import { notesRoutes } from "./notes.routes";
import { notesService } from "./notes.service";
import { preferencesRepository } from "./preferences.repository";
import { preferencesRoutes } from "./preferences.routes";
import { preferencesService } from "./preferences.service";
import { profileRepository } from "./profile.repository";
import { profileRoutes } from "./profile.routes";
import { profileService } from "./profile.service";
import { readingHistoryRepository } from "./reading-history.repository";
import { readingHistoryRoutes } from "./reading-history.routes";
import { readingHistoryService } from "./reading-history.service";
import { searchHistoryRepository } from "./search-history.repository";
import { searchHistoryRoutes } from "./search-history.routes";
import { searchHistoryService } from "./search-history.service";
import { settingsRepository } from "./settings.repository";
import { settingsRoutes } from "./settings.routes";
import { settingsService } from "./settings.service";
import { userTablesRepository } from "./user-tables.repository";

export type MeDeps = {
  auth: Pick<Auth, "api">;
  database: Pick<DatabaseHandle, "db">;
  logger: Logger;
  config: Pick<Config, "publicUrl">;
  /** For the authored-paper author search; without it a refresh answers 503. */
  arxiv?: ArxivSource;
  /** The user's LLM providers, for the export (keys are never exported). */
};

/**
 * The signed-in user's data, mounted at /api/me (the route list is in src/shared/user-data.ts).
 * Forged cross-site writes are refused before the session is even read; every handler then
 * acts on `c.var.user.id` only.
 */
export function createMeRoutes(deps: MeDeps) {
  const db = deps.database.db;
  const entities = entitiesRepository(db);
  const services = {
    settings: settingsService(settingsRepository(db)),
    profile: profileService(profileRepository(db)),
    preferences: preferencesService(preferencesRepository(db)),
    cache: cacheService(cacheRepository(db)),
    searchHistory: searchHistoryService(searchHistoryRepository(db)),
    readingHistory: readingHistoryService(readingHistoryRepository(db), undefined, entities),
    bookmarks: bookmarksService(bookmarksRepository(db), entities),
    notes: notesService(notesRepository(db)),
    highlights: highlightsService(highlightsRepository(db)),
  };
  const exporter = exportService({ ...services, tables: userTablesRepository(db) });

  return new Hono<SignedInEnv>()
    .use("*", requireUser(deps.auth))
    .route("/settings", settingsRoutes(services.settings))
    .route("/profile", profileRoutes(services.profile))
    .route("/preferences", preferencesRoutes(services.preferences))
    .route("/cache", cacheRoutes(services.cache))
    .route("/search-history", searchHistoryRoutes(services.searchHistory))
    .route("/history", readingHistoryRoutes(services.readingHistory))
    .route("/bookmarks", bookmarksRoutes(services.bookmarks))
    .route("/notes", notesRoutes(services.notes))
    .route("/highlights", highlightsRoutes(services.highlights))
    .route(
      "/authored-papers",
      authoredRoutes(authoredService({ repository: authoredRepository(db), cache: services.cache, arxiv: deps.arxiv, logger: deps.logger }), services.profile),
    )
    .get("/export", async (c) => {
      const body = await exporter.export(c.var.user);
      c.header("Content-Disposition", `attachment; filename="quire-data-${body.exported_at.slice(0, 10)}.json"`);
      return c.json(body);
    });
}
