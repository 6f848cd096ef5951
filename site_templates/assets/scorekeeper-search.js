/* Scorekeeper: the search index is fetched when the reader opens the search, not with every page.
   Loaded in the head, before the theme's script, which requests the index as the page loads:
   that request is held until the search is focused, tapped or opened with its shortcut. */
(function () {
  "use strict";
  var proto = XMLHttpRequest.prototype, open = proto.open, send = proto.send, go = false, held = [];
  function start() {
    if (go) return;
    go = true;
    held.forEach(function (f) { f(); });
    held = [];
  }
  proto.open = function (method, url) {
    this.skIndex = /(^|\/)search(\/search_index)?\.json$/.test(String(url).split("?")[0]);
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
  if (/[?&]q=/.test(location.search)) start();
})();
