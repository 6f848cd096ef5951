/* Scorekeeper site behaviour: find-my-table, event filters, the decklists drawn from their
   document, copy decklists, the rounds page's pairings and standings drawn from its data,
   the opponents behind a standings row, printing. Plain JavaScript, no dependencies; the network only for the site's own files
   (a decklists document, the live page's version). Re-run on Material's instant navigation. */
(function () {
  "use strict";

  /* Find my table (and find a player): a pairings row stays, with the note row under it, when
     the query is in either (a team's note names its members); a player list item when the
     query is in the player's name. */
  function rowText(row) {
    if (row.tagName === "LI") return (row.querySelector("a") || row).textContent;
    var note = row.nextElementSibling;
    return row.textContent + (note && note.classList.contains("sk-note") ? " " + note.textContent : "");
  }

  function filterRows(input) {
    var q = input.value.trim().toLowerCase();
    var scope = input.closest("article") || document;
    scope.querySelectorAll(".sk-pairings tbody tr, .sk-player-list li").forEach(function (row) {
      var main = row.classList.contains("sk-note") ? row.previousElementSibling || row : row;
      var hit = !q || rowText(main).toLowerCase().indexOf(q) !== -1;
      row.classList.toggle("sk-hidden", !hit);
      row.classList.toggle("sk-match-hit", !!q && hit && row === main && row.tagName !== "LI");
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

  /* A deck as decklist text, read from the page: each section's header line (data-h) where
     the section changes, a blank line between sections, then its card lines. */
  function deckText(article) {
    var lines = [], header = null;
    article.querySelectorAll(".sk-deck-sections section").forEach(function (section) {
      var h = section.getAttribute("data-h");
      if (h !== header) {
        if (lines.length) lines.push("");
        lines.push(h);
        header = h;
      }
      section.querySelectorAll("li").forEach(function (li) { lines.push(li.textContent.trim()); });
    });
    return lines.length ? lines.join("\n") + "\n" : "";
  }

  function copyDeck(button) {
    var article = button.closest(".sk-deck");
    if (!article) return;
    var text = deckText(article);
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

  /* The words this script writes, in the site's language: a page not in English gives them
     as JSON in a data-sk-words attribute (on the standings table, on the clock). */
  var ENGLISH = {
    opponent: "Opponent", mw: "MW%", gw: "GW%", noRounds: "no rounds", noGames: "no games",
    floor: "floor; %(note)s", was: "was %(value)s", tiebreakers: "Tiebreakers", opponents: "Opponents",
    time: "time", left: "%(time)s left", paused: "%(time)s left, paused", tied: "tied", dropped: "(dropped)",
    playing: "playing", notDrawn: "This table could not be drawn: reload the page to see it.",
    bye: "bye", loss: "loss", doubleLoss: "double loss"
  };

  function words(el) {
    var host = el && el.closest("[data-sk-words]");
    if (!host) return ENGLISH;
    var own;
    try { own = JSON.parse(host.getAttribute("data-sk-words")); } catch (e) { return ENGLISH; }
    var out = {};
    Object.keys(ENGLISH).forEach(function (k) { out[k] = typeof own[k] === "string" ? own[k] : ENGLISH[k]; });
    return out;
  }

  /* A standings row's opponents (data-o: "row;..." or, for a row evaluated at another point,
     "row mw floor [gw floor];..."; the first form reads the opponent's own "mw floor [gw
     floor]" on their row, data-p), as a table under it. */
  function cell(tag, text) {
    var c = document.createElement(tag);
    c.textContent = text;
    return c;
  }

  function percent(value, floor, nothing, w) {
    if (floor === "-" || floor === undefined) return value + "%";
    var note = floor === "n" ? nothing : w.was.replace("%(value)s", floor + "%");
    return value + "% (" + w.floor.replace("%(note)s", note) + ")";
  }

  function toggleOpponents(row) {
    var next = row.nextElementSibling;
    var button = row.querySelector(".sk-more");
    if (next && next.classList.contains("sk-detail")) {
      next.parentNode.removeChild(next);
      if (button) { button.textContent = "▸"; button.setAttribute("aria-expanded", "false"); }
      return;
    }
    /* An entry's row number counts every row of the table (not the details opened). */
    var rows = row.parentNode.querySelectorAll(":scope > tr:not(.sk-detail)");
    var entries = (row.hasAttribute("data-o") ? row.getAttribute("data-o").split(";") : []).map(function (entry) {
      var f = entry.split(" ");
      if (f.length > 1) return f;
      var opp = rows[parseInt(f[0], 10) - 1], own = opp && opp.getAttribute("data-p");
      return own ? f.concat(own.split(" ")) : f.concat(["?", "-"]);
    });
    var games = entries.length > 0 && entries[0].length > 3;
    var w = words(row);
    var table = document.createElement("table");
    table.className = "sk-opponents";
    var head = document.createElement("tr");
    head.appendChild(cell("th", w.opponent));
    head.appendChild(cell("th", w.mw));
    if (games) head.appendChild(cell("th", w.gw));
    table.appendChild(head);
    entries.forEach(function (f) {
      var opp = rows[parseInt(f[0], 10) - 1];
      var link = opp && opp.children[1].querySelector("a");
      var tr = document.createElement("tr");
      tr.appendChild(cell("td", link ? link.textContent : "?"));
      tr.appendChild(cell("td", percent(f[1], f[2], w.noRounds, w)));
      if (games) tr.appendChild(cell("td", percent(f[3], f[4], w.noGames, w)));
      table.appendChild(tr);
    });
    var detail = document.createElement("tr");
    detail.className = "sk-detail";
    var td = document.createElement("td");
    td.colSpan = row.children.length;
    /* The tiebreakers (th.sk-tb; in the rows, every cell from the fifth on), which a
       phone hides from the row, head the detail. */
    var heads = row.closest("table").querySelectorAll("thead th.sk-tb");
    var values = Array.prototype.slice.call(row.children, 4);
    if (heads.length) {
      var line = document.createElement("p");
      line.className = "sk-tb-line";
      line.textContent = Array.prototype.map.call(heads, function (h, i) {
        return h.textContent + " " + (values[i] ? values[i].textContent : "");
      }).join(" · ");
      td.appendChild(line);
    }
    if (entries.length) td.appendChild(table);
    detail.appendChild(td);
    row.parentNode.insertBefore(detail, row.nextSibling);
    if (button) { button.textContent = "▾"; button.setAttribute("aria-expanded", "true"); }
  }

  /* The rounds page's tables, from the page's data (rounds_data in
     ingest/site/table_rows.py): each tbody[data-standings] gets the rows the server writes
     for a standings table, each tbody[data-pairings] those it writes for a round's pairings.
     Every value is set as text. */
  function standingsRow(r, data, w, tied) {
    /* [rank, unit, points, W-L-D, tiebreakers..., and {d: dropped, p: place} when it has either] */
    var last = r[r.length - 1], more = last !== null && typeof last === "object" ? last : {};
    var end = more === last ? r.length - 1 : r.length;
    var unit = data.units[r[1]] || ["?", ""];
    var tr = document.createElement("tr");
    if (more.d) tr.className = "sk-dropped";
    var rank = cell("td", String(r[0]));
    if (tied) {
      var tie = cell("span", "=");
      tie.className = "sk-tie";
      tie.title = w.tied;
      rank.appendChild(tie);
    }
    tr.appendChild(rank);
    var name = document.createElement("td");
    if (unit[1]) {
      var a = cell("a", unit[0]);
      a.href = data.base + unit[1];
      name.appendChild(a);
    } else {
      name.textContent = unit[0];
    }
    if (more.p) {
      var badge = cell("span", more.p);
      badge.className = "sk-badge";
      name.appendChild(document.createTextNode(" "));
      name.appendChild(badge);
    }
    if (more.d) {
      var gone = cell("span", w.dropped);
      gone.className = "sk-muted";
      name.appendChild(document.createTextNode(" "));
      name.appendChild(gone);
    }
    tr.appendChild(name);
    tr.appendChild(cell("td", String(r[2])));
    tr.appendChild(cell("td", r[3]));
    /* data.percent: every tiebreaker is a percentage, written without its sign. */
    for (var i = 4; i < end; i++) tr.appendChild(cell("td", data.percent ? hundredths(r[i], data) + "%" : r[i]));
    return tr;
  }

  /* A percentage the data gives in whole hundredths (data.cents: 3300 for 33.00). */
  function hundredths(value, data) {
    if (!data.cents || typeof value !== "number") return value;
    var cents = String(value % 100);
    return Math.floor(value / 100) + "." + (cents.length < 2 ? "0" + cents : cents);
  }

  function unitCell(unit, data, won) {
    var td = document.createElement("td");
    if (won) td.className = "sk-won";
    if (unit === null || unit === undefined) return td;
    var u = data.units[unit] || ["?", ""];
    if (u[1]) {
      var a = cell("a", u[0]);
      a.href = data.base + u[1];
      td.appendChild(a);
    } else {
      td.textContent = u[0];
    }
    return td;
  }

  /* A round's table: [table, unit, result (null: being played), opponent (null: none), won
     (1 or 2: that side), note (a judge's note, a team match's seats)?]. */
  function pairingRows(r, data, w) {
    var tr = document.createElement("tr");
    tr.appendChild(cell("td", String(r[0])));
    tr.appendChild(unitCell(r[1], data, r[4] === 1));
    var result = document.createElement("td");
    if (r[2] === null || r[2] === undefined) {
      result.appendChild(cell("span", w.playing)).className = "sk-pending";
    } else {
      result.textContent = r[2];
    }
    tr.appendChild(result);
    tr.appendChild(unitCell(r[3], data, r[4] === 2));
    if (r.length < 6) return [tr];
    var note = document.createElement("tr"), text = cell("td", r[5]);
    note.className = "sk-note";
    note.appendChild(document.createElement("td"));
    text.colSpan = 3;
    note.appendChild(text);
    return [tr, note];
  }

  /* A table whose data could not be read says so, in one row. */
  function notDrawn(body) {
    var tr = document.createElement("tr"), td = cell("td", words(body).notDrawn);
    td.colSpan = body.parentNode.tHead ? body.parentNode.tHead.rows[0].cells.length : 1;
    td.className = "sk-failed";
    tr.appendChild(td);
    body.appendChild(tr);
  }

  /* A round's matches as the event's API document gives them (ingest/site/api.py:
     {table, players: [a, b], games} or {result: "double-loss"}, {bye: a}, {loss: a}), as the
     rows the page's data would give: [table, unit, result, opponent, won], the units the
     document's players in its order, sorted by table (tables first) as the server does. */
  function documentRows(matches, place, w) {
    var rows = matches.map(function (m, i) {
      var a = m.players ? m.players[0] : (m.bye !== undefined ? m.bye : m.loss), b = m.players ? m.players[1] : null;
      var result, won = 0;
      if (m.bye !== undefined) { result = w.bye; won = 1; }
      else if (m.loss !== undefined) result = w.loss;
      else if (m.result === "double-loss") result = w.doubleLoss;
      else if (typeof m.games === "string") {
        result = m.games;
        var g = m.games.split("-");
        won = +g[0] > +g[1] ? 1 : +g[1] > +g[0] ? 2 : 0;
      } else result = null;
      return { i: i, t: m.table, row: [m.table === undefined ? "" : m.table, place[a], result,
        b === null || b === undefined ? null : place[b], won] };
    });
    rows.sort(function (x, y) {
      var nx = x.t === undefined, ny = y.t === undefined;
      return (nx - ny) || ((x.t || 0) - (y.t || 0)) || (x.i - y.i);
    });
    return rows.map(function (r) { return r.row; });
  }

  /* The units and the pairings the page's data leaves to the document ("r3": round 3, "p1":
     playoff round 1), from the document: each player's name and page ("players/<player_page
     or id>/", or the one data.own gives). */
  function fromDocument(data, doc, w) {
    var place = {}, own = data.own || {};
    data.units = tableItems(doc.players).map(function (p, i) {
      place[p.id] = i;
      return [p.name, own[i] !== undefined ? own[i] : "players/" + (p.player_page || p.id) + "/"];
    });
    data.pairings = data.pairings.map(function (rows) {
      if (typeof rows !== "string") return rows;
      var list = rows.charAt(0) === "p" ? doc.playoff : doc.rounds, number = +rows.slice(1), found = null;
      (list || []).forEach(function (r) { if (r.round === number) found = r; });
      return found ? documentRows(tableItems(found.matches), place, w) : null;
    });
    return data;
  }

  /* A table the server wrote without its header (the rounds page's tables after the first
     of their kind) gets the first one's. */
  function copyHeads(bodies) {
    bodies.forEach(function (body) {
      var table = body.closest("table");
      if (!table || table.querySelector("thead")) return;
      var kind = table.classList.contains("sk-pairings") ? "sk-pairings" : "sk-standings";
      var first = document.querySelector("table." + kind + " > thead");
      if (first) table.insertBefore(first.cloneNode(true), body);
    });
  }

  function drawRounds(bodies, data, block) {
    copyHeads(bodies);
    bodies.forEach(function (body) {
      if (body.children.length) return;  /* filled already */
      var w = words(body), standings = body.hasAttribute("data-standings");
      var rows = data && (standings ? data.tables : data.pairings)[+body.getAttribute(standings ? "data-standings" : "data-pairings")];
      if (!rows) { notDrawn(body); return; }
      /* A rank is tied when another row of the table has it (the standings share it). */
      var ranks = {};
      if (standings) rows.forEach(function (r) { ranks[r[0]] = (ranks[r[0]] || 0) + 1; });
      rows.forEach(function (r) {
        if (standings) { body.appendChild(standingsRow(r, data, w, ranks[r[0]] > 1)); return; }
        pairingRows(r, data, w).forEach(function (tr) { body.appendChild(tr); });
      });
    });
    initStandings();  /* the drawn rows' taps */
    /* Find my table's query (kept from an earlier visit) applies to the rows drawn. */
    document.querySelectorAll(".sk-find-input").forEach(function (input) { if (input.value) filterRows(input); });
    /* The rows moved what a link or a slip's QR code opened (#round-3): bring it back into view. */
    var target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    if (block) block.setAttribute("data-drawn", "true");
  }

  function fillRounds() {
    var bodies = document.querySelectorAll("tbody[data-standings], tbody[data-pairings]");
    if (!bodies.length) return;
    var block = document.querySelector("script.sk-rounds-data"), data = null;
    try { data = JSON.parse(block.textContent); } catch (e) { data = null; }
    if (!data || !data.doc) { drawRounds(bodies, data, block); return; }
    /* An individual event's players and finished rounds are in its API document. */
    var w = words(bodies[0]);
    fetch(new URL(data.base + data.doc, location.href).href).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json().then(withIds);
    }).then(function (doc) { drawRounds(bodies, fromDocument(data, doc, w), block); },
      function () { drawRounds(bodies, null, block); });
  }

  /* The decklists page's card lines, drawn from the event's one decklists document
     (ingest.site.deck_views): a deck of the MTGODecklistCache copy (no data-doc) is a
     place in its Decks, with lists Mainboard and Sideboard of {Count, CardName}; a deck of
     the API document ("api") is decklists[player id], with the list cards of {count, card}.
     Each ul[data-l] names its list, the places of its lines there (data-i: "0-13,15") and
     what each line adds after the card (data-x). Every value is set as text. */
  function places(text) {
    var out = [];
    text.split(",").forEach(function (part) {
      if (!part) return;
      var ends = part.split("-"), first = +ends[0], last = ends.length > 1 ? +ends[1] : first;
      for (var i = first; i <= last; i++) out.push(i);
    });
    return out;
  }

  /* What an API document's line says after the card, as the decklist text writes it
     (DeckEntry.to_text): [stars: N], then [kind] ([kind: K] when K reads as an attribute). */
  function attributes(entry) {
    var out = [];
    if (typeof entry.stars === "number") out.push("[stars: " + entry.stars + "]");
    if (typeof entry.kind === "string") {
      var plain = entry.kind.indexOf(":") === -1 && ["stars", "kind"].indexOf(entry.kind.toLowerCase()) === -1;
      out.push(plain ? "[" + entry.kind + "]" : "[kind: " + entry.kind + "]");
    }
    return out.join(" ");
  }

  function cardLines(ul, list) {
    var extras = [];
    try { extras = JSON.parse(ul.getAttribute("data-x") || "[]"); } catch (e) { extras = []; }
    places(ul.getAttribute("data-i") || "").forEach(function (i, n) {
      var entry = list && list[i];
      if (!entry) return;
      var copy = entry.CardName !== undefined;
      var li = cell("li", (copy ? entry.Count : entry.count) + " " + (copy ? entry.CardName : entry.card));
      var extra = copy ? extras[n] : attributes(entry);
      if (extra) {
        var more = cell("span", extra);
        more.className = "sk-muted";
        li.appendChild(document.createTextNode(" "));
        li.appendChild(more);
      }
      ul.appendChild(li);
    });
  }

  /* A deck of the MTGODecklistCache copy whose page lists no sections (nearly every Magic
     deck: ingest.site.deck_views.follows_its_document) has the copy's lists as they are:
     each section the page's data-sections names ([list, header, title]) that the deck has
     lines in, titled with its count of cards, its lines every place of the list. */
  function copySections(box, article, deck) {
    var parts;
    try { parts = JSON.parse(box.getAttribute("data-sections") || "[]"); } catch (e) { parts = []; }
    var frame = document.createElement("div");
    frame.className = "sk-deck-sections";
    parts.forEach(function (part) {
      var list = (deck && deck[part[0]]) || [];
      if (!list.length) return;
      var count = list.reduce(function (sum, entry) { return sum + (+entry.Count || 0); }, 0);
      var section = document.createElement("section"), ul = document.createElement("ul");
      section.setAttribute("data-h", part[1]);
      section.appendChild(cell("h4", part[2] + " (" + count + ")"));
      ul.setAttribute("data-l", part[0]);
      ul.setAttribute("data-i", "0-" + (list.length - 1));
      section.appendChild(ul);
      frame.appendChild(section);
    });
    article.appendChild(frame);
  }

  /* The decks the page leaves whole to the documents (data-players: each deck's player's
     place in the API document's players, -1 for a deck the page writes, in the page's
     order): each frame as ingest.site.table_rows.decklist writes it (its player, linked, the
     archetype, the verdict in the site's language: data-verdicts), put before the next deck
     the page writes. Every value is set as text. */
  function deckFrames(box, doc) {
    var list, verdicts;
    try { list = JSON.parse(box.getAttribute("data-players")); verdicts = JSON.parse(box.getAttribute("data-verdicts")); } catch (e) { return; }
    var written = box.querySelectorAll("article.sk-deck"), next = 0, base = box.getAttribute("data-base") || "";
    var players = tableItems(doc.players);
    list.forEach(function (place) {
      if (place < 0) { next++; return; }
      var p = players[place], d = p && (doc.decklists || {})[p.id];
      if (!d || d.mtgo_deck === undefined) return;
      var article = document.createElement("article"), h3 = document.createElement("h3"), a = cell("a", p.name);
      article.className = "sk-deck";
      article.id = "deck-" + p.id;
      article.setAttribute("data-deck", String(d.mtgo_deck));
      a.href = base + "players/" + (p.player_page || p.id) + "/";
      h3.appendChild(a);
      if (p.archetype) h3.appendChild(document.createTextNode(" — " + p.archetype));
      var badge = cell("span", d.legal === true ? verdicts[0] : d.legal === false ? verdicts[1] : verdicts[2]);
      badge.className = d.legal === true ? "sk-badge sk-legal" : d.legal === false ? "sk-badge sk-illegal" : "sk-badge";
      var line = document.createElement("p");
      line.appendChild(badge);
      article.appendChild(h3);
      article.appendChild(line);
      box.insertBefore(article, written[next] || null);
    });
  }

  function load(loads, url) {
    if (!loads[url]) {
      loads[url] = fetch(new URL(url, location.href).href).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json().then(withIds);
      });
    }
    return loads[url];
  }

  function failed(box) {
    var sentence = box.querySelector(".sk-decks-failed");
    if (sentence) sentence.classList.remove("sk-hidden");
  }

  function fillDecks() {
    document.querySelectorAll(".sk-decklists").forEach(function (box) {
      var loads = {};
      if (!box.hasAttribute("data-players") || box.hasAttribute("data-framed")) { fillBox(box, loads); return; }
      load(loads, box.getAttribute("data-api")).then(function (doc) {
        if (!box.hasAttribute("data-framed")) deckFrames(box, doc);
        box.setAttribute("data-framed", "true");
        fillBox(box, loads);
      }, function () { failed(box); });
    });
  }

  function fillBox(box, loads) {
    var waits = [];
    box.querySelectorAll("article.sk-deck[data-deck]").forEach(function (article) {
      var kind = article.getAttribute("data-doc") || "mtgo", url = box.getAttribute("data-" + kind);
      if (!url || article.querySelector("ul[data-l] li")) return;  /* filled already */
      waits.push(load(loads, url).then(function (doc) {
        var key = article.getAttribute("data-deck");
        var deck = kind === "mtgo" ? (doc.Decks || [])[+key] : (doc.decklists || {})[key];
        if (kind === "mtgo" && !article.querySelector(".sk-deck-sections")) copySections(box, article, deck);
        article.querySelectorAll("ul[data-l]").forEach(function (ul) {
          if (!ul.children.length) cardLines(ul, deck && deck[ul.getAttribute("data-l")]);
        });
        /* "Copy as text", once there are lines to copy (after the badges). */
        var badges = article.querySelector("h3 + p");
        if (badges && !article.querySelector("button.sk-copy")) {
          var button = cell("button", box.getAttribute("data-copy") || "Copy as text");
          button.type = "button";
          button.className = "md-button sk-copy";
          button.addEventListener("click", function () { copyDeck(button); });
          badges.appendChild(document.createTextNode(" "));
          badges.appendChild(button);
        }
      }));
    });
    if (!waits.length) return;
    Promise.all(waits).then(function () {
      box.setAttribute("data-drawn", "true");
      /* The lines moved the deck a link opened (#deck-...): bring it back into view. */
      var target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target && box.contains(target)) target.scrollIntoView();
    }, function () { failed(box); });
  }

  /* A player's results, newest first, drawn from their API document (api/players/<id>.json,
     the one place each is published): each row as the server wrote it before (date; the
     event, linked, with its format; the place and field, the playoff place, "in progress";
     the record; the deck), in the site's language from the table's data-sk-history
     (ingest.site.player_pages.history_words). Every value is set as text. */
  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return key in values ? String(values[key]) : all; });
  }

  /* A row of the document's events (ingest.site.api.HISTORY_COLUMNS: the event's slug, name,
     date, format, field, the player's rank, points, wins, losses, draws, archetype, and what
     few rows have), with its format from the document's formats ([game, format id, name]). */
  var HISTORY = ["event", "name", "date", "format", "field", "rank", "points", "wins", "losses", "draws", "archetype"];

  function historyItem(row, formats) {
    var item = {}, kind = formats[row[3]] || ["", "", ""], more = row[HISTORY.length] || {};
    HISTORY.forEach(function (key, i) { item[key] = row[i]; });
    item.game_name = kind[0];
    item.format_name = kind[2];
    Object.keys(more).forEach(function (key) { item[key] = more[key]; });
    return item;
  }

  function historyRow(item, w, deck) {
    var tr = document.createElement("tr");
    tr.appendChild(cell("td", item.date)).className = "sk-date";
    var event = item.name, url = w.events + item.event + "/";
    if (item.team) {
      var team = { event: item.name, team: item.team.name };
      if (item.team.seat) team.seat = w.seats[item.team.seat] || item.team.seat;
      event = format(item.team.seat ? w.teamSeat : w.team, team);
      url += "teams/#" + item.team.id;
    }
    var what = document.createElement("td"), a = cell("a", event), muted = cell("span", "");
    a.href = url;
    muted.className = "sk-muted";
    muted.appendChild(cell("span", item.date + " · ")).className = "sk-date-inline";
    muted.appendChild(document.createTextNode(w.games ? item.game_name + " · " + item.format_name : item.format_name));
    what.appendChild(a);
    what.appendChild(document.createTextNode(" "));
    what.appendChild(muted);
    tr.appendChild(what);
    var place = cell("td", item.rank ? item.rank + "/" + item.field : "");
    if (item.place) {
      place.appendChild(document.createTextNode(" "));
      place.appendChild(cell("span", w.places[item.place] || item.place)).className = "sk-badge";
    }
    if (item.status && item.status !== "complete") {
      place.appendChild(document.createTextNode(" "));
      place.appendChild(cell("span", "(" + w.playing + ")")).className = "sk-muted";
    }
    tr.appendChild(place);
    var record = item.wins === null || item.wins === undefined ? "" : item.wins + "-" + item.losses + "-" + item.draws;
    if (item.tbp_exact !== undefined && item.points !== null && item.points !== undefined) {
      record = format(w.gp, { record: record, points: item.points });
    }
    tr.appendChild(cell("td", record));
    if (deck) tr.appendChild(cell("td", item.archetype || ""));
    return tr;
  }

  /* The player's head to head, from the same document (opponents: [id, name, won, lost,
     drawn], in the order shown); each name links to its page (data-h2h: the way to the
     players' pages). Every value is set as text. */
  function drawHeadToHead(table, opponents) {
    var body = table.tBodies[0];
    if (!body || body.children.length) return;
    opponents.forEach(function (o) {
      var tr = document.createElement("tr"), td = document.createElement("td"), a = cell("a", o[1]);
      a.href = table.getAttribute("data-h2h") + encodeURIComponent(o[0]) + "/";
      td.appendChild(a);
      tr.appendChild(td);
      tr.appendChild(cell("td", String(o[2])));
      tr.appendChild(cell("td", String(o[3])));
      tr.appendChild(cell("td", String(o[4])));
      body.appendChild(tr);
    });
    table.setAttribute("data-drawn", "true");
  }

  function fillHistory() {
    document.querySelectorAll("table[data-history]").forEach(function (table) {
      var body = table.tBodies[0];
      if (!body || body.children.length) return;  /* drawn already */
      var w;
      try { w = JSON.parse(table.getAttribute("data-sk-history")); } catch (e) { return; }
      var deck = table.tHead.rows[0].cells.length > 4;
      fetch(new URL(table.getAttribute("data-history"), location.href).href).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json().then(withIds);
      }).then(function (doc) {
        if (body.children.length) return;
        (doc.events || []).slice().reverse().forEach(function (row) {
          body.appendChild(historyRow(historyItem(row, doc.formats || []), w, deck));
        });
        table.setAttribute("data-drawn", "true");
        var article = table.closest("article"), h2h = article && article.querySelector("table[data-h2h]");
        if (h2h) drawHeadToHead(h2h, doc.opponents || []);
      }, function () {
        /* Say so, and where the results are (the table stays empty). */
        var failed = table.closest("article") && table.closest("article").querySelector(".sk-history-failed");
        if (failed) failed.classList.remove("sk-hidden");
      });
    });
  }

  /* The event's analysts' tables (issue 37), made on the phone from its API document
     (api/events/<slug>.json, where each fact is published once) as the CSV files the build
     wrote beside it, byte for byte (ingest.analytics.tables, ingest.site.api_tables.csv_text):
     a row per round entry from the first player's side (a team event: per seat match, and per
     member of a team with a bye or match loss; Wheel of Time: none) and a row per row of the
     standings (individual events). A link a[data-sk-table] downloads its table. */
  var MATCH_COLUMNS = ["stage", "round", "table", "player", "player_name", "archetype", "opponent",
    "opponent_name", "opponent_archetype", "kind", "result", "games_won", "games_lost", "games_drawn"];
  var STANDING_COLUMNS = ["rank", "player", "player_name", "archetype", "points", "wins", "losses", "draws", "byes"];

  /* An event's API document as this script reads it: a player named by their place in
     players (API version 6, each id written once: ingest.site.api_places) named by their id
     again, and decklists by player id. A number there is never an id (ids are text); a team
     event's teams are named by their ids. */
  var PLAYER_KEYS = ["players", "bye", "loss", "hero", "villain", "player"];

  function withIds(doc) {
    if (!doc || typeof doc.api_version !== "number" || doc.api_version < 6 || !doc.players || doc.withIds) return doc;
    var ids = tableItems(doc.players).map(function (p) { return p.id; });
    function id(v) { return typeof v === "number" && v >= 0 && v < ids.length ? ids[v] : v; }
    function named(v) { return Array.isArray(v) ? v.map(id) : id(v); }
    function table(t) {
      if (!t || !t.columns) return;
      t.columns.forEach(function (key, i) {
        if (PLAYER_KEYS.indexOf(key) < 0) return;
        t.rows.forEach(function (row) { if (i < row.length && row[i] !== null) row[i] = named(row[i]); });
      });
    }
    ["rounds", "playoff"].forEach(function (stage) {
      (doc[stage] || []).forEach(function (rnd) {
        table(rnd.matches);
        if (rnd.drops) rnd.drops = rnd.drops.map(id);
      });
    });
    if (doc.cut_drops) doc.cut_drops = doc.cut_drops.map(id);
    table(doc.final);
    (doc.wot_standings || []).forEach(table);
    if (doc.decklists && doc.decklists.columns) {
      var decks = {};
      tableItems(doc.decklists).forEach(function (d) {
        var pid = id(d.player);
        delete d.player;
        decks[pid] = d;
      });
      doc.decklists = decks;
    }
    doc.withIds = true;
    return doc;
  }

  function tableItems(table) {
    if (Array.isArray(table)) return table;
    var columns = (table && table.columns) || [];
    return ((table && table.rows) || []).map(function (row) {
      var item = {};
      columns.forEach(function (key, i) { if (i < row.length && row[i] !== null) item[key] = row[i]; });
      return item;
    });
  }

  function csvCell(value) {
    var text = value === null || value === undefined ? "" : String(value);
    return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  function csvText(columns, rows) {
    return [columns].concat(rows).map(function (row) { return row.map(csvCell).join(",") + "\r\n"; }).join("");
  }

  function entryRow(stage, number, table, a, b, kind, games, who) {
    var g = games ? games.split("-").map(Number) : null;
    if (g && g.length < 3) g.push(0);
    if (!kind) {
      kind = !g ? "unreported" : (g[0] === 0 && g[1] === 0 && !who.byResults) ? "intentional-draw" : "played";
    }
    var result = kind === "bye" ? "win" : (kind === "loss" || kind === "double-loss") ? "loss" :
      !g ? "" : g[0] > g[1] ? "win" : g[1] > g[0] ? "loss" : "draw";
    function name(p) { return p in who.names ? who.names[p] : p; }
    return [stage, number, table === undefined ? null : table, a, name(a), who.decks[a] || "",
      b || null, b ? name(b) : null, b ? who.decks[b] || "" : null, kind, result || null,
      g ? g[0] : null, g ? g[1] : null, g ? g[2] : null];
  }

  function analystsTables(doc) {
    var who = { names: {}, decks: {}, byResults: (doc.structure || {}).results === "matches" };
    var players = tableItems(doc.players);
    players.forEach(function (p) { who.names[p.id] = p.name; who.decks[p.id] = p.archetype || ""; });
    var members = {};
    (doc.teams || []).forEach(function (t) { members[t.id] = t.members || []; });
    var matches = [], standings = [];
    [["swiss", doc.rounds || []], ["playoff", doc.playoff || []]].forEach(function (stage) {
      stage[1].forEach(function (rnd) {
        var entries = tableItems(rnd.matches);
        if (doc.tables === "players") {
          entries.forEach(function (m) {
            var p = m.players || [];
            matches.push(m.bye !== undefined ? entryRow(stage[0], rnd.round, m.table, m.bye, null, "bye", null, who) :
              m.loss !== undefined ? entryRow(stage[0], rnd.round, m.table, m.loss, null, "loss", null, who) :
              entryRow(stage[0], rnd.round, m.table, p[0], p[1], m.result === "double-loss" ? "double-loss" : "",
                m.result === "double-loss" ? null : m.games, who));
          });
        } else if (doc.tables === "teams") {
          entries.forEach(function (m) {  /* a team's bye or match loss: a row per member */
            var team = m.bye !== undefined ? m.bye : m.loss, kind = m.bye !== undefined ? "bye" : "loss";
            if (team === undefined) return;
            (members[team] || []).forEach(function (p) { matches.push(entryRow(stage[0], rnd.round, m.table, p, null, kind, null, who)); });
          });
          entries.forEach(function (m) {  /* each seat's match (MTR 8.2; Bushiroad 5.1) */
            if (!m.seats || !m.players) return;
            var first = members[m.players[0]] || [], second = members[m.players[1]] || [];
            m.seats.forEach(function (seat, i) {
              if (i >= first.length || i >= second.length) return;
              matches.push(seat === "double-loss" ? entryRow(stage[0], rnd.round, m.table, first[i], second[i], "double-loss", null, who) :
                entryRow(stage[0], rnd.round, m.table, first[i], second[i], "", seat, who));
            });
          });
        }
      });
    });
    if (doc.tables === "players") {
      tableItems(doc.final).forEach(function (r) {
        standings.push([r.rank, r.player, r.player in who.names ? who.names[r.player] : r.player, who.decks[r.player] || "",
          r.points, r.wins, r.losses, r.draws, r.byes]);
      });
    }
    return { matches: csvText(MATCH_COLUMNS, matches), standings: csvText(STANDING_COLUMNS, standings) };
  }

  function fillTables() {
    document.querySelectorAll("a[data-sk-table]").forEach(function (a) {
      if (a.hasAttribute("data-ready")) return;
      a.setAttribute("data-ready", "true");
      a.addEventListener("click", function (e) {
        if (a.hasAttribute("data-busy")) { e.preventDefault(); return; }
        e.preventDefault();
        a.setAttribute("data-busy", "true");
        fetch(new URL(a.getAttribute("href"), location.href).href).then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.json().then(withIds);
        }).then(function (doc) {
          var text = analystsTables(doc)[a.getAttribute("data-sk-table")];
          var url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
          var save = document.createElement("a");
          save.href = url;
          save.download = a.getAttribute("data-file") || "table.csv";
          document.body.appendChild(save);
          save.click();
          save.remove();
          setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
        }, function () {
          location.href = a.href;  /* the document itself: the facts are there */
        }).then(function () { a.removeAttribute("data-busy"); });
      });
    });
  }

  /* An archetype's match list (ingest.site.analytics_lists), drawn from the format's match
     documents, one a year (ingest.site.analytics_data: each match once, as [event, stage,
     round, archetype, archetype, the first one's result, its games]). Each match of the
     page's archetype goes in its opponent's tbody[data-vs], newest first, an event a row (its
     date and name once, then each match: its round, linked, the result and the games). The
     newest year is drawn, and earlier ones while the list holds fewer than data-rows
     matches; the button draws the next year. Every value is set as text. */
  var FLIPPED = { win: "loss", loss: "win", draw: "draw" };

  function matchRows(doc, me, w, events, bodies) {
    var names = doc.archetypes || [], evs = doc.events || [], mine = {}, drawn = 0;
    (doc.matches || []).forEach(function (m) {
      var flip = names[m[4]] === me;
      if (names[m[3]] !== me && !flip) return;
      var vs = names[flip ? m[3] : m[4]], g = m[6];
      (mine[vs] = mine[vs] || []).push([m[0], m[1], m[2], flip ? FLIPPED[m[5]] : m[5],
        g ? (flip ? [g[1], g[0], g[2]] : g) : null]);
    });
    Object.keys(mine).forEach(function (vs) {
      var body = bodies[vs];
      if (!body) return;
      mine[vs].sort(function (x, y) {
        return (y[0] - x[0]) || ((y[1] === "playoff") - (x[1] === "playoff")) || (y[2] - x[2]);
      });
      var last = -1, played = null;
      mine[vs].forEach(function (m) {
        var e = evs[m[0]] || ["", "", "?"];
        if (m[0] !== last) {
          var tr = document.createElement("tr"), day = (e[1] || "").split("-"), link = document.createElement("td");
          tr.appendChild(cell("td", format(w.day || "%(y)s-%(mm)s-%(dd)s",
            { y: day[0], mm: day[1], dd: day[2], m: +day[1], d: +day[2] })));
          var a = link.appendChild(cell("a", e[2]));
          a.href = events + e[0] + "/";
          tr.appendChild(link);
          played = tr.appendChild(document.createElement("td"));
          body.appendChild(tr);
          last = m[0];
        } else {
          played.appendChild(document.createElement("br"));
        }
        var round = played.appendChild(cell("a", format(m[1] === "swiss" ? w.round : w.playoff, { number: m[2] })));
        round.href = events + e[0] + "/rounds/" + (m[1] === "swiss" ? "#round-" + m[2] : "");
        var g = m[4], games = g ? (g[2] ? g : g.slice(0, 2)).join("-") : "";
        played.appendChild(document.createTextNode(" " + (w[m[3]] || m[3]) + (games ? " " + games : "")));
        drawn++;
      });
    });
    return drawn;
  }

  function fillMatches() {
    var box = document.querySelector(".sk-matches[data-docs]");
    if (!box || box.hasAttribute("data-busy")) return;
    var w, docs;
    try {
      w = JSON.parse(box.getAttribute("data-sk-matches"));
      docs = JSON.parse(box.getAttribute("data-docs"));
    } catch (e) { return; }
    var me = box.getAttribute("data-archetype"), events = box.getAttribute("data-events");
    var limit = +box.getAttribute("data-rows") || 1000, bodies = {}, next = 0, drawn = 0;
    var button = document.querySelector("button.sk-more-matches");
    document.querySelectorAll("tbody[data-vs]").forEach(function (b) {
      if (!b.children.length) bodies[b.getAttribute("data-vs")] = b;
    });
    box.setAttribute("data-busy", "true");
    function finish() {
      if (button && next < docs.length) {
        button.textContent = format(w.more, { year: docs[next][0] });
        button.classList.remove("sk-hidden");
        button.disabled = false;
      } else if (button) {
        button.classList.add("sk-hidden");
      }
      box.setAttribute("data-drawn", String(next));
    }
    function load(first) {
      var item = docs[next++];
      return fetch(new URL(item[1], location.href).href).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json().then(withIds);
      }).then(function (doc) {
        drawn += matchRows(doc, me, w, events, bodies);
        if (first && next < docs.length && drawn < limit) return load(true);
      });
    }
    function failed() {
      var note = box.querySelector(".sk-failed");
      if (note) note.classList.remove("sk-hidden");
    }
    if (button) {
      button.addEventListener("click", function () {
        if (next >= docs.length) return;
        button.disabled = true;
        load(false).then(finish, failed);
      });
    }
    if (!docs.length) { finish(); return; }
    load(true).then(function () {
      finish();
      /* The rows moved the opponent a link opened (#vs-...): bring it back into view. */
      var target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
    }, failed);
  }

  /* Rows with opponents (data-o) open on any screen; a row without them (a past round's
     standings) opens only on a phone, to show the tiebreakers the phone folds away. */
  var phone = window.matchMedia("(max-width: 40em)");

  function initStandings() {
    document.querySelectorAll(".sk-with-details > tbody > tr").forEach(function (row) {
      if (row.querySelector(".sk-more") || row.classList.contains("sk-detail") || row.children.length < 2) return;
      var folded = !row.hasAttribute("data-o");
      var button = document.createElement("button");
      button.type = "button";
      button.className = folded ? "sk-more sk-more-fold" : "sk-more";
      button.textContent = "▸";
      button.setAttribute("aria-expanded", "false");
      var w = words(row);
      button.setAttribute("aria-label", folded ? w.tiebreakers : w.opponents);
      row.children[1].insertBefore(button, row.children[1].firstChild);
      row.addEventListener("click", function (e) {
        if (e.target.closest("a")) return;  // the name still leads to the player's page
        if (folded && !phone.matches) return;  // the tiebreakers are in the row already
        toggleOpponents(row);
      });
    });
  }

  /* Live event page: the round clock, and a reload when a newer build is published. */
  var live = { tick: 0, poll: 0, typed: 0, pending: false };

  /* The round clock as the event file records it (ingest/core/round_clock.py): started
     (HH:MM), the round's minutes, minutes added, seconds it stood still, and while it stands
     still the time it was stopped. Times are of the venue's day; a start more than an hour
     ahead was the day before. The venue's server tells its pages how far this device's
     clock is from its own (window.skClockOffset, milliseconds). */
  function daySeconds(text) {
    var p = text.split(":");
    return +p[0] * 3600 + +p[1] * 60 + (+p[2] || 0);
  }

  function since(start, moment) {
    var d = moment - start;
    return d < -3600 ? d + 86400 : d;
  }

  function clock() {
    document.querySelectorAll(".sk-clock[data-started]").forEach(function (el) {
      var minutes = +el.getAttribute("data-minutes");
      if (!minutes) return;
      var now = new Date(Date.now() + (+window.skClockOffset || 0));
      var at = el.getAttribute("data-paused-at");
      var moment = at ? daySeconds(at) : now.getHours() * 3600 + now.getMinutes() * 60 + now.getSeconds();
      var left = (minutes + (+el.getAttribute("data-extra") || 0)) * 60 +
        (+el.getAttribute("data-paused-seconds") || 0) - since(daySeconds(el.getAttribute("data-started")), moment);
      var w = words(el);
      el.classList.toggle("sk-paused", !!at);
      if (left <= 0) {
        el.textContent = w.time;
        el.classList.add("sk-time-up");
      } else {
        var m = Math.floor(left / 60), sec = left % 60;
        el.classList.remove("sk-time-up");
        el.textContent = (at ? w.paused : w.left).replace("%(time)s", m + ":" + (sec < 10 ? "0" : "") + sec);
      }
    });
  }

  function busy() {
    var a = document.activeElement;
    return (a && /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName)) || Date.now() - live.typed < 15e3;
  }

  /* A newer page is published: reload it, but never under the visitor's fingers (while they
     type, or while the page is not shown); the venue's live updates call this too. */
  function reloadWhenIdle() {
    if (!document.hidden && !busy()) { location.reload(); return; }
    if (live.pending) return;
    live.pending = true;
    setInterval(function () {
      if (!document.hidden && !busy()) location.reload();
    }, 2e3);
  }

  window.scorekeeperLive = { reloadWhenIdle: reloadWhenIdle, busy: busy, restart: function () { startLive(); } };

  function poll(section) {
    if (document.hidden || busy()) return;
    var url = new URL(section.getAttribute("data-version-url"), location.href);
    fetch(url, { cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : r.status === 404 ? "" : null;
    }).then(function (v) {
      if (v === null) return;
      if (v.trim() !== section.getAttribute("data-version")) reloadWhenIdle();
    }, function () { /* offline for a moment: try again later */ });
  }

  function startLive() {
    clearInterval(live.tick);
    clearInterval(live.poll);
    if (document.querySelector(".sk-clock[data-started]")) {
      clock();
      live.tick = setInterval(clock, 1e3);
    }
    var section = document.querySelector(".sk-live[data-version]");
    if (section) live.poll = setInterval(function () { poll(section); }, 6e4);
  }

  function remember(input) {
    try {
      var key = "sk-find:" + location.pathname, saved = sessionStorage.getItem(key);
      if (saved && !input.value) { input.value = saved; filterRows(input); }
      input.addEventListener("input", function () { sessionStorage.setItem(key, input.value); });
    } catch (e) { /* storage off: nothing to remember */ }
  }

  function init() {
    fillRounds();  /* before find my table filters the rows */
    document.querySelectorAll(".sk-find-input").forEach(function (input) {
      input.addEventListener("input", function () { filterRows(input); });
      remember(input);
    });
    startLive();
    ["sk-filter-game", "sk-filter-format"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.addEventListener("change", filterEvents);
    });
    document.querySelectorAll("button.sk-print-button").forEach(function (b) {
      b.addEventListener("click", function () { window.print(); });
    });
    initStandings();
    fillDecks();
    fillHistory();
    fillMatches();
    fillTables();
  }

  document.addEventListener("keydown", function () { live.typed = Date.now(); }, true);

  /* A link to a content tab (#__tabbed_1_2) opens it: the engine's script after every page's
     content did this (theme/partials/javascripts/content.html). This runs as the page loads,
     before the theme's script sets its tabs up. */
  var tab = location.hash.length > 1 && document.getElementById(location.hash.slice(1));
  if (tab && tab.name) tab.checked = tab.name.indexOf("__tabbed_") === 0;

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
