// Small progressive touches. Every page works without this file.
(function () {
  "use strict";

  // CSRF token for htmx requests without a form.
  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta && meta.content) {
      event.detail.headers["X-CSRFToken"] = meta.content;
    }
  });

  // The words this file says, in the page's language (templates/_words.html).
  var words = null;
  function word(key) {
    if (words === null) {
      var node = document.getElementById("words");
      try {
        words = node ? JSON.parse(node.textContent) : {};
      } catch (ignored) {
        words = {};
      }
    }
    return words[key] || key;
  }

  // htmx swaps no error answer: say what went wrong in the banner.
  function showRequestError(message) {
    var banner = document.getElementById("request-error");
    if (!banner) {
      return;
    }
    banner.textContent = message;
    banner.hidden = false;
  }

  function errorMessageOf(xhr) {
    var type = xhr.getResponseHeader("Content-Type") || "";
    try {
      if (type.indexOf("application/json") === 0) {
        return JSON.parse(xhr.responseText).error.message;
      }
      var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
      var text = doc.querySelector(".error-message");
      if (text && text.textContent.trim()) {
        return text.textContent.trim();
      }
    } catch (ignored) {
    }
    return word("request-failed").replace("%(status)s", String(xhr.status));
  }

  document.addEventListener("htmx:responseError", function (event) {
    showRequestError(errorMessageOf(event.detail.xhr));
  });
  document.addEventListener("htmx:sendError", function () {
    showRequestError(word("no-connection"));
  });
  document.addEventListener("htmx:beforeRequest", function () {
    var banner = document.getElementById("request-error");
    if (banner) {
      banner.hidden = true;
    }
  });

  // "Keep screen on" ([data-wake-lock]), where the browser has the Wake Lock API.
  var wakeLock = null;
  var wanted = false;

  function reflect() {
    document.querySelectorAll('[data-wake-lock] input[type="checkbox"], input[data-wake-lock]').forEach(function (box) {
      box.checked = wakeLock !== null;
    });
  }

  function acquire() {
    if (document.visibilityState !== "visible") {
      return;
    }
    navigator.wakeLock.request("screen").then(
      function (lock) {
        wakeLock = lock;
        lock.addEventListener("release", function () {
          wakeLock = null;
          reflect();
        });
        reflect();
      },
      function () {
        wanted = false; // refused (battery saver...): the switch goes off
        reflect();
      }
    );
  }

  function show() {
    document.querySelectorAll("[data-wake-lock]").forEach(function (element) {
      element.hidden = false;
    });
    reflect();
  }

  if ("wakeLock" in navigator) {
    document.addEventListener("DOMContentLoaded", show);
    document.addEventListener("htmx:load", show);
    document.addEventListener("change", function (event) {
      var box = event.target;
      if (box.closest && box.closest("[data-wake-lock]")) {
        wanted = box.checked;
        if (wanted) {
          acquire();
        } else if (wakeLock) {
          wakeLock.release();
        }
      }
    });
    // A hidden tab drops the lock: take it again on return.
    document.addEventListener("visibilitychange", function () {
      if (wanted && wakeLock === null) {
        acquire();
      }
    });
  }
})();

// Once loaded: offline-page.js (no signal at the hall).
window.addEventListener("load", function () {
  var more = document.querySelector("[data-more]");
  if (more) {
    document.head.appendChild(document.createElement("script")).src = more.getAttribute("data-more");
  }
});

// The hand being entered is kept on this phone until saved (a reload finds its taps).
(function () {
  "use strict";

  var SKIP = { csrf_token: true, n: true, version: true };

  function recordForm() {
    return document.querySelector("#record #hand-form");
  }

  function keyOf(form) {
    return "hand-draft:" + form.getAttribute("action");
  }

  function numberOf(form) {
    var field = form.querySelector('input[name="n"]');
    return field ? field.value : "";
  }

  function read(form) {
    try {
      var saved = JSON.parse(window.localStorage.getItem(keyOf(form)) || "null");
      return saved && typeof saved === "object" ? saved : null;
    } catch (ignored) {
      return null;
    }
  }

  function write(form, value) {
    try {
      if (value === null) {
        window.localStorage.removeItem(keyOf(form));
      } else {
        window.localStorage.setItem(keyOf(form), JSON.stringify(value));
      }
    } catch (ignored) {
      // Private browsing, full storage: not kept.
    }
  }

  function save(form) {
    var fields = [];
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || SKIP[element.name]) {
        return;
      }
      if ((element.type === "radio" || element.type === "checkbox") && !element.checked) {
        return;
      }
      if (element.type !== "submit" && element.type !== "button") {
        fields.push([element.name, element.value]);
      }
    });
    write(form, { n: numberOf(form), fields: fields });
  }

  function restore(form) {
    var saved = read(form);
    if (!saved || saved.n !== numberOf(form)) {
      write(form, null); // saved, or taken by another phone: that entry is done with
      return;
    }
    if (form.hasAttribute("data-touched") || form.querySelector(".field-error")) {
      return; // the page already shows what was typed
    }
    (saved.fields || []).forEach(function (pair) {
      var name = pair[0];
      var value = pair[1];
      Array.prototype.forEach.call(form.elements, function (element) {
        if (element.name !== name) {
          return;
        }
        if (element.type === "radio" || element.type === "checkbox") {
          if (element.value === value) {
            element.checked = true;
          }
        } else if (element.type !== "hidden") {
          element.value = value;
        }
      });
    });
    form.setAttribute("data-touched", "");
  }

  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var form = recordForm();
      if (form && event.target && form.contains(event.target)) {
        save(form);
      }
    });
  });

  function check() {
    var form = recordForm();
    if (form) {
      restore(form);
    }
  }

  document.addEventListener("DOMContentLoaded", check);
  document.addEventListener("htmx:afterSettle", check);
})();

// -- Each side's points or tricks: only what still fits ------------------------------------
// Three sides and more tap each side's row; a row's largest choice is the whole hand (its worth, or
// every trick). Each row shows only the numbers that fit beside what the other rows hold, the
// tapped one always. Without this games.css narrows against the first side, and Save refuses a sum
// that cannot be, in words.
(function () {
  "use strict";

  var GROUPS = ".side-points, .side-tricks";
  var ROWS = ".point-buttons, .trick-buttons";

  function fit(group) {
    var rows = Array.prototype.slice.call(group.querySelectorAll(ROWS));
    var most = 0;
    var taken = rows.map(function (row) {
      var inputs = row.querySelectorAll("input");
      var value = 0;
      Array.prototype.forEach.call(inputs, function (input) {
        var n = parseInt(input.value, 10);
        most = isNaN(n) ? most : Math.max(most, n);
        value = input.checked && !isNaN(n) ? n : value;
      });
      return value;
    });
    var total = taken.reduce(function (a, b) { return a + b; }, 0);
    rows.forEach(function (row, i) {
      var room = most - (total - taken[i]);
      Array.prototype.forEach.call(row.querySelectorAll("label"), function (label) {
        var input = label.querySelector("input");
        var n = input ? parseInt(input.value, 10) : NaN;
        label.hidden = !isNaN(n) && n > room && !input.checked;
      });
    });
  }

  function fitAll() {
    Array.prototype.forEach.call(document.querySelectorAll(GROUPS), fit);
  }

  document.addEventListener("change", function (event) {
    var group = event.target && event.target.closest ? event.target.closest(GROUPS) : null;
    if (group) {
      fit(group);
    }
  });
  // After the kept taps are put back (above), and after a form is swapped in or the page comes back.
  document.addEventListener("DOMContentLoaded", fitAll);
  document.addEventListener("htmx:afterSettle", fitAll);
  window.addEventListener("pageshow", fitAll);
})();

// -- Live sheet ----------------------------------------------------------------------------
// [data-live-poll] asks every few seconds whether the game changed (not needed to work). Part of
// this file, loaded by every page, so a score sheet waits for one script of the app's, not two.
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

// -- Heard as well as seen -----------------------------------------------------------------
// The page's [data-said] element holds what a new sheet says, in whole sentences made by the
// server. A new one (another version: a hand saved here or on another phone) goes once into the
// role=status line #said for a screen reader, and is spoken when this phone asked for each new
// hand. "Read aloud" speaks it now. Nothing is spoken until the player asks.
(function () {
  "use strict";

  var KEY = "speak-each";
  var synth = window.speechSynthesis;
  var lastKey = null;

  function said() {
    var node = document.querySelector("[data-said]");
    return node ? { text: node.getAttribute("data-said"), key: node.getAttribute("data-said-key") || node.getAttribute("data-version") || node.getAttribute("data-said") } : null;
  }

  function language() {
    return (document.documentElement.getAttribute("lang") || "en").toLowerCase();
  }

  // The voice for the page's language; null when the phone has voices but none for it.
  function voice() {
    var voices = synth.getVoices() || [];
    if (!voices.length) {
      return undefined; // not told yet: the browser picks one from the utterance's language
    }
    var lang = language().split("-")[0];
    for (var i = 0; i < voices.length; i += 1) {
      if ((voices[i].lang || "").toLowerCase().split(/[-_]/)[0] === lang) {
        return voices[i];
      }
    }
    return null;
  }

  function note(text) {
    document.querySelectorAll("[data-speak-note]").forEach(function (element) {
      element.textContent = text;
      element.hidden = !text;
    });
  }

  function speak(text) {
    if (!synth || !text) {
      return;
    }
    var chosen = voice();
    if (chosen === null) {
      var holder = document.querySelector("[data-speak-note]");
      note(holder ? holder.getAttribute("data-no-voice") : "");
      return;
    }
    note("");
    var utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = language();
    if (chosen) {
      utterance.voice = chosen;
    }
    synth.cancel();
    synth.speak(utterance);
  }

  function eachWanted() {
    try {
      return window.localStorage.getItem(KEY) === "1";
    } catch (ignored) {
      return false;
    }
  }

  function showControls() {
    document.querySelectorAll("[data-speak]").forEach(function (element) {
      element.hidden = false;
    });
    document.querySelectorAll("[data-speak-each]").forEach(function (box) {
      box.checked = eachWanted();
    });
  }

  function start() {
    var now = said();
    lastKey = now ? now.key : null;
    if (synth && typeof window.SpeechSynthesisUtterance === "function") {
      showControls();
    }
  }

  // A new sheet: said once to a screen reader, and aloud if asked for. An unchanged poll swaps nothing.
  function arrived() {
    var now = said();
    if (!now || now.key === lastKey) {
      return;
    }
    lastKey = now.key;
    var status = document.getElementById("said");
    if (status) {
      status.textContent = now.text;
    }
    if (eachWanted()) {
      speak(now.text);
    }
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", arrived);

  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest && event.target.closest("[data-speak-now]");
    if (button) {
      var now = said();
      speak(now ? now.text : "");
    }
  });

  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || !box.matches || !box.matches("[data-speak-each]")) {
      return;
    }
    try {
      window.localStorage.setItem(KEY, box.checked ? "1" : "0");
    } catch (ignored) {
      // Private browsing, full storage: kept for this page only.
    }
    showControls();
  });
})();
