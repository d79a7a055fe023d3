// The new game and invite pages (loaded by them only). Both pages work without this file.
// Invite: share and copy buttons where the browser has them. New game: "who deals first" follows the names.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var problem = document.getElementById("new-game-error");
    if (problem) {
      problem.focus(); // in view and read out
    }
    var share = document.querySelector("[data-share]");
    if (share && navigator.share) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: share.getAttribute("data-share-title"), url: share.getAttribute("data-share") })
          .catch(function () {});
      });
    }
    var copy = document.querySelector("[data-copy]");
    if (copy && navigator.clipboard) {
      copy.hidden = false;
      copy.addEventListener("click", function () {
        var text = document.getElementById(copy.getAttribute("data-copy")).value;
        navigator.clipboard.writeText(text).then(function () {
          var copied = document.querySelector("[data-copied]");
          copied.textContent = copied.getAttribute("data-copied");
        });
      });
    }
  });
  document.addEventListener("input", function (event) {
    var seat = event.target.getAttribute && event.target.getAttribute("data-seat");
    var name = seat && document.querySelector('[data-seat-name="' + seat + '"]');
    if (name) {
      name.textContent = event.target.value.trim() || name.closest("[data-seat-blank]").getAttribute("data-seat-blank");
      showDealers();
    }
  });

  // Once names are written, only seats with a player are offered to deal first.
  function showDealers() {
    var seats = Array.prototype.slice.call(document.querySelectorAll("input[data-seat]"));
    var named = seats.some(function (input) { return input.value.trim() !== ""; });
    seats.forEach(function (input) {
      var label = document.querySelector('[data-dealer-seat="' + input.getAttribute("data-seat") + '"]');
      if (label) {
        label.hidden = input.value.trim() === "" && (named || Number(input.getAttribute("data-seat")) >= 4);
      }
    });
  }
})();
