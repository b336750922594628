// Starts downloading the PDF of a /pdf/{arXiv id} page load before the app's code has arrived:
// the proxy answers with Cache-Control private, so when pdf.js asks for the same URL a moment
// later the bytes are already in (or on their way into) the browser's cache. The URL must be
// the one the viewer builds (src/web/features/reader/pdf/pdf-document.ts, pdfProxyUrl): the
// id without a version or ".pdf". External because the CSP forbids inline scripts.
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
  window
    .fetch("/api/pdf-proxy?paperId=" + encodeURIComponent(id), { credentials: "same-origin" })
    .then(function (response) {
      return response.ok ? response.arrayBuffer() : null;
    })
    .catch(function () {});
})();
