/* Scorekeeper site behaviour: find-my-table, player search, event filters, copy decklists.
   Plain JavaScript, no network, no dependencies. Re-run on Material's instant navigation. */
(function () {
  "use strict";

  function filterRows(input) {
    var q = input.value.trim().toLowerCase();
    var scope = input.closest("article") || document;
    scope.querySelectorAll("[data-players]").forEach(function (row) {
      var hit = !q || row.getAttribute("data-players").indexOf(q) !== -1;
      row.classList.toggle("sk-hidden", !hit);
      row.classList.toggle("sk-match-hit", !!q && hit);
    });
  }

  function filterEvents() {
    var game = document.getElementById("sk-filter-game");
    var format = document.getElementById("sk-filter-format");
    if (!game || !format) return;
    document.querySelectorAll("li[data-game]").forEach(function (li) {
      var ok = (!game.value || li.getAttribute("data-game") === game.value) &&
               (!format.value || li.getAttribute("data-format") === format.value);
      li.classList.toggle("sk-hidden", !ok);
    });
  }

  function copyDeck(button) {
    var pre = document.getElementById(button.getAttribute("data-copy"));
    if (!pre) return;
    var text = pre.textContent;
    function done() {
      button.classList.add("sk-copied");
      button.setAttribute("data-copied", "true");
      setTimeout(function () { button.classList.remove("sk-copied"); }, 2000);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(text); done(); });
    } else {
      fallback(text);
      done();
    }
  }

  function fallback(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) { /* nothing else to try */ }
    document.body.removeChild(area);
  }

  function init() {
    document.querySelectorAll(".sk-find-input").forEach(function (input) {
      input.addEventListener("input", function () { filterRows(input); });
    });
    ["sk-filter-game", "sk-filter-format"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.addEventListener("change", filterEvents);
    });
    document.querySelectorAll("button.sk-copy").forEach(function (b) {
      b.addEventListener("click", function () { copyDeck(b); });
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
