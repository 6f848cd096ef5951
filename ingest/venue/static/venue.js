/* Scorekeeper at the venue (scorekeeper venue): live updates for the site's pages and the
   venue's own, and the report form that never reloads.

   Every page the venue serves starts with window.skVenue: {page, tag, watch, inbox, now,
   words}. The page listens to /__venue/events (server-sent events); while that stream is down
   it polls /__venue/version every few seconds. A page of the site reloads itself when the
   server says its own file changed, and only when the visitor is not typing
   (scorekeeperLive.reloadWhenIdle, in the site's script). The report form sends with fetch,
   with the same idempotency key on every retry, and updates its status in place; the TO page
   reloads when the inbox changes and nobody is typing; the projector when a build is done. */
(function () {
  "use strict";
  var cfg = window.skVenue || {};
  var inbox = cfg.inbox || 0;
  var source = null, polling = 0;
  if (cfg.now) window.skClockOffset = cfg.now - Date.now();

  function query() {
    var q = "?page=" + encodeURIComponent(cfg.page || "") + "&tag=" + encodeURIComponent(cfg.tag || "");
    return cfg.watch === "inbox" ? q + "&inbox=" + inbox : q;
  }

  function reload() {
    if (window.scorekeeperLive) window.scorekeeperLive.reloadWhenIdle();
    else location.reload();
  }

  function told(kind, data) {
    if (kind === "page") { reload(); return; }
    if (kind === "inbox") inbox = +data;
    document.dispatchEvent(new CustomEvent("sk:" + kind, { detail: data }));
  }

  function poll() {
    fetch("/__venue/version" + query(), { cache: "no-store" }).then(function (r) { return r.json(); })
      .then(function (v) {
        window.skClockOffset = v.now - Date.now();
        if (v.page) told("page");
        if (cfg.watch === "inbox" && v.inbox !== inbox) told("inbox", v.inbox);
        if (cfg.site !== undefined && v.site !== cfg.site) told("site", v.site);
        cfg.site = v.site;
      }, function () { /* the venue is out of reach for a moment */ });
  }

  function startPolling() { if (!polling) polling = setInterval(poll, 3000); }
  function stopPolling() { clearInterval(polling); polling = 0; }

  function connect() {
    if (!window.EventSource) { startPolling(); return; }
    source = new EventSource("/__venue/events" + query());
    source.addEventListener("clock", function (e) { window.skClockOffset = +e.data - Date.now(); });
    source.addEventListener("page", function () { told("page"); });
    source.addEventListener("site", function (e) { cfg.site = +e.data; told("site", e.data); });
    source.addEventListener("inbox", function (e) { told("inbox", e.data); });
    source.onopen = function () { stopPolling(); poll(); };
    source.onerror = function () {
      startPolling();
      if (source && source.readyState === 2) {  /* closed for good: open a new one later */
        source = null;
        setTimeout(connect, 5000);
      }
    };
  }

  /* The site's event page at the venue: a way to the report form, first thing. */
  function reportLinks() {
    var live = document.querySelector(".sk-live");
    var words = cfg.words || {};
    if (!live || !words.report) return;
    var link = document.createElement("a");
    link.className = "md-button md-button--primary sk-venue-report";
    link.href = "/report";
    link.textContent = words.report;
    live.insertBefore(link, live.firstChild);
    live.querySelectorAll(".sk-pairings .sk-pending").forEach(function (cell) {
      var a = document.createElement("a");
      a.href = "/report";
      a.textContent = cell.textContent;
      cell.textContent = "";
      cell.appendChild(a);
    });
  }

  /* The report form: sent with fetch, the same key on every retry, the status block updated. */
  function reportForm() {
    var status = document.getElementById("sk-status");
    var forms = document.querySelectorAll("form.sk-report, form.sk-venue-confirm");
    if (!status || !window.fetch) return;
    var statusUrl = status.getAttribute("data-status-url");

    function show(doc) {
      status.innerHTML = doc.html;
      var box = document.getElementById("sk-form-box");
      var form = document.querySelector("form.sk-report");
      if (box) {
        var summary = box.querySelector("summary");
        box.hidden = !doc.form;
        box.open = doc.form === "open";
        if (summary) {
          summary.hidden = doc.form === "open";
          summary.textContent = doc.change || "";
        }
      }
      if (form) {
        var key = form.querySelector("input[name=key]");
        if (key && doc.key) key.value = doc.key;
      }
      bind();
    }

    function problem(text) {
      var box = document.getElementById("sk-venue-problem");
      if (!box) return;
      box.textContent = text || "";
      box.hidden = !text;
    }

    function send(form, button) {
      var body = new URLSearchParams(new FormData(form));
      var tries = 0;
      if (button) button.disabled = true;
      problem("");
      status.setAttribute("aria-busy", "true");
      function attempt() {
        tries += 1;
        fetch(form.action, {
          method: "POST", body: body, credentials: "same-origin",
          headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" }
        }).then(function (r) { return r.json(); }).then(function (doc) {
          status.removeAttribute("aria-busy");
          if (button) button.disabled = false;
          if (doc.html) show(doc);
          problem(doc.ok ? "" : doc.error);
        }, function () {
          /* No answer: the venue may have it already; the same key makes a retry safe. */
          problem((cfg.words && cfg.words.retrying) || "…");
          setTimeout(attempt, Math.min(8000, 500 * Math.pow(2, tries)));
        });
      }
      attempt();
    }

    function bind() {
      document.querySelectorAll("form.sk-report, form.sk-venue-confirm").forEach(function (form) {
        if (form.getAttribute("data-bound")) return;
        form.setAttribute("data-bound", "1");
        form.addEventListener("submit", function (e) {
          e.preventDefault();
          send(form, form.querySelector("button[type=submit]"));
        });
      });
    }

    function refresh() {
      if (!statusUrl) return;
      fetch(statusUrl, { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (doc) { if (doc && doc.html) show(doc); }, function () {});
    }

    bind();
    document.addEventListener("sk:inbox", refresh);
    document.addEventListener("sk:site", refresh);
    if (!forms.length) return;
  }

  /* The TO page: what changed is drawn into the page in place (no reload: a click on its way
     is never lost), unless the TO is typing, pressing a button (a button replaced between
     press and release takes no click) or a form is being sent. */
  function toPage() {
    var desk = document.querySelector(".sk-venue-desk");
    if (!desk) return;
    var sending = false, pressing = false, timer = 0;
    desk.addEventListener("pointerdown", function () { pressing = true; });
    ["pointerup", "pointercancel"].forEach(function (type) {
      document.addEventListener(type, function () { setTimeout(function () { pressing = false; }, 500); });
    });

    function guard(scope) {
      scope.querySelectorAll("form").forEach(function (form) {
        form.addEventListener("submit", function (e) {
          if (form.hasAttribute("data-confirm") && !window.confirm((cfg.words && cfg.words.restart) || "?")) {
            e.preventDefault();
            return;
          }
          sending = true;
        });
      });
    }

    function redraw() {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var live = window.scorekeeperLive;
        if (sending || pressing || (live && live.busy())) { timer = setTimeout(redraw, 2000); return; }
        fetch(location.href, { cache: "no-store", credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) {
            if (!html || sending) return;
            if (pressing) { redraw(); return; }
            var fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".sk-venue-desk");
            if (!fresh) return;
            var opened = [];  /* a box the TO opened (the roster) stays open */
            desk.querySelectorAll("details[id]").forEach(function (d) { if (d.open) opened.push(d.id); });
            desk.innerHTML = fresh.innerHTML;
            opened.forEach(function (id) { var d = document.getElementById(id); if (d) d.open = true; });
            guard(desk);
            if (live && live.restart) live.restart();
          }, function () {});
      }, 300);
    }

    guard(desk);
    document.addEventListener("sk:inbox", redraw);
    document.addEventListener("sk:site", redraw);
  }

  /* A player's entry on the join page: where it stands is drawn again in place when the inbox
     changes or a build is done (the TO accepted it, it was written, round 1 was paired). */
  function entryPage() {
    var box = document.querySelector(".sk-venue-entry");
    if (!box || !box.querySelector("[data-state]")) return;
    var sending = false, timer = 0;
    box.addEventListener("submit", function () { sending = true; });

    function redraw() {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var live = window.scorekeeperLive;
        if (sending || (live && live.busy())) { timer = setTimeout(redraw, 2000); return; }
        fetch(location.href, { cache: "no-store", credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) {
            if (!html || sending) return;
            var fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".sk-venue-entry");
            if (fresh) box.innerHTML = fresh.innerHTML;
          }, function () {});
      }, 300);
    }

    document.addEventListener("sk:inbox", redraw);
    document.addEventListener("sk:site", redraw);
  }

  /* The projector: a new build shows at once (nobody types there); a long list scrolls. */
  function screen() {
    var box = document.querySelector(".sk-screen-scroll");
    if (!box) return;
    document.addEventListener("sk:site", function () { location.reload(); });
    var pause = 0;
    setInterval(function () {
      if (box.scrollHeight <= box.clientHeight + 2) return;
      if (pause > 0) { pause -= 1; return; }
      if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) {
        box.scrollTop = 0;
        pause = 60;
      } else {
        box.scrollTop += 1;
        if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) pause = 60;
      }
    }, 50);
  }

  function init() {
    reportLinks();
    reportForm();
    toPage();
    entryPage();
    screen();
    connect();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
