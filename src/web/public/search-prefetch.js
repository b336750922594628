// Starts the search of a /search?... page load before the app's code has arrived (about a
// quarter second sooner on a phone); the app takes the answer over if the URL is one it would
// have sent the same way (src/web/features/search/early-search.ts). External because the CSP
// forbids inline scripts.
(function () {
  if (window.location.pathname !== "/search" || !window.fetch || !window.URLSearchParams) return;
  var params = new URLSearchParams(window.location.search);
  var has = function (name) {
    return params.getAll(name).some(function (value) {
      return value.trim() !== "";
    });
  };
  if (!has("q") && !has("title") && !has("authors") && !has("dateFrom") && !has("dateTo")) return;
  // The app sorts titles itself and asks the server for relevance; the raw URL would not match.
  if (/^title-/.test(params.get("sort") || "")) return;
  var response = window.fetch("/api/search?" + params.toString(), {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  // An unused early search must not log an unhandled rejection.
  response.catch(function () {});
  window.__quireEarlySearch = { search: params.toString(), response: response };
})();
