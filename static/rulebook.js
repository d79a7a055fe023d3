// Find a topic in the rule book: typing in the search box shows only the sections that mention every word
// typed, and only their matching parts. Without this file the box stays hidden and the contents list,
// plain links to each section, does the job.
(function () {
  "use strict";

  var box = document.querySelector("[data-rb-search]");
  if (!box) {
    return;
  }
  var input = box.querySelector("input");
  var status = box.querySelector("[role=status]");
  var sections = Array.prototype.slice.call(document.querySelectorAll(".rulebook > section[id]"));

  function plain(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\s+/g, " ");
  }

  function words(text) {
    return plain(text).split(" ").filter(function (w) { return w.length > 0; });
  }

  function mentions(element, terms) {
    var text = plain(element.textContent);
    return terms.every(function (w) { return text.indexOf(w) >= 0; });
  }

  function contentsEntry(section) {
    var link = document.querySelector('.rb-toc-list a[href="#' + section.id + '"]');
    return link ? link.closest("li") : null;
  }

  function filter() {
    var terms = words(input.value);
    var found = 0;
    sections.forEach(function (section) {
      var match = terms.length === 0 || mentions(section, terms);
      var heading = section.querySelector("h2");
      var whole = terms.length === 0 || (heading && mentions(heading, terms));
      section.hidden = !match;
      section.querySelectorAll(":scope > section").forEach(function (part) {
        part.hidden = match && !whole && !mentions(part, terms);
        // A folded house rule that mentions the words opens; it folds again when the search is cleared.
        var fold = part.querySelector(":scope > details");
        if (fold && (fold.open === false || fold.dataset.openedBySearch)) {
          var open = terms.length > 0 && !part.hidden && !whole;
          fold.open = open;
          if (open) {
            fold.dataset.openedBySearch = "yes";
          } else {
            delete fold.dataset.openedBySearch;
          }
        }
      });
      var entry = contentsEntry(section);
      if (entry) {
        entry.hidden = !match;
      }
      found += match ? 1 : 0;
    });
    var asked = input.value.trim();
    if (terms.length === 0) {
      status.textContent = "";
    } else if (found === 0) {
      status.textContent = "Nothing in the rule book mentions \u201c" + asked + "\u201d. Try another word.";
    } else {
      status.textContent =
        (found === 1 ? "1 section mentions" : found + " sections mention") + " \u201c" + asked + "\u201d.";
    }
  }

  box.hidden = false;
  input.addEventListener("input", filter);
  input.addEventListener("search", filter);
})();
