// Starts the slow things of a /pdf/{arXiv id} page load before the app's code has arrived:
// - the PDF's download, kept as bytes in window.__quirePdfPrefetch so pdf.js opens it from
//   memory rather than asking the proxy again (src/web/features/reader/pdf/pdf-document.ts);
// - pdf.js's worker (1.3 MB to fetch and compile), whose URL the server names in the
//   <meta name="quire-pdf-worker"> it adds to /pdf/* pages (src/server/http/static-site.ts).
// The server also preloads both from the top of the page (same URLs): the fetches below take
// those answers over rather than asking again.
// The URL must be the one the viewer builds (pdf-document.ts, pdfProxyUrl): the id without a
// version or ".pdf". External because the CSP forbids inline scripts.
(function () {
  if (!window.fetch) return;
  var match = /^\/pdf\/(.+)$/.exec(window.location.pathname);
  if (!match) return;
  var id;
  try {
    id = decodeURIComponent(match[1]);
  } catch (error) {
    return;
  }
  id = id.replace(/\.pdf$/i, "").replace(/v\d+$/, "");
  if (!/^\d{4}\.\d{4,5}$|^[a-z-]+(\.[A-Z]{2})?\/\d{7}$/.test(id)) return;
  var url = "/api/pdf-proxy?paperId=" + encodeURIComponent(id);
  var worker = null;
  var meta = document.querySelector('meta[name="quire-pdf-worker"]');
  var workerUrl = meta && meta.getAttribute("content");
  if (workerUrl && /^\/assets\/[\w.-]+\.m?js$/.test(workerUrl) && window.Worker) {
    // Takes the preloaded script (so it is used, and in the HTTP cache the Worker reads from).
    window.fetch(workerUrl, { credentials: "same-origin" }).catch(function () {});
    try {
      worker = new Worker(workerUrl, { type: "module" });
    } catch (error) {
      worker = null;
    }
  }
  // null when the answer is not a PDF: the viewer then asks again and reports the proxy's error.
  var bytes = window
    .fetch(url, { credentials: "same-origin" })
    .then(function (response) {
      return response.ok ? response.arrayBuffer() : null;
    })
    .catch(function () {
      return null;
    });
  window.__quirePdfPrefetch = { url: url, bytes: bytes, worker: worker };
  // pdf.js itself, which opens the PDF and reads its first page while the app starts
  // (src/web/features/reader/pdf/pdf-document.ts); the app imports the same module later.
  var module = document.querySelector('meta[name="quire-pdf-module"]');
  var moduleUrl = module && module.getAttribute("content");
  if (moduleUrl && /^\/assets\/[\w.-]+\.js$/.test(moduleUrl)) import(moduleUrl).catch(function () {});
})();
