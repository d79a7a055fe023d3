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
    // A hand form nobody has touched may be replaced by the one for the next hand;
    // one being filled in is left alone (saving it then says another phone got there first).
    var record = document.querySelector("#record form");
    if (record && !record.hasAttribute("data-touched")) {
      event.detail.parameters.form = "1";
    }
  });

  // Mark the hand form as being filled in from the first tap or keystroke.
  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var form = event.target && event.target.closest && event.target.closest("#record form");
      if (form) {
        form.setAttribute("data-touched", "");
      }
    });
  });

  // The poll's own troubles are kept to the live line: they are handled here, in the capture
  // phase, and go no further, so the page's error banner (meant for what a player did) neither
  // shows "nothing was saved" for a background poll nor gets hidden by the next poll.
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

  // No need to ask while the phone's screen is off or the tab is hidden.
  onPoll("htmx:beforeRequest", function (event) {
    if (document.visibilityState === "hidden") {
      event.preventDefault();
    }
  });

  onPoll("htmx:sendError", function (event) {
    setCue(poller(event), "No connection: trying again", true);
  });

  // The link stopped working (the game was deleted, or its link to keep score replaced).
  onPoll("htmx:responseError", function (event) {
    var old = poller(event);
    if (!event.detail.xhr || event.detail.xhr.status !== 404) {
      setCue(old, "The score could not be fetched: trying again", true);
      return;
    }
    var notice = document.createElement("p");
    notice.id = "live";
    notice.className = "live live-stopped";
    notice.setAttribute("role", "status");
    notice.textContent = "This sheet no longer follows the game: the game was deleted or this link was replaced.";
    old.replaceWith(notice);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = poller(event);
    if (elt && event.detail.successful && elt.classList.contains("live-offline")) {
      setCue(elt, "", false);
    }
  });

  // 304: nothing changed, keep the sheet as it is.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isPoll(event) && event.detail.xhr && event.detail.xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
    }
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
