import { Hono } from "hono";
import type { Auth } from "@/server/auth/auth";
import { requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import type { DatabaseHandle } from "@/server/db/client";
import type { Logger } from "@/server/logger";
import type { ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import { authoredRepository } from "@/server/features/authored/authored.repository";
import { authoredRoutes } from "@/server/features/authored/authored.routes";
import { authoredService } from "@/server/features/authored/authored.service";
import type { AuthorsService } from "@/server/features/authors/authors.service";
import { bookmarksRepository } from "@/server/features/bookmarks/bookmarks.repository";
import { bookmarksRoutes } from "@/server/features/bookmarks/bookmarks.routes";
import { bookmarksService } from "@/server/features/bookmarks/bookmarks.service";
import { feedMarksRepository } from "@/server/features/feed-marks/feed-marks.repository";
import { feedMarksRoutes } from "@/server/features/feed-marks/feed-marks.routes";
import { feedMarksService } from "@/server/features/feed-marks/feed-marks.service";
import { entitiesRepository } from "@/server/features/entities/entities.repository";
import { highlightsRepository } from "@/server/features/highlights/highlights.repository";
import { highlightsRoutes } from "@/server/features/highlights/highlights.routes";
import { highlightsService } from "@/server/features/highlights/highlights.service";
import { readingHistoryRepository } from "@/server/features/history/reading-history.repository";
import { readingHistoryRoutes } from "@/server/features/history/reading-history.routes";
import { readingHistoryService } from "@/server/features/history/reading-history.service";
import { searchHistoryRepository } from "@/server/features/history/search-history.repository";
import { searchHistoryRoutes } from "@/server/features/history/search-history.routes";
import { searchHistoryService } from "@/server/features/history/search-history.service";
import { notesRepository } from "@/server/features/notes/notes.repository";
import { notesRoutes } from "@/server/features/notes/notes.routes";
import { notesService } from "@/server/features/notes/notes.service";
import { paperChangesRepository } from "@/server/features/paper-changes/paper-changes.repository";
import { paperChangesRoutes } from "@/server/features/paper-changes/paper-changes.routes";
import { paperChangesService } from "@/server/features/paper-changes/paper-changes.service";
import { preferencesRepository } from "@/server/features/settings/preferences.repository";
import { preferencesRoutes } from "@/server/features/settings/preferences.routes";
import { preferencesService } from "@/server/features/settings/preferences.service";
import { profileRepository } from "@/server/features/settings/profile.repository";
import { profileRoutes } from "@/server/features/settings/profile.routes";
import { profileService } from "@/server/features/settings/profile.service";
import { settingsRepository } from "@/server/features/settings/settings.repository";
import { settingsRoutes } from "@/server/features/settings/settings.routes";
import { settingsService } from "@/server/features/settings/settings.service";
import { cacheRepository } from "./cache.repository";
import { cacheRoutes } from "./cache.routes";
import { cacheService } from "./cache.service";
import { exportService } from "./export.service";
import { userTablesRepository } from "./user-tables.repository";

export type MeDeps = {
  auth: Pick<Auth, "api">;
  database: Pick<DatabaseHandle, "db">;
  logger: Logger;
  config: Pick<Config, "publicUrl">;
  /** For the authored-paper author search; without it a refresh answers 503. */
  arxiv?: ArxivSource;
  /** OpenAlex authors, for "Import my publications" by ORCID or OpenAlex id; without it the import answers 503. */
  authors?: AuthorsService;
  /** The user's LLM providers, for the export (keys are never exported). */
};

/**
 * The signed-in user's data, mounted at /api/me.
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
  const paperChanges = paperChangesService({ repository: paperChangesRepository(db), settings: services.settings, bookmarks: services.bookmarks });
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
    .route("/paper-changes", paperChangesRoutes(paperChanges))
    .route("/feed-marks", feedMarksRoutes(feedMarksService(feedMarksRepository(db))))
    .route(
      "/authored-papers",
      authoredRoutes(authoredService({ repository: authoredRepository(db), cache: services.cache, arxiv: deps.arxiv, authors: deps.authors, logger: deps.logger }), services.profile),
    )
    .get("/export", async (c) => {
      const body = await exporter.export(c.var.user);
      c.header("Content-Disposition", `attachment; filename="quire-data-${body.exported_at.slice(0, 10)}.json"`);
      return c.json(body);
    });
}
