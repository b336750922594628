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
// names the app's entry and the modules it will import in <meta name="quire-preview-app-entry">
// instead of loading them: the app is fetched and started here once the page has ended and the
// preview has been drawn. Started with the page, its start-up would run before that drawing and
// hold the first rows back; fetched with it, it would share a slow link with what the drawing needs.
(function () {
  var meta = document.querySelector('meta[name="quire-preview-app-entry"]');
  var entry = meta && meta.getAttribute("content");
  if (!entry || !/^\/assets\/[\w.-]+\.js$/.test(entry)) return;
  var modules = (meta.getAttribute("data-modules") || "").split(" ").filter(function (file) {
    return /^\/assets\/[\w.-]+\.js$/.test(file);
  });
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // The modules the entry and the page import, fetched side by side instead of one import
    // level after another.
    modules.forEach(function (file) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "anonymous";
      link.href = file;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "anonymous";
    script.src = entry;
    document.head.appendChild(script);
  }
  // Whether the preview (#quire-preview, PREVIEW_ELEMENT_ID) shows anything on this screen.
  function drawingShown() {
    var preview = document.getElementById("quire-preview");
    if (!preview || !window.getComputedStyle) return false;
    for (var i = 0; i < preview.children.length; i++) {
      var child = preview.children[i];
      if (child.tagName !== "SCRIPT" && window.getComputedStyle(child).display !== "none") return true;
    }
    return false;
  }
  function afterFirstPaint() {
    // No frame comes in a hidden tab: start at once.
    if (document.visibilityState === "hidden") return start();
    // If no frame comes, or something holds the page's paint: start anyway.
    setTimeout(start, 2000);
    if (!window.requestAnimationFrame) return start();
    // A frame's callbacks run once the page's stylesheet is in (a page is not drawn before),
    // so the drawing's layout for this screen is known; they run before the frame is drawn.
    window.requestAnimationFrame(function () {
      // The first contentful paint's entry is delivered once that frame is on screen: a task
      // queued from a frame's callback can still run before the frame is shown, holding the
      // drawing back by the app's start-up. A drawing laid out for another screen is hidden
      // (src/web/lib/page-preview.ts): then nothing waits for it.
      var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
      if (types.indexOf("paint") < 0 || !drawingShown()) return setTimeout(start, 0);
      var observer = new PerformanceObserver(function (list) {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        setTimeout(start, 0);
      });
      observer.observe({ type: "paint", buffered: true });
      setTimeout(start, 1000);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterFirstPaint);
  else afterFirstPaint();
})();
