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
