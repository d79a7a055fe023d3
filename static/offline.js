// No signal at the hall: the service worker (templates/offline/sw.js, scorekeeper/offline.py) is
// registered once the page has loaded, and then offline-page.js is fetched, which marks a page shown
// from the phone's copy and keeps hands recorded with no signal. Every page works without either.
// Hook: this script's own tag in base.html, with data-worker, data-css and data-more.
(function () {
  "use strict";

  var script = document.currentScript;
  if (!script) {
    return;
  }
  var worker = script.getAttribute("data-worker");
  var more = script.getAttribute("data-more");
  var style = script.getAttribute("data-css");
  var firstVisit = "serviceWorker" in navigator && !navigator.serviceWorker.controller;

  window.addEventListener("load", function () {
    if (more) {
      var tag = document.createElement("script");
      tag.src = more;
      tag.setAttribute("data-css", style || "");
      document.head.appendChild(tag);
    }
    if (!worker || !("serviceWorker" in navigator)) {
      return; // plain HTTP on a hall's Wi-Fi, or an old browser: the pages work as before
    }
    navigator.serviceWorker.register(worker).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // This page came before the worker, so it has no copy yet: ask the worker to keep one.
      if (firstVisit && registration.active) {
        registration.active.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [window.location.pathname] } });
      }
    }).catch(function () {
      // No worker (private browsing): the pages work as before.
    });
  });
})();
