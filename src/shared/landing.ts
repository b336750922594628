import { APP_NAME } from "./constants";

/**
 * The landing page's (/) title and description: the page sets the title itself, and the server
 * names both in the HTML it draws the page in (src/server/features/landing/landing-preview.ts).
 * src/web/index.html says the same (landing.test.ts holds them together).
 */
export const LANDING_TITLE = `${APP_NAME}: find, read, keep and cite papers`;
export const LANDING_DESCRIPTION =
  "Quire searches arXiv, OpenAlex and Crossref in one place, opens papers in a built-in PDF reader, and keeps your bookmarks, collections and citations in order.";
