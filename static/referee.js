// Tapping cards on the referee page without a round trip: a tap puts the card into the
// chosen field (or takes it out). Without this file the same tap asks the server.
(function () {
  "use strict";

  var SUITS = { "♠": "S", "♣": "C", "♥": "H", "♦": "D", "♤": "S", "♧": "C", "♡": "H", "♢": "D" };

  function normal(token) {
    var t = token.replace(/\ufe0f/g, "").toUpperCase();
    Object.keys(SUITS).forEach(function (symbol) {
      t = t.split(symbol).join(SUITS[symbol]);
    });
    if (t === "JOKER" || t === "JO") {
      return "JK";
    }
    if (/^T[SCHD]$/.test(t)) {
      return "10" + t.charAt(1);
    }
    return t;
  }

  function tokens(text) {
    return text.split(/[\s,;]+/).filter(function (t) { return t.length > 0; });
  }

  function targets(form) {
    return Array.prototype.slice.call(form.querySelectorAll("[data-tap-target]"));
  }

  function targetFor(form) {
    var chosen = form.querySelector('input[name="into"]:checked') || form.querySelector('input[name="into"]');
    var name = chosen ? chosen.value : "";
    return form.querySelector('[data-tap-target][name="' + name + '"]') || targets(form)[0];
  }

  function refresh(form) {
    var marks = {};
    targets(form).forEach(function (input) {
      tokens(input.value).forEach(function (token, i) {
        var code = normal(token);
        if (!marks[code]) {
          marks[code] = { field: input.name, place: i + 1 };
        }
      });
    });
    form.querySelectorAll("button[data-card]").forEach(function (button) {
      var mark = marks[button.dataset.card];
      button.classList.remove("in-pair", "in-cards", "in-trick", "in-hand");
      button.setAttribute("aria-pressed", mark ? "true" : "false");
      if (mark) {
        button.classList.add("in-" + mark.field);
      }
      var place = button.querySelector("[data-place]");
      if (place) {
        place.textContent = mark ? String(mark.place) : "";
      }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-card]") : null;
    if (!button) {
      return;
    }
    var form = button.closest("form[data-tap-form]");
    if (!form) {
      return;
    }
    event.preventDefault();
    var code = button.dataset.card;
    var target = targetFor(form);
    var inTarget = false;
    targets(form).forEach(function (input) {
      var kept = tokens(input.value).filter(function (t) {
        var same = normal(t) === code;
        if (same && input === target) {
          inTarget = true;
        }
        return !same;
      });
      input.value = kept.join(" ");
    });
    if (!inTarget) {
      target.value = tokens(target.value).concat([code]).join(" ");
    }
    refresh(form);
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest ? event.target.closest("form[data-tap-form]") : null;
    if (form && event.target.matches("[data-tap-target]")) {
      refresh(form);
    }
  });
})();
