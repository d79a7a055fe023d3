// The registration desk for a queue: the find box narrows the list as letters are typed, a tick moves the
// player up beside the two buttons, and the box is ready for the next name. The page works without this
// file: the find box is then a plain search of the page, and the ticks ride along with it.
(function () {
  "use strict";

  // As the server's search_key: lower case, no accents, words apart (Émile → emile).
  function key(text) {
    return text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}_]+/u)
      .filter(Boolean);
  }

  function matches(typed, item) {
    if (typed.length === 0) {
      return true;
    }
    if (typed.length === 1 && /^\d+$/.test(typed[0])) {
      return item.dataset.number.indexOf(typed[0]) === 0;
    }
    var words = item.dataset.key.split(" ");
    return typed.every(function (t) {
      return words.some(function (w) {
        return w.indexOf(t) === 0;
      });
    });
  }

  function setUp() {
    var find = document.getElementById("desk-find");
    var list = document.getElementById("desk-list");
    var ticked = document.getElementById("desk-ticked");
    var add = document.getElementById("desk-add");
    if (!find || !list || !ticked || find.dataset.ready) {
      return;
    }
    find.dataset.ready = "1";
    document.querySelectorAll(".club-find-go").forEach(function (b) {
      b.hidden = true;
    });

    function filter() {
      var typed = key(find.value);
      var shown = [];
      list.querySelectorAll("li").forEach(function (item) {
        var on = matches(typed, item);
        item.hidden = !on;
        if (on) {
          shown.push(item);
        }
      });
      if (add) {
        var name = find.value.trim();
        add.parentNode.hidden = name === "";
        add.value = name;
        add.textContent = add.dataset.label.replace("%(name)s", name);
      }
      return shown;
    }

    function place(item) {
      var box = item.querySelector("input");
      if (box.checked) {
        ticked.appendChild(item);
      } else {
        // Back in the list in club-number order.
        var n = Number(item.dataset.number);
        var after = Array.prototype.find.call(list.children, function (other) {
          return Number(other.dataset.number) > n;
        });
        list.insertBefore(item, after || null);
      }
      find.value = "";
      filter();
      find.focus({ preventScroll: true });
    }

    list.addEventListener("change", function (event) {
      place(event.target.closest("li"));
    });
    ticked.addEventListener("change", function (event) {
      place(event.target.closest("li"));
    });
    find.addEventListener("input", filter);
    find.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") {
        return;
      }
      // Enter never sends the form: with one match it ticks that player.
      event.preventDefault();
      var shown = filter();
      if (shown.length === 1) {
        shown[0].querySelector("input").checked = true;
        place(shown[0]);
      }
    });
    filter();
  }

  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:load", setUp);
})();
