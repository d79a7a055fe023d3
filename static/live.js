// Live score sheet: the element marked data-live-poll asks the server every few seconds
// whether the game changed. Nothing here is needed for the sheet to work; without it
// the page simply does not follow other phones until it is reloaded.
(function () {
  "use strict";

  // The element that asked; for swap events detail.elt is the target, so look at the request's own.
  function poller(event) {
    var detail = event.detail || {};
    var elt = (detail.requestConfig && detail.requestConfig.elt) || detail.elt;
    return elt && elt.hasAttribute && elt.hasAttribute("data-live-poll") ? elt : null;
  }

  function isPoll(event) {
    return poller(event) !== null;
  }

  // Ask from the version the page actually shows: recording a hand on this phone
  // replaces the sheet too, and the sheet carries its own version.
  document.addEventListener("htmx:configRequest", function (event) {
    if (!isPoll(event)) {
      return;
    }
    var shown = document.querySelector("#sheet [data-version]");
    var mine = parseInt(poller(event).getAttribute("data-since"), 10);
    var since = shown ? parseInt(shown.getAttribute("data-version"), 10) : NaN;
    if (isNaN(since) || (!isNaN(mine) && mine > since)) {
      since = mine;
    }
    if (!isNaN(since)) {
      event.detail.parameters.since = String(since);
    }
  });

  // No need to ask while the phone's screen is off or the tab is hidden.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPoll(event) && document.visibilityState === "hidden") {
      event.preventDefault();
    }
  });

  // 304: nothing changed, keep the sheet as it is.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isPoll(event) && event.detail.xhr && event.detail.xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
    }
  });

  // The link stopped working (the game was deleted, or its link to keep score replaced).
  document.addEventListener("htmx:responseError", function (event) {
    if (!isPoll(event) || !event.detail.xhr || event.detail.xhr.status !== 404) {
      return;
    }
    var old = poller(event);
    var notice = document.createElement("p");
    notice.id = "live";
    notice.className = "live live-stopped";
    notice.setAttribute("role", "status");
    notice.textContent = "This sheet no longer follows the game: the game was deleted or this link was replaced.";
    old.replaceWith(notice);
  });

  // Back on screen: catch up at once rather than waiting for the next tick.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !window.htmx) {
      return;
    }
    var poller = document.querySelector("[data-live-poll]");
    if (poller) {
      window.htmx.trigger(poller, "live-now");
    }
  });
})();
