/* Scorekeeper: the search index is fetched when the reader opens the search, not with every page.
   Loaded in the head, before the theme's script, which requests the index as the page loads:
   that request is held until the search is focused, tapped or opened with its shortcut.
   Events of older years are in an index per year (search/years/<year>.json); the main index
   lists them as "Events of <year>", which leads to a page opened with ?sk-year=<year>: there
   the year's index (its events only) is fetched instead of the main one and the search opens
   by itself.
   Material searches when a key is released in the search field, so text that comes without a
   key (a Japanese input method's conversion, a word picked from a phone keyboard's suggestions,
   a paste) waited for the next key, a space: each change of the field releases one for it. */
(function () {
  "use strict";
  /* What the theme's inline script defined on every page (theme/partials/javascripts/base.html):
     the site's root (this script is in its assets/ folder) and the theme's storage helpers. */
  var here = document.currentScript && document.currentScript.src;
  window.__md_scope = new URL(here ? ".." : ".", here || location.href);
  window.__md_hash = function (s) {
    return Array.from(s).reduce(function (h, c) { return (h << 5) - h + c.charCodeAt(0); }, 0);
  };
  window.__md_get = function (key, store, scope) {
    return JSON.parse((store || localStorage).getItem((scope || window.__md_scope).pathname + "." + key));
  };
  window.__md_set = function (key, value, store, scope) {
    try { (store || localStorage).setItem((scope || window.__md_scope).pathname + "." + key, JSON.stringify(value)); } catch (e) { /* full or off */ }
  };
  document.documentElement.setAttribute("data-platform", navigator.platform);

  /* mkdocs-material's search dialog, made right after the header's search button (whose words
     it takes: data-sk-search, the placeholder, "clear", "initializing", the dialog's name) by
     the call the header makes there (theme/partials/header.html): the theme's script looks for
     the dialog as it loads. Every word is set as text. */
  var ICONS = {
    magnify: "M9.5 3A6.5 6.5 0 0 1 16 9.5c0 1.61-.59 3.09-1.56 4.23l.27.27h.79l5 5-1.5 1.5-5-5v-.79l-.27-.27A6.52 6.52 0 0 1 9.5 16 6.5 6.5 0 0 1 3 9.5 6.5 6.5 0 0 1 9.5 3m0 2C7 5 5 7 5 9.5S7 14 9.5 14 14 12 14 9.5 12 5 9.5 5",
    back: "M20 11v2H8l5.5 5.5-1.42 1.42L4.16 12l7.92-7.92L13.5 5.5 8 11z",
    close: "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
  };
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }
  function icon(path) {
    var ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg"), p = document.createElementNS(ns, "path");
    svg.setAttribute("viewBox", "0 0 24 24");
    p.setAttribute("d", path);
    svg.appendChild(p);
    return svg;
  }
  function searchDialog() {
    var button = document.querySelector("label[for=__search][data-sk-search]");
    if (!button || document.querySelector("[data-md-component=search]")) return;
    var w;
    try { w = JSON.parse(button.getAttribute("data-sk-search")); } catch (e) { return; }
    var input = el("input", {
      type: "text", "class": "md-search__input", name: "query", "aria-label": w[0], placeholder: w[0],
      autocapitalize: "off", autocorrect: "off", autocomplete: "off", spellcheck: "false",
      "data-md-component": "search-query", required: ""
    });
    var form = el("form", { "class": "md-search__form", name: "search" }, [
      input,
      el("label", { "class": "md-search__icon md-icon", "for": "__search" }, [icon(ICONS.magnify), icon(ICONS.back)]),
      el("nav", { "class": "md-search__options", "aria-label": w[3] }, [
        el("button", { type: "reset", "class": "md-search__icon md-icon", title: w[1], "aria-label": w[1], tabindex: "-1" }, [icon(ICONS.close)])
      ]),
      el("div", { "class": "md-search__suggest", "data-md-component": "search-suggest" })
    ]);
    var output = el("div", { "class": "md-search__output" }, [
      el("div", { "class": "md-search__scrollwrap", tabindex: "0", "data-md-scrollfix": "" }, [
        el("div", { "class": "md-search-result", "data-md-component": "search-result" }, [
          el("div", { "class": "md-search-result__meta" }, [w[2]]),
          el("ol", { "class": "md-search-result__list", role: "presentation" })
        ])
      ])
    ]);
    var dialog = el("div", { "class": "md-search", "data-md-component": "search", role: "dialog" }, [
      el("label", { "class": "md-search__overlay", "for": "__search" }),
      el("div", { "class": "md-search__inner", role: "search" }, [form, output])
    ]);
    button.parentNode.insertBefore(dialog, button.nextSibling);
  }
  window.skSearchDialog = searchDialog;

  var proto = XMLHttpRequest.prototype, open = proto.open, send = proto.send, go = false, held = [];
  var year = (/[?&]sk-year=(\d{4})(&|$)/.exec(location.search) || [])[1];
  var index = /(^|\/)search(\/search_index)?\.json$/;
  function start() {
    if (go) return;
    go = true;
    held.forEach(function (f) { f(); });
    held = [];
  }
  proto.open = function (method, url) {
    var path = String(url).split("?")[0];
    this.skIndex = index.test(path);
    if (this.skIndex && year) {
      arguments[1] = path.replace(index, "$1search/years/" + year + ".json");
    }
    return open.apply(this, arguments);
  };
  proto.send = function () {
    var xhr = this, args = arguments;
    if (xhr.skIndex && !go) { held.push(function () { send.apply(xhr, args); }); return; }
    return send.apply(xhr, args);
  };
  function near(e) {
    var t = e.target;
    return t && t.closest && t.closest(".md-search, [for=__search], #__search");
  }
  ["focusin", "click", "change"].forEach(function (kind) {
    document.addEventListener(kind, function (e) { if (near(e)) start(); }, true);
  });
  document.addEventListener("touchstart", function (e) { if (near(e)) start(); }, { capture: true, passive: true });
  document.addEventListener("keydown", function (e) { if ("/sfSF".indexOf(e.key) >= 0 && e.key.length === 1) start(); }, true);
  function changed(e) {
    var t = e.target;
    if (e.isComposing || !t || !t.matches || !t.matches("input.md-search__input")) return;
    t.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  }
  document.addEventListener("input", changed, true);
  document.addEventListener("compositionend", changed, true);
  if (/[?&]q=/.test(location.search)) start();
  if (year) {
    start();
    window.addEventListener("load", function () {
      var toggle = document.getElementById("__search");
      var label = document.querySelector("label[for=__search]");
      if (toggle && !toggle.checked && label) label.click();
      var input = document.querySelector(".md-search__input, .md-search input");
      if (input) input.focus();
    });
  }
})();
