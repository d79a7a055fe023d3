// No signal at the hall, fetched once the page has loaded (by app.js, from the manifest link's data-more):
// - the service worker (templates/offline/sw.js, scorekeeper/web/offline/views.py) is registered;
// - a page shown from the phone's copy says "offline — last updated HH:MM", and a sheet changed
//   on screen becomes the copy kept;
// - a referee question asked with no signal says that answers need the signal;
// - hands recorded with no signal wait on this phone (the second part below).
//
// Hooks into the pages (re-attach these if the markup changes):
//   link[rel=manifest]            the worker is served beside it (sw.js)
//   #content, #request-error      where the offline banner goes, and the page's error banner
//   #sheet                        a score sheet (its copy is kept after each change)
//   form[data-needs-signal]           the referee's questions (they need the signal; templates/referee/_macros.html)
(function () {
  "use strict";

  // The words it says, in the page's language: app.js's, written in the page (templates/_words.html), then its
  // own, fetched once the page has loaded (GET /offline/words: the worker keeps a copy for no signal).
  var WORDS = {};
  function addWords(found) {
    if (found && typeof found === "object") {
      Object.assign(WORDS, found);
    }
  }
  var wordsNode = document.getElementById("words");
  if (wordsNode) {
    try {
      addWords(JSON.parse(wordsNode.textContent));
    } catch (e) {
      // no words: the keys below stand in
    }
  }
  var wordsLink = document.querySelector('link[rel="manifest"]');
  var wordsUrl = wordsLink && wordsLink.getAttribute("data-words");
  // Everything this file shows waits for its words (a moment after the page, from the worker with no signal).
  var wordsReady = !wordsUrl ? Promise.resolve() : fetch(wordsUrl, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  }).then(function (response) {
    return response.ok ? response.json() : null;
  }).then(addWords).catch(function () {
    // no signal and no copy yet: the keys below stand in
  });
  function t(key, values) {
    return String(WORDS[key] || key).replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  // offline.css: its address (a name with a hash of its content) is on the manifest link, as the server wrote it.
  var manifestLink = document.querySelector('link[rel="manifest"]');
  var style = (manifestLink && manifestLink.getAttribute("data-offline-css")) || null;

  // -- The service worker ----------------------------------------------------------------

  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && "serviceWorker" in navigator) {
    // This page came before the worker (first visit), so it has no copy yet: ask the worker to keep one.
    var firstVisit = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(new URL("sw.js", manifest.href).pathname).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (firstVisit && registration.active) {
        registration.active.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [window.location.pathname] } });
      }
    }).catch(function () {
      // No worker (plain HTTP on a hall's Wi-Fi, private browsing): the pages work as before.
    });
  }

  // Its styles are fetched only when something here is shown (the worker keeps them for no signal).
  function useStyle() {
    if (style && !document.querySelector("link[data-offline-style]")) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = style;
      link.setAttribute("data-offline-style", "");
      document.head.appendChild(link);
    }
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text) {
      node.textContent = text;
    }
    return node;
  }

  function clock(date) {
    return ("0" + date.getHours()).slice(-2) + ":" + ("0" + date.getMinutes()).slice(-2);
  }

  // -- The phone's copy ---------------------------------------------------------------

  var copy = document.querySelector('meta[name="offline-copy"]');
  var refereeForms = document.querySelectorAll("form[data-needs-signal]");

  function showCopyBanner() {
    var main = document.getElementById("content");
    if (!copy || !main) {
      return;
    }
    useStyle();
    var saved = new Date(copy.getAttribute("content"));
    var banner = el("div", "offline-banner");
    banner.id = "offline-banner";
    banner.setAttribute("role", "status");
    var title = el("p", "offline-title", isNaN(saved) ? t("offline-earlier") : t("offline-at", { time: clock(saved) }));
    banner.appendChild(title);
    var more = el("p", "", t("offline-copy"));
    var rules = document.querySelector('a[href$="/rules"]');
    if (refereeForms.length) {
      // One sentence with the link in its place (%(rules)s), however the language orders it.
      var parts = t("offline-referee").split("%(rules)s");
      var link = el("a", "", t("offline-rank"));
      link.href = rules ? rules.getAttribute("href") + "#rank" : "#";
      more.textContent = parts[0];
      more.appendChild(link);
      more.appendChild(document.createTextNode(parts.slice(1).join("")));
    }
    banner.appendChild(more);
    main.insertBefore(banner, main.firstChild);
  }

  function hideCopyBanner() {
    var banner = document.getElementById("offline-banner");
    if (banner) {
      banner.remove();
    }
  }

  wordsReady.then(showCopyBanner);

  // A question to the referee with no signal: say so in the words of the table.
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-needs-signal]");
    if (!form) {
      return;
    }
    var banner = document.getElementById("request-error");
    if (banner) {
      banner.textContent = t("offline-ask");
      banner.hidden = false;
    }
  });

  // Anything answered again from the server: the page is no longer just the phone's copy.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && event.detail.xhr && event.detail.xhr.status) {
      hideCopyBanner();
    }
  });

  // The sheet changed on screen (a hand saved, another phone's news): that is now the copy to keep.
  // The page itself is kept, without what this file added, so no request is spent on it.
  var PAGES = "scorekeeper-pages"; // the worker's cache of pages (templates/offline/sw.js)
  var HIDDEN_WHILE_WAITING = "[data-queue-hide], #undo-last"; // hidden by the part below while hands wait

  function keepCopy() {
    if (!window.caches || !navigator.serviceWorker || !navigator.serviceWorker.controller ||
        !document.getElementById("sheet")) {
      return;
    }
    var clone = document.documentElement.cloneNode(true);
    var added = "[data-queued], #queue-panel, #offline-banner, meta[name='offline-copy'], link[data-offline-style], " +
      "#play-message, script[src*='offline-page']";
    Array.prototype.forEach.call(clone.querySelectorAll(added), function (node) { node.remove(); });
    Array.prototype.forEach.call(clone.querySelectorAll("[class*='htmx-']"), function (node) {
      node.className = node.className.replace(/(^|\s)htmx-\S+/g, "").trim();
    });
    Array.prototype.forEach.call(clone.querySelectorAll(HIDDEN_WHILE_WAITING), function (node) {
      node.hidden = false;
    });
    var banner = clone.querySelector("#request-error");
    if (banner) {
      banner.hidden = true;
    }
    var html = "<!doctype html>\n" + clone.outerHTML;
    caches.open(PAGES).then(function (cache) {
      // Kept apart per language, as the worker keeps pages (templates/offline/sw.js, pageKey).
      var language = document.documentElement.lang || "en";
      return cache.put(window.location.pathname + "?lang=" + encodeURIComponent(language), new Response(html, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Language": language,
          "Date": new Date().toUTCString(),
        },
      }));
    }).catch(function () {
      // No room on the phone: the copy kept before stays.
    });
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.xhr && event.detail.xhr.status < 300) {
      keepCopy();
    }
  });

// Hands recorded with no signal wait on this phone, marked "not sent yet", and are sent in order,
// each with its number, when the signal returns (the server records each number once). Totals
// stay the server's: a waiting hand shows what was tapped and no totals until the server has
// worked them out.
//
// Hooks into the sheet (templates/games/_play.html, _sheet.html, _log.html, _hand_form.html):
//   #record #hand-form            the hand form; its input[name=n] and button[type=submit];
//                                 its action + "/queued" takes a waiting hand (scorekeeper/web/offline/views.py)
//   #record-title, #bidder-group legend   "Record hand N", "Hand N: who won the bid?"
//   #sheet                        the score bar and latest hand: the panel of waiting hands goes at its end
//   #log-hands                    the body of "Every hand": the waiting hands follow the recorded ones
//   [data-queue-hide], #undo-last hidden while hands wait (the next deal, "No hands yet", the sheet's
//                                 Undo: they speak of the server's hands)
//   [data-live-poll]              asked to fetch the sheet again once hands were sent ("live-now")
//   meta[name=csrf-token]         the form token sent with each waiting hand
//   #request-error                the page's error banner, hidden when a hand is kept instead

  // -- Hands waiting to be sent ---------------------------------------------------------

  var FORM = "#record #hand-form";
  var SKIP = { csrf_token: true, n: true, version: true };

  function handForm() {
    return document.querySelector(FORM);
  }

  function keyOf(form) {
    return "hand-queue:" + form.getAttribute("action");
  }

  var queueKey = null; // fixed per page: the game's record address

  function load() {
    if (!queueKey) {
      return [];
    }
    try {
      var list = JSON.parse(window.localStorage.getItem(queueKey) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (ignored) {
      return [];
    }
  }

  function store(list) {
    try {
      if (list.length) {
        window.localStorage.setItem(queueKey, JSON.stringify(list));
      } else {
        window.localStorage.removeItem(queueKey);
      }
      return true;
    } catch (ignored) {
      return false;
    }
  }

  // Private browsing may refuse storage: then Save sends as before, and says when it could not.
  function canStore() {
    try {
      window.localStorage.setItem("hand-queue-check", "1");
      window.localStorage.removeItem("hand-queue-check");
      return true;
    } catch (ignored) {
      return false;
    }
  }

  function numberField(form) {
    return form.querySelector('input[name="n"]');
  }

  // The number the server put in this form (a form swapped in by htmx is a new element).
  function serverNumber(form) {
    if (!form.hasAttribute("data-server-n")) {
      form.setAttribute("data-server-n", numberField(form).value);
    }
    return parseInt(form.getAttribute("data-server-n"), 10);
  }

  function labelText(form, input) {
    var label = input.id && form.querySelector('label[for="' + input.id + '"]');
    return label ? label.textContent.replace(/\s+/g, " ").trim() : input.value;
  }

  function legendOf(input) {
    var set = input.closest("fieldset");
    var legend = set && set.querySelector("legend");
    return legend ? legend.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What was tapped, in the form's own words, as short as a row of the sheet (nothing is worked out here).
  function describe(form) {
    var parts = [];
    Array.prototype.forEach.call(form.elements, function (input) {
      var name = input.name;
      if (!name || SKIP[name] || name === "by" || input.type === "hidden" || input.type === "submit") {
        return;
      }
      var chosen = (input.type === "radio" || input.type === "checkbox") ? input.checked : input.tagName === "SELECT";
      if (!chosen || input.value === "") {
        return;
      }
      var label = labelText(form, input);
      if (name === "bagged") {
        parts.push(t("q-bagged"));
      } else if (name === "hold") {
        parts.push(t("q-held"));
      } else if (name === "no_high") {
        parts.push(t("q-no-high"));
      } else if (name === "bidder" || name === "bid") {
        parts.push(label);
      } else if (name === "took_points") {
        parts.push(t("q-took-points", { points: label }));
      } else if (input.tagName === "SELECT") {
        var option = input.options[input.selectedIndex];
        parts.push(label + " " + (option ? option.textContent.trim() : input.value));
      } else {
        var legend = legendOf(input);
        parts.push(legend ? legend + ": " + label : label);
      }
    });
    return parts.join(" · ");
  }

  function fieldsOf(form) {
    var fields = [];
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || SKIP[input.name] || input.type === "submit" || input.type === "button") {
        return;
      }
      if ((input.type === "radio" || input.type === "checkbox") && !input.checked) {
        return;
      }
      fields.push([input.name, input.value]);
    });
    return fields;
  }

  function fillForm(form, fields) {
    form.reset();
    fields.forEach(function (pair) {
      Array.prototype.forEach.call(form.elements, function (input) {
        if (input.name !== pair[0]) {
          return;
        }
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = input.value === pair[1];
        } else if (input.type !== "hidden") {
          input.value = pair[1];
        }
      });
    });
    form.setAttribute("data-touched", "");
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function say(text) {
    // The page's error banner and the last answer's message ("Hand 3 recorded.") give way to the queue's news.
    ["request-error", "play-message"].forEach(function (id) {
      var old = document.getElementById(id);
      if (old) {
        old.hidden = true;
      }
    });
    var status = document.getElementById("queue-status");
    if (status) {
      status.textContent = text;
    }
  }

  function enqueue(form) {
    var list = load();
    var n = parseInt(numberField(form).value, 10);
    list.push({ n: n, fields: fieldsOf(form), summary: describe(form), state: "waiting" });
    if (!store(list)) {
      return false;
    }
    form.reset();
    render();
    // The page keeps a draft of the form being filled in (app.js): it now holds the empty next hand,
    // so a reload never offers this hand's taps again. Left untouched, the form may move on with the sheet.
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.removeAttribute("data-touched");
    say(t("q-kept", { n: n }));
    showKept();
    flush();
    return true;
  }

  // The kept hands and the notice just under the score bar (which stays on top), not above the screen.
  function showKept() {
    var panel = document.getElementById("queue-panel");
    var status = document.getElementById("queue-status");
    if (!panel || !status) {
      return;
    }
    var bar = document.querySelector("#sheet .scorebar");
    var under = bar ? bar.getBoundingClientRect().height : 0;
    var top = panel.getBoundingClientRect().top + window.scrollY - under - 8;
    var room = window.innerHeight - under - 8;
    if (status.getBoundingClientRect().bottom - panel.getBoundingClientRect().top > room) {
      top = status.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 8; // the notice first
    }
    window.scrollTo({ top: Math.max(0, top), behavior: "instant" });
  }

  // Hand n and every later one move by `by` (a dropped hand, or another phone's hands put first).
  function renumber(list, from, by) {
    list.forEach(function (item, i) {
      if (i >= from) {
        item.n += by;
      }
    });
  }

  function drop(index, refill) {
    var list = load();
    var gone = list.splice(index, 1)[0];
    if (!gone) {
      return;
    }
    if (gone.state === "refused") {
      renumber(list, index, -1);
    }
    store(list);
    render();
    var form = handForm();
    if (refill && form && index === list.length) {
      fillForm(form, gone.fields);
    }
    say(t("q-dropped", { n: gone.n }));
    flush();
  }

  function resolve(choice) {
    var list = load();
    var first = list[0];
    if (!first || first.state !== "taken") {
      return;
    }
    if (choice === "mine-too") {
      renumber(list, 0, first.next - first.n);
      list.forEach(function (item) { item.state = "waiting"; });
      store(list);
      say(t("q-follow", { n: list[0].n }));
      render();
      flush();
    } else {
      drop(0, false);
    }
  }

  function button(text, onClick, className) {
    var b = el("button", "button button-block " + (className || ""), text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function setNumberText(node, n) {
    if (node) {
      node.textContent = node.textContent.replace(/\d+(?!.*\d)/, String(n));
    }
  }

  function mark(item) {
    return {
      waiting: t("q-waiting"),
      taken: t("q-taken", { n: item.n }),
      refused: t("q-refused"),
    }[item.state];
  }

  // Show the waiting hands: in the latest-hand area (a panel at the end of #sheet) and in "Every hand"
  // after the recorded ones; and point the form at the hand after them.
  function render() {
    var form = handForm();
    var sheet = document.getElementById("sheet");
    var body = document.getElementById("log-hands");
    if (!queueKey || (!sheet && !body)) {
      return;
    }
    Array.prototype.forEach.call(document.querySelectorAll("[data-queued], #queue-panel"), function (node) {
      node.remove();
    });
    var list = load();
    var waiting = list.length > 0;
    Array.prototype.forEach.call(document.querySelectorAll(HIDDEN_WHILE_WAITING), function (node) {
      node.hidden = waiting;
    });
    if (form) {
      var base = serverNumber(form);
      var next = waiting ? list[list.length - 1].n + 1 : base;
      numberField(form).value = String(next);
      setNumberText(form.querySelector('button[type="submit"]'), next);
      setNumberText(document.getElementById("record-title"), next);
      var legend = form.querySelector("#bidder-group legend");
      if (legend) {
        legend.textContent = legend.textContent.replace(/\d+/, String(next));
      }
    }
    if (!waiting) {
      return;
    }
    useStyle();
    var columns = body ? body.closest("table").querySelectorAll("thead th").length : 3;
    list.forEach(function (item, index) {
      if (!body) {
        return;
      }
      var row = el("tr", "queued-hand is-" + item.state);
      row.setAttribute("data-queued", String(item.n));
      var number = el("th", "col-n", String(item.n));
      number.scope = "row";
      row.appendChild(number);
      var what = el("td", "col-bid");
      what.appendChild(el("span", "mark mark-queued", mark(item)));
      what.appendChild(el("span", "queued-summary", item.summary || t("q-nothing")));
      row.appendChild(what);
      var totals = el("td", "col-side queued-totals", index === 0 ? t("q-totals") : "");
      totals.colSpan = Math.max(1, columns - 2);
      row.appendChild(totals);
      body.appendChild(row);
    });

    var panel = el("section", "queue-panel");
    panel.id = "queue-panel";
    panel.setAttribute("aria-label", t("q-panel"));
    panel.appendChild(el("p", "queue-title", t(list.length === 1 ? "q-count-one" : "q-count-many", { num: list.length })));
    var items = el("ol", "queue-list");
    list.forEach(function (item) {
      var li = el("li", "queued-item is-" + item.state);
      li.setAttribute("data-queued-item", String(item.n));
      li.appendChild(el("strong", "", t("q-hand", { n: item.n }) + " "));
      li.appendChild(el("span", "mark mark-queued", mark(item)));
      li.appendChild(el("span", "queued-summary", item.summary || t("q-nothing")));
      items.appendChild(li);
    });
    panel.appendChild(items);
    panel.appendChild(el("p", "queue-hint",
      t("q-hint")));
    var first = list[0];
    if (first.state === "taken") {
      var conflict = el("div", "queue-conflict");
      conflict.setAttribute("role", "alert");
      conflict.appendChild(el("p", "", first.message || t("q-taken-long", { n: first.n })));
      conflict.appendChild(el("p", "", t("q-mine", { n: first.n, summary: first.summary || t("q-nothing") })));
      conflict.appendChild(button(t("q-same"), function () {
        resolve("drop-mine");
      }));
      conflict.appendChild(button(t("q-different"), function () {
        resolve("mine-too");
      }, "button-primary"));
      panel.appendChild(conflict);
    } else if (first.state === "refused") {
      var refused = el("div", "queue-conflict");
      refused.setAttribute("role", "alert");
      refused.appendChild(el("p", "", t("q-not-recorded", { n: first.n, reason: first.message || t("q-sheet-refused") })));
      refused.appendChild(button(t("q-drop", { n: first.n }), function () {
        drop(0, true);
      }));
      panel.appendChild(refused);
    }
    var last = list[list.length - 1];
    panel.appendChild(button(t("q-undo", { n: last.n }), function () {
      drop(list.length - 1, true);
    }, "button-undo"));
    var status = el("p", "queue-status");
    status.id = "queue-status";
    status.setAttribute("role", "status");
    panel.appendChild(status);
    if (sheet) {
      sheet.appendChild(panel);
    } else {
      body.closest("section").insertBefore(panel, body.closest("section").firstChild);
    }
  }

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  // A page kept for hours may carry an expired form token: fetch the sheet for a fresh one.
  function freshToken() {
    return fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var meta = doc.querySelector('meta[name="csrf-token"]');
        var mine = document.querySelector('meta[name="csrf-token"]');
        if (meta && mine) {
          mine.content = meta.content;
        }
      });
  }

  var sending = false;
  var queuedUrl = null;

  function send(item) {
    var body = new URLSearchParams();
    body.append("csrf_token", csrfToken());
    body.append("n", String(item.n));
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(queuedUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken() },
      body: body,
    });
  }

  function refreshSheet() {
    var poller = document.querySelector("[data-live-poll]");
    if (poller && window.htmx) {
      window.htmx.trigger(poller, "live-now");
    }
  }

  // Send the waiting hands one at a time, in order; stop at the first that needs the scorekeeper.
  function flush(retried) {
    var list = load();
    if (sending || !list.length || list[0].state !== "waiting" || navigator.onLine === false) {
      return;
    }
    sending = true;
    var item = list[0];
    send(item).then(function (response) {
      if (response.status === 400 && !retried) {
        sending = false;
        return freshToken().then(function () { flush(true); });
      }
      if (response.status === 404) {
        // The game was deleted, or its link to keep score replaced: the hands stay here, and say so.
        return { outcome: "refused", n: item.n, message: t("q-gone") };
      }
      if (!/json/.test(response.headers.get("Content-Type") || "")) {
        throw new Error("no answer yet"); // a proxy's page, a server restarting: try again later
      }
      return response.json();
    }).then(function (answer) {
      if (!answer) {
        return; // sent again with a fresh form token
      }
      sending = false;
      var now = load();
      if (!now.length || now[0].n !== item.n) {
        return; // changed on this phone while it was being sent
      }
      if (answer.outcome === "recorded") {
        var form = handForm();
        if (form && serverNumber(form) <= item.n) {
          form.setAttribute("data-server-n", String(item.n + 1));
        }
        now.shift();
        store(now);
        say(answer.message);
        render();
        if (now.length) {
          flush();
        } else {
          refreshSheet();
        }
        return;
      }
      now[0].state = answer.outcome === "taken" ? "taken" : "refused";
      now[0].message = answer.message;
      now[0].next = answer.next;
      store(now);
      render();
      refreshSheet();
    }).catch(function () {
      sending = false; // still no signal: try again later
    });
  }

  function setUp() {
    var form = handForm();
    if (!form) {
      return;
    }
    if (!queueKey) {
      queueKey = keyOf(form);
      queuedUrl = form.getAttribute("action") + "/queued";
    }
    serverNumber(form);
    render();
  }

  // With no signal, or hands already waiting (they go first), Save keeps the hand on the phone.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(FORM)) {
      return;
    }
    if ((navigator.onLine === false || load().length) && canStore()) {
      event.preventDefault();
      event.stopPropagation();
      enqueue(form);
    }
  }, true);

  // Sent, but no answer came (a dropped signal): keep it; its number makes a second sending harmless.
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    if (form && form.matches && form.matches(FORM)) {
      enqueue(form);
    }
  });

  // The sheet or the form was replaced (a poll, a saved hand): show the waiting hands again.
  document.addEventListener("htmx:afterSettle", function () { wordsReady.then(setUp); });
  window.addEventListener("online", function () { flush(); });
  window.setInterval(function () { flush(); }, 4000);

  wordsReady.then(function () {
    setUp();
    flush();
  });
})();
