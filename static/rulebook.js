// Find a topic in the rule book: typing in the search box leaves only the passages (paragraphs, list items,
// table rows, examples) that mention every word typed, with the headings above them, and brings the first one
// into view. It searches the page's own text, in whatever language the page is in; its sentences come from the
// page (data attributes of the status line). Without this file the box stays hidden and the contents list,
// plain links to each section, does the job.
(function () {
  "use strict";

  var box = document.querySelector("[data-rb-search]");
  if (!box) {
    return;
  }
  var input = box.querySelector("input");
  var status = box.querySelector("[role=status]");
  var book = document.querySelector(".rulebook");
  var sections = slice(book.querySelectorAll(":scope > section[id]"));
  // A passage: the smallest piece a search shows or hides; one inside another counts as the outer one.
  var PASSAGE = "p, li, dt, dd, figure, tbody tr, dl.rb-facts";
  var GROUP = "ul, ol, dl, .table-wrap, table";
  var passages = slice(book.querySelectorAll(":scope > section[id] :is(" + PASSAGE + ")")).filter(function (el) {
    return !el.closest(".rb-up") && !el.parentElement.closest(PASSAGE);
  });
  var scrollTimer = null;

  function slice(list) {
    return Array.prototype.slice.call(list);
  }

  function plain(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[\s\u00a0\u202f]+/g, " ");
  }

  function words(text) {
    return plain(text).split(" ").filter(function (w) { return w.length > 0; });
  }

  function mentions(element, terms) {
    var text = plain(element.textContent);
    return terms.every(function (w) { return text.indexOf(w) >= 0; });
  }

  // The section or house rule a passage belongs to, and the heading that names it.
  function scopeOf(el) {
    return el.closest("section");
  }

  function headingOf(scope) {
    return scope.querySelector(":scope > h2, :scope > h3, :scope > details > summary");
  }

  function contentsEntry(section) {
    var link = document.querySelector('.rb-toc-list a[href="#' + section.id + '"]');
    return link ? link.closest("li") : null;
  }

  function holdsShown(element, shown) {
    return shown.some(function (el) { return element === el || element.contains(el); });
  }

  function say(template, count, asked) {
    return template.replace("{count}", String(count)).replace("{query}", asked);
  }

  function filter() {
    var terms = words(input.value);
    var searching = terms.length > 0;
    var matches = searching ? passages.filter(function (el) { return mentions(el, terms); }) : passages.slice();
    var shown = matches.slice();
    if (searching) {
      // A section or house rule whose heading matches shows its first passage.
      var named = [];
      passages.forEach(function (el) {
        var scope = scopeOf(el);
        var heading = headingOf(scope);
        if (named.indexOf(scope) < 0 && heading && mentions(heading, terms)) {
          named.push(scope);
          if (shown.indexOf(el) < 0) {
            shown.push(el);
          }
        }
      });
      // A word and its meaning go together.
      shown.slice().forEach(function (el) {
        var partner = el.matches("dt") ? el.nextElementSibling : el.matches("dd") ? el.previousElementSibling : null;
        if (partner && shown.indexOf(partner) < 0) {
          shown.push(partner);
        }
      });
    }
    passages.forEach(function (el) {
      el.hidden = shown.indexOf(el) < 0;
    });
    sections.forEach(function (section) {
      var match = holdsShown(section, shown);
      section.hidden = !match;
      section.querySelectorAll(GROUP).forEach(function (group) {
        var inside = passages.some(function (el) { return group.contains(el); });
        group.hidden = searching && inside && !holdsShown(group, shown);
      });
      section.querySelectorAll("section").forEach(function (part) {
        part.hidden = searching && !holdsShown(part, shown);
      });
      section.querySelectorAll(".rb-up").forEach(function (up) {
        up.hidden = searching;
      });
      // A heading standing in a section's flow shows while a passage under it does.
      var heading = null;
      var needed = false;
      slice(section.children).forEach(function (child) {
        if (child.matches("h3")) {
          if (heading) {
            heading.hidden = searching && !needed;
          }
          heading = child;
          needed = false;
        } else if (holdsShown(child, shown)) {
          needed = true;
        }
      });
      if (heading) {
        heading.hidden = searching && !needed;
      }
      // A folded part (a house rule, a preset's settings) opens when the search finds something in it, and
      // folds again after.
      section.querySelectorAll("details").forEach(function (fold) {
        if (fold.open && !fold.dataset.openedBySearch) {
          return;
        }
        var open = searching && holdsShown(fold, shown);
        fold.open = open;
        if (open) {
          fold.dataset.openedBySearch = "yes";
        } else {
          delete fold.dataset.openedBySearch;
        }
      });
      var entry = contentsEntry(section);
      if (entry) {
        entry.hidden = !match;
      }
    });
    var asked = input.value.trim();
    if (!searching) {
      status.textContent = "";
    } else if (matches.length === 0) {
      status.textContent = say(status.dataset.none, 0, asked);
    } else {
      status.textContent = say(matches.length === 1 ? status.dataset.one : status.dataset.many, matches.length, asked);
    }
    return searching ? matches[0] || shown[0] || null : null;
  }

  // Bring the first passage found into view once typing pauses, or at once on Enter.
  function land(first) {
    if (first && !first.hidden) {
      first.scrollIntoView({ block: "nearest" });
    }
  }

  function onInput() {
    var first = filter();
    window.clearTimeout(scrollTimer);
    scrollTimer = window.setTimeout(function () { land(first); }, 400);
  }

  box.hidden = false;
  input.addEventListener("input", onInput);
  input.addEventListener("search", function () { land(filter()); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      land(filter());
    }
  });
})();
