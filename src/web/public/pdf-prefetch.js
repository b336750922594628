// Starts the slow things of a /pdf/{arXiv id} page load before the app's code has arrived:
// - the PDF's download, kept as bytes in window.__quirePdfPrefetch so pdf.js opens it from
//   memory rather than asking the proxy again (src/web/features/reader/pdf/pdf-document.ts);
// - pdf.js's worker (1.3 MB to fetch and compile), whose URL the server names in the
//   <meta name="quire-pdf-worker"> it adds to /pdf/* pages (src/server/http/static-site.ts).
// The server also preloads the PDF from the top of the page (same URL): the fetch below takes
// that answer over rather than asking again.
// The URL must be the one the viewer builds (pdf-document.ts, pdfProxyUrl): the page's id with
// its version, if it names one, and without ".pdf". The build writes this script into the page itself
// (scripts/head-scripts-plugin.ts), so it runs as the head is parsed; the page's
// Content-Security-Policy names it by its hash.
//
// On such a page the server leaves the app's entry script out and names it in
// <meta name="quire-app-entry">: this script starts the app once page 1 is on screen, or at
// once when it cannot draw it, and in any case at most 2 s after navigation.
(function () {
  var entryMeta = document.querySelector('meta[name="quire-app-entry"]');
  var entry = entryMeta && entryMeta.getAttribute("content");
  var appStarted = !(entry && /^\/assets\/[\w.-]+\.js$/.test(entry));
  var prefetch = null;
  function startApp() {
    if (appStarted) return;
    appStarted = true;
    // pdf-document.ts shows page 1 on its own only while the app has not started.
    if (prefetch) prefetch.appStarted = true;
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "anonymous";
    script.src = entry;
    document.head.appendChild(script);
  }
  if (!appStarted) setTimeout(startApp, Math.max(0, 2000 - (window.performance ? performance.now() : 0)));

  if (!window.fetch) return startApp();
  var match = /^\/pdf\/(.+)$/.exec(window.location.pathname);
  if (!match) return startApp();
  var id;
  try {
    id = decodeURIComponent(match[1]);
  } catch (error) {
    return startApp();
  }
  id = id.replace(/\.pdf$/i, "");
  if (!/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v[1-9]\d*)?$/.test(id)) return startApp();
  var url = "/api/pdf-proxy?paperId=" + encodeURIComponent(id);
  var worker = null;
  var meta = document.querySelector('meta[name="quire-pdf-worker"]');
  var workerUrl = meta && meta.getAttribute("content");
  if (workerUrl && /^\/assets\/[\w.-]+\.m?js$/.test(workerUrl) && window.Worker) {
    try {
      worker = new Worker(workerUrl, { type: "module" });
    } catch (error) {
      worker = null;
    }
  }
  // null when there is no answer (the viewer then asks again) or an error answer, which is kept
  // as `failure` for the viewer to report: asking again would only wait as long for the same
  // error (a 429 from arXiv costs the proxy three attempts, seconds apart).
  var bytes = window
    .fetch(url, { credentials: "same-origin" })
    .then(function (response) {
      if (response.ok) return response.arrayBuffer();
      prefetch.failure = response;
      return null;
    })
    .catch(function () {
      return null;
    });
  prefetch = { url: url, bytes: bytes, failure: null, worker: worker, firstPageSettled: null, appStarted: appStarted, picture: null };
  window.__quirePdfPrefetch = prefetch;
  var pictureUp = showPicture(id, prefetch);
  // pdf.js itself, which opens the PDF and draws its first page on screen before the app
  // starts (src/web/features/reader/pdf/pdf-document.ts), then calls firstPageSettled (also
  // when it could not draw it); the app imports the same module later. A kept picture goes on
  // screen first (at most 250 ms): evaluating pdf.js holds the page's thread for a while, and
  // the document cannot open before the worker has started anyway.
  var module = document.querySelector('meta[name="quire-pdf-module"]');
  var moduleUrl = module && module.getAttribute("content");
  if (!(moduleUrl && /^\/assets\/[\w.-]+\.js$/.test(moduleUrl))) return startApp();
  prefetch.firstPageSettled = startApp;
  var imported = false;
  var importPdfJs = function () {
    if (imported) return;
    imported = true;
    import(moduleUrl).catch(startApp);
  };
  if (pictureUp) {
    pictureUp.then(importPdfJs);
    setTimeout(importPdfJs, 250);
  } else importPdfJs();

  // The picture of the page the reader was on, kept by the viewer the last time this paper was
  // read here (src/web/features/reader/pdf/page-picture.ts: the names and the view it was taken
  // at). Shown as the early page the moment it is read, when the viewer will open on that same
  // view; pdf.js's own drawing of the page then takes its place (early-page.ts).
  function mark(name) {
    if (window.performance && performance.mark) performance.mark("quire:" + name);
  }
  // Over the server's drawing of the page, the picture goes where the viewer will draw the page
  // (a copy of placeEarlyPage, src/web/features/reader/pdf/early-page.ts).
  function placeFrame(frame) {
    var place = document.querySelector("#quire-preview [data-pdf-place]");
    if (!place || place.getClientRects().length === 0) return;
    var box = place.getBoundingClientRect();
    frame.setAttribute("data-in-place", "");
    frame.style.top = box.top + 1 + "px";
    frame.style.left = box.left + 1 + "px";
    frame.style.width = box.width - 2 + "px";
    frame.style.height = box.height - 2 + "px";
    var probe = document.createElement("div");
    probe.style.cssText = "position:absolute;top:-100px;width:50px;height:50px;overflow:auto;scrollbar-gutter:stable;visibility:hidden";
    document.body.appendChild(probe);
    frame.style.paddingRight = 16 + probe.offsetWidth - probe.clientWidth + "px";
    probe.remove();
  }
  // Whether the app has rendered on the page (behind the server's drawing it renders off it).
  function appOnScreen() {
    var root = document.getElementById("root");
    return Boolean(root && root.firstChild);
  }
  function showPicture(paperId, early) {
    var saved = null;
    try {
      saved = JSON.parse(window.localStorage.getItem("pdf-viewer.state." + paperId) || "null");
    } catch (error) {
      return null;
    }
    if (!saved || typeof saved !== "object" || !window.caches || !window.createImageBitmap) return null;
    var pageNumber = typeof saved.pageNumber === "number" && saved.pageNumber >= 1 ? Math.floor(saved.pageNumber) : 1;
    var rotation = typeof saved.rotation === "number" ? saved.rotation : 0;
    var density = Math.min(window.devicePixelRatio || 1, 2);
    // Settles once the picture has been painted, or is known not to be there.
    return window.caches
      .open("quire-page-pictures")
      .then(function (cache) {
        mark("picture-cache");
        return cache.match("/__quire/page-picture/" + encodeURIComponent(paperId));
      })
      .then(function (response) {
        var view = response && JSON.parse(response.headers.get("X-Quire-Picture") || "null");
        var same = view && view.pageNumber === pageNumber && view.rotation === rotation && view.scale === saved.scale;
        if (!same || view.innerWidth !== window.innerWidth || view.density !== density) return null;
        mark("picture-match");
        return response.blob().then(function (blob) {
          mark("picture-blob");
          return window.createImageBitmap(blob);
        });
      })
      .then(function (bitmap) {
        mark("picture-decoded");
        // Not once pdf.js has drawn the page itself, nor over an app already on screen (its
        // viewer shows the picture itself). The app may have been started (at 2 s, on a busy
        // device) and not be there yet: the picture still goes up, and the viewer takes it down.
        if (!bitmap || early.pageShown || appOnScreen()) return;
        var canvas = document.createElement("canvas");
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        // Handed over as it is, not drawn again.
        var renderer = canvas.getContext("bitmaprenderer");
        if (renderer) renderer.transferFromImageBitmap(bitmap);
        else {
          canvas.getContext("2d").drawImage(bitmap, 0, 0);
          if (bitmap.close) bitmap.close();
        }
        canvas.style.width = canvas.width / density + "px";
        canvas.setAttribute("data-painted", "true");
        canvas.setAttribute("data-picture", "true");
        var frame = document.createElement("div");
        frame.className = "pdf-early-page";
        frame.setAttribute("aria-hidden", "true");
        frame.appendChild(canvas);
        early.picture = frame;
        // As the early page: never left up by a start that failed.
        setTimeout(function () {
          if (early.picture !== frame) return;
          early.picture = null;
          frame.remove();
        }, 10000);
        return new Promise(function (painted) {
          var place = function () {
            if (early.picture === frame && !early.pageShown && !appOnScreen()) {
              placeFrame(frame);
              document.body.appendChild(frame);
            }
            // After the frame that shows it.
            requestAnimationFrame(function () {
              setTimeout(painted, 0);
            });
          };
          if (document.body) place();
          else document.addEventListener("DOMContentLoaded", place);
        });
      })
      .catch(function () {});
  }
})();
