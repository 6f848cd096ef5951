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

  /* Live event page: the round clock, and a reload when a newer build is published. */
  var live = { tick: 0, poll: 0, typed: 0 };

  function clock() {
    document.querySelectorAll(".sk-clock[data-started]").forEach(function (el) {
      var hm = el.getAttribute("data-started").split(":"), minutes = +el.getAttribute("data-minutes");
      if (!minutes) return;
      var now = new Date(), start = new Date(now);
      start.setHours(+hm[0], +hm[1], 0, 0);
      if (start - now > 36e5) start.setDate(start.getDate() - 1);  /* started before midnight */
      var left = Math.round((start.getTime() + minutes * 6e4 - now.getTime()) / 1e3);
      if (left <= 0) {
        el.textContent = "time";
        el.classList.add("sk-time-up");
      } else {
        var m = Math.floor(left / 60), sec = left % 60;
        el.textContent = m + ":" + (sec < 10 ? "0" : "") + sec + " left";
      }
    });
  }

  function busy() {
    var a = document.activeElement;
    return (a && /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName)) || Date.now() - live.typed < 15e3;
  }

  function poll(section) {
    if (document.hidden || busy()) return;
    var url = new URL(section.getAttribute("data-version-url"), location.href);
    fetch(url, { cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : r.status === 404 ? "" : null;
    }).then(function (v) {
      if (v === null || busy()) return;
      if (v.trim() !== section.getAttribute("data-version")) location.reload();
    }, function () { /* offline for a moment: try again later */ });
  }

  function startLive() {
    clearInterval(live.tick);
    clearInterval(live.poll);
    var section = document.querySelector(".sk-live[data-version]");
    if (!section) return;
    clock();
    live.tick = setInterval(clock, 1e3);
    live.poll = setInterval(function () { poll(section); }, 6e4);
  }

  function remember(input) {
    try {
      var key = "sk-find:" + location.pathname, saved = sessionStorage.getItem(key);
      if (saved && !input.value) { input.value = saved; filterRows(input); }
      input.addEventListener("input", function () { sessionStorage.setItem(key, input.value); });
    } catch (e) { /* storage off: nothing to remember */ }
  }

  function init() {
    document.querySelectorAll(".sk-find-input").forEach(function (input) {
      input.addEventListener("input", function () { filterRows(input); });
      remember(input);
    });
    startLive();
    ["sk-filter-game", "sk-filter-format"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.addEventListener("change", filterEvents);
    });
    document.querySelectorAll("button.sk-copy").forEach(function (b) {
      b.addEventListener("click", function () { copyDeck(b); });
    });
  }

  document.addEventListener("keydown", function () { live.typed = Date.now(); }, true);

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
