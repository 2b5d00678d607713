// Small behaviours without inline handlers (the content security policy forbids them).
document.addEventListener("change", function (event) {
  var el = event.target;
  if (el.matches && el.matches("select[data-autosubmit]")) { el.form.submit(); }
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
