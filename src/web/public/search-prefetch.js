// Starts the search of a /search?... page load before the app's code has arrived (about a
// quarter second sooner on a phone); the app takes the answer over if the URL is one it would
// have sent the same way (src/web/features/search/early-search.ts). The build writes it into
// the page (scripts/head-scripts-plugin.ts; the CSP names it by hash).
(function () {
  if (window.location.pathname !== "/search" || !window.fetch || !window.URLSearchParams) return;
  var params = new URLSearchParams(window.location.search);
  // A copy of mayStartSearchEarly (src/shared/early-search.ts), which this script, running
  // before any module, cannot import; search-prefetch.test.ts holds the two together.
  var filled = function (name) {
    return (params.get(name) || "").trim() !== "";
  };
  var hasCriteria =
    filled("q") ||
    filled("title") ||
    params.getAll("authors").some(function (author) {
      return author.trim() !== "";
    }) ||
    filled("dateFrom") ||
    filled("dateTo");
  if (!hasCriteria) return;
  // The app sorts titles itself and asks the server for relevance; the raw URL would not match.
  if (/^title-/.test(params.get("sort") || "")) return;
  // A plain-language search is sent once the app has parsed it.
  if (params.get("llm") === "true") return;
  var response = window.fetch("/api/search?" + params.toString(), {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  // An unused early search must not log an unhandled rejection.
  response.catch(function () {});
  window.__quireEarlySearch = { search: params.toString(), response: response };
})();

// A /search page with the server's preview of its results (src/server/http/static-site.ts)
// names the app's entry in <meta name="quire-preview-app-entry"> instead of loading it: the
// app starts here once the page has ended and the preview has been drawn. Started with the
// page, its start-up would run before that drawing and hold the first rows back.
(function () {
  var meta = document.querySelector('meta[name="quire-preview-app-entry"]');
  var entry = meta && meta.getAttribute("content");
  if (!entry || !/^\/assets\/[\w.-]+\.js$/.test(entry)) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "anonymous";
    script.src = entry;
    document.head.appendChild(script);
  }
  function afterNextPaint() {
    // A frame's callbacks run before it is drawn; a task queued from one runs after.
    if (window.requestAnimationFrame && document.visibilityState !== "hidden") {
      window.requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
    // No frame comes in a hidden tab, or if something holds the page: start anyway.
    setTimeout(start, 250);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterNextPaint);
  else afterNextPaint();
})();
