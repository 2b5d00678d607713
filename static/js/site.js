// Small behaviours without inline handlers (the content security policy forbids them).
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
// which pans by scrolling (the page never scrolls sideways). The zoom and the
// scroll position survive the swaps of the game body (a move, a refresh).
var BOARD_ZOOMS = [1, 1.5, 2, 3, 4];
var boardView = { zoom: 1, left: 0, top: 0 };
try { boardView = JSON.parse(sessionStorage.getItem("boardView")) || boardView; } catch (e) { /* private mode */ }
function saveBoardView() {
  try { sessionStorage.setItem("boardView", JSON.stringify(boardView)); } catch (e) { /* private mode */ }
}
function setBoardZoom(box, zoom, centreX, centreY) {
  zoom = Math.max(BOARD_ZOOMS[0], Math.min(BOARD_ZOOMS[BOARD_ZOOMS.length - 1], zoom));
  var old = boardView.zoom || 1;
  // keep the point under the fingers (or the middle of the box) where it was
  var cx = centreX === undefined ? box.clientWidth / 2 : centreX;
  var cy = centreY === undefined ? box.clientHeight / 2 : centreY;
  var x = (box.scrollLeft + cx) / old, y = (box.scrollTop + cy) / old;
  boardView.zoom = zoom;
  box.style.setProperty("--zoom", zoom);
  box.scrollLeft = x * zoom - cx;
  box.scrollTop = y * zoom - cy;
  box.dataset.zoomLevel = zoom;
  boardView.left = box.scrollLeft; boardView.top = box.scrollTop;
  saveBoardView();
}
function restoreBoard() {
  var box = document.querySelector("[data-board]");
  if (!box) { return; }
  box.style.setProperty("--zoom", boardView.zoom || 1);
  box.dataset.zoomLevel = boardView.zoom || 1;
  box.scrollLeft = boardView.left || 0;
  box.scrollTop = boardView.top || 0;
  // a highlighted cell out of sight: bring the first one into view (zoomed in, or a board wider
  // than its box at any zoom, as one whose cells keep a minimum size on a phone)
  var target = box.querySelector("a.target");
  var overflows = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
  if (target && (boardView.zoom > 1 || overflows)) {
    var b = box.getBoundingClientRect(), t = target.getBoundingClientRect();
    if (t.right < b.left || t.left > b.right || t.bottom < b.top || t.top > b.bottom) {
      box.scrollLeft += t.left - b.left - b.width / 2 + t.width / 2;
      box.scrollTop += t.top - b.top - b.height / 2 + t.height / 2;
    }
  }
  if (!box.dataset.watched) {
    box.dataset.watched = "1";
    box.addEventListener("scroll", function () {
      boardView.left = box.scrollLeft; boardView.top = box.scrollTop; saveBoardView();
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
    if (Object.keys(touches).length === 2) { startDistance = distance(); startZoom = boardView.zoom || 1; }
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
    var zoom = boardView.zoom || 1, step = button.dataset.zoom;
    if (step === "fit") { setBoardZoom(box, 1); return; }
    var next = step === "in" ? BOARD_ZOOMS.filter(function (z) { return z > zoom + 0.01; })[0]
                             : BOARD_ZOOMS.filter(function (z) { return z < zoom - 0.01; }).pop();
    if (next !== undefined) { setBoardZoom(box, next); }
    return;
  }
  // A tap on a building, city or landscape says what it is under the board
  // (a tooltip needs a mouse).
  var thing = event.target.closest && event.target.closest("svg.board .building, svg.board .land-mark, svg.board .mark");
  var info = document.querySelector("[data-board-info]");
  if (thing && info) {
    var title = thing.querySelector("title");
    if (title) { info.textContent = title.textContent; }
  }
});
document.addEventListener("DOMContentLoaded", restoreBoard);
// (htmx:load: fired by the new content itself; the element that asked may be gone after an outerHTML swap)
document.addEventListener("htmx:load", restoreBoard);

// Keyboard and screen readers on the game page (issue 19).
// Board targets drawn in SVG are links with role="button": Space presses them too, as a button.
document.addEventListener("keydown", function (event) {
  var el = event.target;
  if (event.key === " " && el.matches && el.matches("a[role=button]")) {
    event.preventDefault();  // (an SVG element has no click(): send the event itself)
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  }
});
// The board's targets are one stop in the Tab order (the move panel lists them all as buttons before
// the board): the arrow keys move among them, Home and End go to the first and the last.
document.addEventListener("keydown", function (event) {
  var el = event.target;
  if (!el.closest || !el.closest("[data-board]") || !el.matches("[data-board-target]")) { return; }
  var all = Array.prototype.slice.call(el.closest("[data-board]").querySelectorAll("[data-board-target]"));
  var i = all.indexOf(el), next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") { next = all[(i + 1) % all.length]; }
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") { next = all[(i - 1 + all.length) % all.length]; }
  else if (event.key === "Home") { next = all[0]; } else if (event.key === "End") { next = all[all.length - 1]; }
  if (next) {
    event.preventDefault();
    el.setAttribute("tabindex", "-1"); next.setAttribute("tabindex", "0"); next.focus();
  }
});
// Across the swaps of the game body: after a step of a move the focus goes to the next question (or the
// confirmation); when the page refreshes itself (a poll) it stays on the same control.
function focusKey(el) {
  if (el.id) { return "#" + el.id; }
  return [el.tagName, el.getAttribute("data-focus-key") || el.getAttribute("hx-get") || el.getAttribute("href")
          || el.getAttribute("name") || "", (el.textContent || "").trim().slice(0, 60)].join("|");
}
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
  if (swap.step || swap.onPrompt) {
    target = body.querySelector("[data-step-focus]");
  } else if (swap.key) {
    var candidates = body.querySelectorAll("a, button, input, select, textarea, [tabindex]");
    for (var i = 0; i < candidates.length && !target; i++) {
      if (focusKey(candidates[i]) === swap.key) { target = candidates[i]; }
    }
  }
  if (target) { target.focus({ preventScroll: !swap.step }); }
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
