// Live sheet: [data-live-poll] asks every few seconds whether the game changed (not needed to work).
(function () {
  "use strict";

  // The element that asked (for swap events detail.elt is the target).
  function poller(event) {
    var detail = event.detail || {};
    var elt = (detail.requestConfig && detail.requestConfig.elt) || detail.elt;
    return elt && elt.hasAttribute && elt.hasAttribute("data-live-poll") ? elt : null;
  }

  function isPoll(event) {
    return poller(event) !== null;
  }

  // Ask from the version the page shows (saving here replaces the sheet too).
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
    // An untouched hand form may move on to the next hand; a started one is kept.
    var record = document.querySelector("#record form");
    if (record && !record.hasAttribute("data-touched")) {
      event.detail.parameters.form = "1";
    }
  });

  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var form = event.target && event.target.closest && event.target.closest("#record form");
      if (form) {
        form.setAttribute("data-touched", "");
      }
    });
  });

  // A poll's troubles stay on the live line, away from the banner meant for what a player did.
  function onPoll(name, handler) {
    window.addEventListener(name, function (event) {
      if (isPoll(event)) {
        event.stopPropagation();
        handler(event);
      }
    }, true);
  }

  function setCue(elt, text, offline) {
    var cue = elt.querySelector(".live-cue");
    if (cue) {
      cue.textContent = text;
    }
    elt.classList.toggle("live-offline", offline);
    if (offline) {
      elt.classList.remove("live-updated");
    }
  }

  // While a player's own request (Save, Undo...) is on its way, no poll is sent or swapped over it.
  function busy() {
    return document.querySelector(".htmx-request:not([data-live-poll])") !== null;
  }

  // Nor while the screen is off or the tab hidden.
  onPoll("htmx:beforeRequest", function (event) {
    if (document.visibilityState === "hidden" || busy()) {
      event.preventDefault();
    }
  });

  onPoll("htmx:sendError", function (event) {
    setCue(poller(event), poller(event).getAttribute("data-no-connection"), true);
  });

  // 404: the game was deleted or this link replaced.
  onPoll("htmx:responseError", function (event) {
    var old = poller(event);
    if (!event.detail.xhr || event.detail.xhr.status !== 404) {
      setCue(old, old.getAttribute("data-fetch-failed"), true);
      return;
    }
    var notice = document.createElement("p");
    notice.id = "live";
    notice.className = "live live-stopped";
    notice.setAttribute("role", "status");
    notice.textContent = old.getAttribute("data-stopped");
    old.replaceWith(notice);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = poller(event);
    if (elt && event.detail.successful && elt.classList.contains("live-offline")) {
      setCue(elt, "", false);
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isPoll(event) && (busy() || (event.detail.xhr && event.detail.xhr.status === 304))) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
    }
  });

  // Back on screen: catch up at once.
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
