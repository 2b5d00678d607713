// Small behaviours without inline handlers (the content security policy forbids them).
// The top bar's links fold into a menu on a phone (site.css); this script makes its button work. Escape closes it.
(function () {
  var bar = document.querySelector(".topbar"), toggle = bar && bar.querySelector(".menu-toggle");
  if (!toggle) { return; }
  bar.classList.add("menu-ready");
  toggle.hidden = false;
  function setOpen(open) { bar.classList.toggle("open", open); toggle.setAttribute("aria-expanded", open ? "true" : "false"); }
  toggle.addEventListener("click", function () { setOpen(!bar.classList.contains("open")); });
  bar.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && bar.classList.contains("open")) { setOpen(false); toggle.focus(); }
  });
})();
// A menu that sends its form once a choice is made: with a pointer at once; with the keyboard only on
// Enter (arrow keys walk the list and change its value without leaving the page: WCAG 3.2.2).
var keyedSelect = null;
document.addEventListener("keydown", function (event) {
  var el = event.target;
  if (!el.matches || !el.matches("select[data-autosubmit]")) { return; }
  if (event.key === "Enter") { event.preventDefault(); el.form.submit(); return; }
  if (event.key !== "Tab" && event.key !== "Shift") { keyedSelect = el; }
});
document.addEventListener("pointerdown", function () { keyedSelect = null; }, true);
document.addEventListener("change", function (event) {
  var el = event.target;
  if (el.matches && el.matches("select[data-autosubmit]") && keyedSelect !== el) { el.form.submit(); }
});
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) { event.preventDefault(); }
}, true);
document.addEventListener("click", function (event) {
  var el = event.target;
  if (el.matches && el.matches("input[data-select-on-click]")) { el.select(); }
});
// The game page polls every few seconds; every fifth poll also says "I am still
// looking" (the server keeps that 45 s and sends no "your turn" e-mail meanwhile),
// so the other polls cost the server one query and no session lookup.
var gamePolls = 0;
document.addEventListener("htmx:configRequest", function (event) {
  var elt = event.detail.elt;
  if (elt && elt.id === "game-body" && event.detail.verb === "get" && gamePolls++ % 5 === 0) {
    event.detail.parameters.here = "1";
  }
});
// The alert bar (a request that met an unavailable database) clears once a
// request succeeds again, such as the next poll.
document.addEventListener("htmx:afterRequest", function (event) {
  var alert = document.getElementById("site-alert");
  // (a 503 is swapped as a message, so htmx calls it successful too: look at the status)
  if (alert && alert.textContent && event.detail.xhr && event.detail.xhr.status < 400) { alert.textContent = ""; }
});
// The board: zoom buttons and a two-finger pinch widen the picture inside its box,
// which pans by scrolling (the page never scrolls sideways). Each page remembers its own zoom and
// scroll position across the swaps of the game body and a reload. A board opened for the first time
// shows at the game's readable scale (data-board-readable: CSS px per unit of the picture) around
// the viewer's own pieces (data-board-home: a selector), or its highlighted places.
var BOARD_ZOOMS = [1, 1.5, 2, 3, 4];
var boardKey = "boardView:" + location.pathname;
var boardView = null;
try { boardView = JSON.parse(sessionStorage.getItem(boardKey)); } catch (e) { /* private mode */ }
function saveBoardView() {
  try { sessionStorage.setItem(boardKey, JSON.stringify(boardView)); } catch (e) { /* private mode */ }
}
function boardPicture(box) { return box.querySelector("svg"); }
// The zoom at which the whole picture fits in the box (the box's height is capped by its max-height).
function fitZoom(box) {
  var svg = boardPicture(box), zoom = parseFloat(box.style.getPropertyValue("--zoom")) || 1;
  if (!svg) { return 1; }
  var style = getComputedStyle(box), r = svg.getBoundingClientRect(), cap = parseFloat(style.maxHeight);
  // less the strip the zoom buttons float over on a phone (site.css): the picture fits below it
  var height = Math.min(isNaN(cap) ? window.innerHeight : cap, window.innerHeight) - (parseFloat(style.paddingTop) || 0);
  if (!r.width || !r.height) { return 1; }
  return Math.min(1, zoom * box.clientWidth / r.width, zoom * height / r.height);
}
// The zoom at which one unit of the picture is data-board-readable CSS px (1 when it is already).
function readableZoom(box) {
  var svg = boardPicture(box), scale = parseFloat(box.dataset.boardReadable);
  var zoom = parseFloat(box.style.getPropertyValue("--zoom")) || 1;
  if (!svg || !scale || !svg.viewBox || !svg.viewBox.baseVal) { return 1; }
  var width = svg.getBoundingClientRect().width / zoom;  // at zoom 1
  return width ? Math.max(1, scale * svg.viewBox.baseVal.width / width) : 1;
}
function zoomSteps(box) {
  var steps = [fitZoom(box), readableZoom(box)].concat(BOARD_ZOOMS);
  steps.sort(function (a, b) { return a - b; });
  return steps.filter(function (z, i) { return i === 0 || z - steps[i - 1] > 0.05; });
}
function setBoardZoom(box, zoom, centreX, centreY) {
  var steps = zoomSteps(box);
  zoom = Math.max(steps[0], Math.min(Math.max(steps[steps.length - 1], readableZoom(box) * 2), zoom));
  var old = parseFloat(box.style.getPropertyValue("--zoom")) || 1;
  // keep the point under the fingers (or the middle of the box) where it was
  var cx = centreX === undefined ? box.clientWidth / 2 : centreX;
  var cy = centreY === undefined ? box.clientHeight / 2 : centreY;
  var x = (box.scrollLeft + cx) / old, y = (box.scrollTop + cy) / old;
  box.style.setProperty("--zoom", zoom);
  box.scrollLeft = x * zoom - cx;
  box.scrollTop = y * zoom - cy;
  box.dataset.zoomLevel = Math.round(zoom * 100) / 100;
  boardView = { zoom: zoom, left: box.scrollLeft, top: box.scrollTop };
  saveBoardView();
}
// Scrolls the box so that these elements' middle is in the middle of the box.
function centreOn(box, elements) {
  if (!elements.length) { return; }
  var b = box.getBoundingClientRect(), left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
  elements.forEach(function (el) {
    var r = el.getBoundingClientRect();
    left = Math.min(left, r.left); top = Math.min(top, r.top); right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
  });
  box.scrollLeft += (left + right) / 2 - b.left - box.clientWidth / 2;
  box.scrollTop += (top + bottom) / 2 - b.top - box.clientHeight / 2;
}
function restoreBoard() {
  var box = document.querySelector("[data-board]");
  if (!box) { return; }
  if (boardView && boardView.zoom) {
    box.style.setProperty("--zoom", boardView.zoom);
    box.dataset.zoomLevel = Math.round(boardView.zoom * 100) / 100;
    box.scrollLeft = boardView.left || 0;
    box.scrollTop = boardView.top || 0;
  } else {  // first visit of this page: readable, on the viewer's own pieces (or the middle)
    var zoom = readableZoom(box);
    box.style.setProperty("--zoom", zoom);
    box.dataset.zoomLevel = Math.round(zoom * 100) / 100;
    var home = box.dataset.boardHome ? Array.prototype.slice.call(box.querySelectorAll(box.dataset.boardHome)) : [];
    var svg = boardPicture(box);
    centreOn(box, home.length ? home : (svg ? [svg] : []));
  }
  // a highlighted place out of sight: bring the first one into view
  var target = box.querySelector("a.target, [data-board-target]");
  if (target) {
    var b = box.getBoundingClientRect(), t = target.getBoundingClientRect();
    if (t.right < b.left || t.left > b.right || t.bottom < b.top || t.top > b.bottom) {
      box.scrollLeft += t.left - b.left - b.width / 2 + t.width / 2;
      box.scrollTop += t.top - b.top - b.height / 2 + t.height / 2;
    }
  }
  if (!box.dataset.watched) {
    box.dataset.watched = "1";
    box.addEventListener("scroll", function () {
      boardView = { zoom: parseFloat(box.style.getPropertyValue("--zoom")) || 1, left: box.scrollLeft, top: box.scrollTop };
      saveBoardView();
    }, { passive: true });
    watchPinch(box);
  }
}
function watchPinch(box) {
  var touches = {}, startDistance = 0, startZoom = 1;
  function distance() {
    var p = Object.keys(touches).map(function (k) { return touches[k]; });
    return p.length < 2 ? 0 : Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
  }
  box.addEventListener("pointerdown", function (e) {
    if (e.pointerType !== "touch") { return; }
    touches[e.pointerId] = { x: e.clientX, y: e.clientY };
    if (Object.keys(touches).length === 2) {
      startDistance = distance(); startZoom = parseFloat(box.style.getPropertyValue("--zoom")) || 1;
    }
  });
  box.addEventListener("pointermove", function (e) {
    if (!touches[e.pointerId]) { return; }
    touches[e.pointerId] = { x: e.clientX, y: e.clientY };
    if (Object.keys(touches).length === 2 && startDistance > 0) {
      var r = box.getBoundingClientRect();
      var p = Object.keys(touches).map(function (k) { return touches[k]; });
      setBoardZoom(box, startZoom * distance() / startDistance,
                   (p[0].x + p[1].x) / 2 - r.left, (p[0].y + p[1].y) / 2 - r.top);
    }
  });
  function lift(e) { delete touches[e.pointerId]; startDistance = 0; }
  box.addEventListener("pointerup", lift);
  box.addEventListener("pointercancel", lift);
}
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("[data-zoom]");
  if (button) {
    var box = document.querySelector("[data-board]");
    if (!box) { return; }
    var zoom = parseFloat(box.style.getPropertyValue("--zoom")) || 1, step = button.dataset.zoom;
    if (step === "fit") { setBoardZoom(box, fitZoom(box)); box.scrollLeft = 0; box.scrollTop = 0; return; }
    var steps = zoomSteps(box);
    var next = step === "in" ? steps.filter(function (z) { return z > zoom + 0.01; })[0]
                             : steps.filter(function (z) { return z < zoom - 0.01; }).pop();
    if (next === undefined && step === "in") { next = zoom * 1.5; }
    if (next !== undefined) { setBoardZoom(box, next); }
    return;
  }
  // A tap on a building, city or landscape says what it is under the board
  // (a tooltip needs a mouse).
  var thing = event.target.closest && event.target.closest("svg.board .building, svg.board .land-mark, svg.board .mark");
  var info = document.querySelector("[data-board-info]");
  if (thing && info) {
    var title = thing.querySelector("title");
    if (title) { info.textContent = title.textContent; info.classList.add("told"); }
  }
});
document.addEventListener("DOMContentLoaded", restoreBoard);
// (htmx:load: fired by the new content itself; the element that asked may be gone after an outerHTML swap)
document.addEventListener("htmx:load", restoreBoard);

// Keyboard and screen readers on the game page (issue 19).
// Board targets drawn in SVG are links with role="button": Space presses them too, as a button.
document.addEventListener("keydown", function (event) {
  var el = event.target;
  // (links drawn as buttons too: the hand's cards, a step's choices; a person presses a button with Space)
  if (event.key === " " && el.matches && el.matches("a[role=button], a.button, a[data-choice]")) {
    event.preventDefault();  // (an SVG element has no click(): send the event itself)
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  }
});
// The board's targets are one stop in the Tab order (a roving tabindex; the move panel lists them all as
// buttons before the board): the arrow keys move among them, Home and End go to the first and the last.
// Targets placed on a grid (data-grid-x, data-grid-y: column, and row from the top) go to the nearest target
// in the arrow's direction, as in a grid (nothing that way: the focus stays); others go to the next or the
// previous one. A group of targets is a [data-board] box or a [data-board-targets] picture.
function boardTargets(el) {
  var group = el.closest("[data-board-targets]") || el.closest("[data-board]");
  return group ? Array.prototype.slice.call(group.querySelectorAll("[data-board-target]")) : [];
}
var ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
function gridNext(el, all, key) {
  var dir = ARROWS[key], best = null, bestScore = Infinity, bestAcross = Infinity;
  var x = parseFloat(el.getAttribute("data-grid-x")), y = parseFloat(el.getAttribute("data-grid-y"));
  all.forEach(function (t) {
    var dx = parseFloat(t.getAttribute("data-grid-x")) - x, dy = parseFloat(t.getAttribute("data-grid-y")) - y;
    var along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1] + dy * dir[0]);
    if (t === el || isNaN(along) || along <= 0) { return; }
    var score = along * along + 4 * across * across;  // the same row or column first, then the nearest
    if (score < bestScore || (score === bestScore && across < bestAcross)) {
      best = t; bestScore = score; bestAcross = across;
    }
  });
  return best;
}
document.addEventListener("keydown", function (event) {
  var el = event.target;
  if (!el.closest || !el.matches("[data-board-target]")) { return; }
  var all = boardTargets(el);
  var i = all.indexOf(el), next = null;
  if (i < 0) { return; }
  if (ARROWS[event.key] && el.hasAttribute("data-grid-x")) {
    event.preventDefault();  // (the page does not scroll: the focus moves, or stays at the edge)
    next = gridNext(el, all, event.key);
  }
  else if (event.key === "ArrowRight" || event.key === "ArrowDown") { next = all[(i + 1) % all.length]; }
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { next = all[(i - 1 + all.length) % all.length]; }
  else if (event.key === "Home") { next = all[0]; } else if (event.key === "End") { next = all[all.length - 1]; }
  if (next) {
    event.preventDefault();
    next.focus();
  }
});
// The target that has the focus (by the arrow keys, a click, the focus kept across a refresh) is the board's
// one Tab stop: Tab away and back returns to it.
document.addEventListener("focusin", function (event) {
  var el = event.target;
  if (!el.matches || !el.matches("[data-board-target]")) { return; }
  boardTargets(el).forEach(function (t) { t.setAttribute("tabindex", t === el ? "0" : "-1"); });
});
// Across the swaps of the game body: after a step of a move the focus goes to the next question (or the
// confirmation); when the page refreshes itself (a poll) it stays on the same control.
function focusKey(el) {
  if (el.id) { return "#" + el.id; }
  return [el.tagName, el.getAttribute("data-focus-key") || el.getAttribute("hx-get") || el.getAttribute("href")
          || el.getAttribute("name") || "", (el.textContent || "").trim().slice(0, 60)].join("|");
}
// A refused move or form (any 4xx answer to a control of the game body) is said in the move panel's message box,
// never swapped in for the game body: the page stays whole, what was typed stays in its form, and the focus goes to
// the message. The site's own refusals are sent there already (HX-Retarget: #move-error); this also catches one
// that is not (a middleware's plain-text 400, an expired CSRF token's 403 page). A 409's whole fresh body (the game
// moved on) is let through: it carries its own message.
var moveRefused = false;
document.addEventListener("htmx:beforeSwap", function (event) {
  var d = event.detail, xhr = d.xhr, body = document.getElementById("game-body");
  var box = document.getElementById("move-error");
  var asker = d.requestConfig && d.requestConfig.elt;
  if (!xhr || xhr.status < 400 || xhr.status >= 500 || !box || !body) { return; }
  if (d.target === box) { moveRefused = true; return; }
  if (!asker || asker === body || !body.contains(asker)) { return; }  // a poll, the chat: not a move
  var text = xhr.responseText || "";
  if (/id="game-body"/.test(text)) { return; }
  var plain = /^text\/plain/.test(xhr.getResponseHeader("Content-Type") || "");
  var p = document.createElement("p");
  p.className = "error";
  p.textContent = plain && text.trim() ? text.trim().slice(0, 500) : (box.getAttribute("data-refused") || text.slice(0, 200));
  d.target = box;
  d.swapOverride = "innerHTML";
  d.serverResponse = p.outerHTML;
  d.shouldSwap = true;
  d.isError = false;
  moveRefused = true;
});
// The message of a refused move takes the focus (it is read out: role="alert" on its box).
function focusMoveError() {
  var message = document.querySelector("#move-error .error");
  if (!message) { return false; }
  message.setAttribute("tabindex", "-1");
  message.focus({ preventScroll: true });
  if (outOfSight(message)) { message.scrollIntoView({ block: "center" }); }
  return true;
}
document.addEventListener("htmx:afterSettle", function (event) {
  if (!moveRefused || event.detail.target !== document.getElementById("move-error")) { return; }
  moveRefused = false;
  focusMoveError();
});
// A step of the move being built is answered with the move panel and the board alone, in an empty frame of the body
// (games/partials/game_play_answer.html): the heading and the side are the page's own, put back here, so that htmx
// swaps a whole body as for any other answer (focus, read-outs and the chat kept as before). A page that lacks one
// (it never should: the server answers so only to a page at the game's version) is reloaded whole.
document.addEventListener("htmx:beforeSwap", function (event) {
  var d = event.detail, body = document.getElementById("game-body");
  var text = d.serverResponse;
  if (!body || d.target !== body || typeof text !== "string" || text.indexOf("data-kept=") < 0) { return; }
  var frame = document.createElement("template");
  frame.innerHTML = text;
  var fresh = frame.content.querySelector("#game-body");
  var kept = fresh ? fresh.querySelectorAll("[data-kept]") : [];
  if (!kept.length) { return; }  // a whole body that merely says "data-kept=" somewhere: left as it came (its <title> too)
  for (var i = 0; i < kept.length; i++) {
    var own = body.querySelector(kept[i].getAttribute("data-kept"));
    if (!own) { d.shouldSwap = false; location.reload(); return; }
    kept[i].replaceWith(own.cloneNode(true));
  }
  d.serverResponse = fresh.outerHTML;
});
var gameSwap = null;
document.addEventListener("htmx:beforeSwap", function (event) {
  var old = document.getElementById("game-body");
  if (!old || event.detail.target !== old) { return; }
  var asker = event.detail.requestConfig && event.detail.requestConfig.elt;
  var active = document.activeElement;
  gameSwap = {
    step: !!asker && asker !== old,  // a control inside the body asked: a step of a move (or a move)
    key: active && old.contains(active) && active !== old ? focusKey(active) : null,
    // on the question of the move panel (or "waiting…"): the focus follows to the next question
    onPrompt: !!(active && active.hasAttribute && active.hasAttribute("data-step-focus") && old.contains(active)),
    lines: lineSeqs(old), yourTurn: old.hasAttribute("data-your-turn"),
  };
});
function lineSeqs(body) {
  var seen = {};
  body.querySelectorAll(".log-lines li").forEach(function (li) { seen[li.textContent] = true; });
  return seen;
}
function announce(text) {
  var news = document.getElementById("game-news");
  if (!news || !text) { return; }
  var p = document.createElement("p");
  p.textContent = text;
  news.appendChild(p);
  while (news.childNodes.length > 12) { news.removeChild(news.firstChild); }
}
function outOfSight(el) {
  if (!el) { return false; }
  var r = el.getBoundingClientRect();
  return r.top < 0 || r.bottom > window.innerHeight;
}
// The first control after this element (the question's first choice, or Confirm).
function controlAfter(body, el) {
  var all = body.querySelectorAll("button, a[href], input:not([type=hidden]), select, textarea");
  for (var i = 0; i < all.length; i++) {
    if (el.compareDocumentPosition(all[i]) & Node.DOCUMENT_POSITION_FOLLOWING && all[i].getClientRects().length) { return all[i]; }
  }
  return null;
}
document.addEventListener("htmx:afterSettle", function () {
  var body = document.getElementById("game-body");
  if (!gameSwap || !body) { return; }
  var swap = gameSwap;
  gameSwap = null;
  // The other seats' new log lines (oldest first): brought by a refresh, or by my own move's answer
  // (bots may have answered it at once); then "your move" when a refresh makes it mine (after a step
  // the focus on the next question says it).
  var me = body.getAttribute("data-viewer-seat");
  var fresh = [];
  body.querySelectorAll(".log-lines li").forEach(function (li) {
    if (!swap.lines[li.textContent] && li.getAttribute("data-seat") !== me) {
      var seq = li.querySelector(".seq");
      fresh.unshift((li.textContent || "").replace(seq ? seq.textContent : "", "").trim());
    }
  });
  fresh.forEach(announce);
  if (!swap.step && body.hasAttribute("data-your-turn") && !swap.yourTurn) {
    announce(body.getAttribute("data-your-turn"));
  }
  var target = null;
  if (swap.step && focusMoveError()) { return; }  // a refused move answered with the game as it is now (409)
  if (swap.step || swap.onPrompt) {
    // the game's next question (or confirmation); a game that marks none: its move panel
    target = body.querySelector("[data-step-focus]") || body.querySelector("#move-panel");
  } else if (swap.key) {
    var candidates = body.querySelectorAll("a, button, input, select, textarea, [tabindex]");
    for (var i = 0; i < candidates.length && !target; i++) {
      if (focusKey(candidates[i]) === swap.key) { target = candidates[i]; }
    }
    // the control it was on is gone (a pushed new round: the answer to an offer that lapsed, a step that is no
    // more): never to <body>, but where the player goes on, the move panel's question (or the panel itself)
    if (!target) { target = body.querySelector("[data-step-focus]") || body.querySelector("#move-panel"); }
  }
  if (target) {
    target.focus({ preventScroll: true });
    // after a step the question is brought to the top of the screen when it is out of sight, so what
    // follows it (its choices, Confirm, the board) is on screen too; a refresh never scrolls
    if (swap.step && (outOfSight(target) || outOfSight(controlAfter(body, target)))) {
      target.scrollIntoView({ block: "start" });
    }
  }
});
// New chat messages from the others are read out too.
var chatSeen = null;
document.addEventListener("htmx:beforeSwap", function (event) {
  var t = event.detail.target;
  if (t && t.classList && t.classList.contains("chat-lines")) {
    chatSeen = {};
    t.querySelectorAll("[data-message]").forEach(function (li) { chatSeen[li.getAttribute("data-message")] = true; });
  }
});
document.addEventListener("htmx:afterSettle", function (event) {
  if (!chatSeen) { return; }
  var seen = chatSeen;
  chatSeen = null;
  document.querySelectorAll(".chat-lines [data-message]").forEach(function (li) {
    if (!seen[li.getAttribute("data-message")] && !li.hasAttribute("data-mine")) {
      announce(li.getAttribute("data-says"));
    }
  });
});

// A game page opened at its move panel (after a move sent without htmx, or a link to it): the focus on the next
// question, as after a swap (a fragment alone only scrolls).
document.addEventListener("DOMContentLoaded", function () {
  if (focusMoveError()) { return; }  // a refused move sent without htmx: the page says why, in its move panel
  var panel = location.hash === "#move-panel" && document.getElementById("move-panel");
  if (!panel) { return; }
  var target = panel.querySelector("[data-step-focus]") || panel;
  target.focus();
});
// A form sent back with errors (log in, sign up, a new game…): the focus goes to its first error, which is read
// out, instead of the page's top.
document.addEventListener("DOMContentLoaded", function () {
  var error = document.querySelector("main .errorlist, main form .error, main form [aria-invalid=true]");
  if (!error || document.querySelector("#game-body")) { return; }
  if (!error.matches("input, select, textarea")) { error.setAttribute("tabindex", "-1"); }
  error.focus();
});
