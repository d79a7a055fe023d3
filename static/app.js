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
