/**
 * Full-page navigations that leave the SPA's router: an OAuth provider's page, the native
 * app's deep link, a fresh load of / after the account is gone. One function, so tests can
 * replace it (jsdom cannot navigate).
 */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
