// The game page waits on its game's stream (server-sent events, play/stream_page.py) instead of polling:
// the stream says the game's version (and that the chat changed), and the page asks for its new body only
// when the version is not the one it shows. While the stream is not heard (no stream process, a proxy
// that buffers it, a refusal) the page polls as before (site.js, htmx's "every" trigger), saying nothing.
(function () {
  if (!window.EventSource) { return; }  // (htmx, deferred after this script, is there by DOMContentLoaded)
  var HELLO_MS = 8000;    // a stream whose first event takes longer than this is held back: poll instead
  var QUIET_MS = 40000;   // the stream pings every 15 s: this long without a word, it is given up
  var RETRY_MS = 60000;   // after giving up, try the stream again this much later (polling meanwhile)
  var source = null, live = false, heard = false, timer = null, retry = null;
  var latest = null, latestStatus = null, finished = false, inFlight = 0, owed = false;
  var OURS = "X-Page-Stream";

  function body() { return document.getElementById("game-body"); }
  function shown() { var b = body(); return b ? parseInt(b.getAttribute("data-version"), 10) : null; }
  function fetchPart(el) {
    var url = el && el.getAttribute("hx-get");
    if (!url) { return; }
    var headers = {}; headers[OURS] = "1";
    htmx.ajax("GET", url, { source: el, target: el, swap: "outerHTML", headers: headers });
  }
  // The new body, unless one is on its way (a step, a move, a fetch): then once that one has arrived.
  function refresh() {
    if (inFlight) { owed = true; return; }
    owed = false;
    fetchPart(body());
  }
  // Newer than the body shown (a move's own answer may already show a later version than the news of
  // the moves it made: no fetch); an open game fills its seats without a new version: always asked.
  function behind(version, status) {
    return status === "open" || (version !== null && shown() !== null && version > shown());
  }
  function listenFor(ms) {
    clearTimeout(timer);
    timer = setTimeout(giveUp, ms);
  }
  function giveUp() {
    live = false;
    if (source) { source.close(); source = null; }
    clearTimeout(timer);
    if (!finished) { clearTimeout(retry); retry = setTimeout(open, RETRY_MS); }
  }
  function open() {
    var b = body(), url = b && b.getAttribute("data-stream");
    if (!url || source || !window.htmx) { return; }
    source = new EventSource(url);
    listenFor(HELLO_MS);
    source.addEventListener("hello", function (event) {
      var d = JSON.parse(event.data);
      var again = heard;
      live = heard = true;
      listenFor(QUIET_MS);
      latest = d.version; latestStatus = d.status;
      if (behind(d.version, d.status)) { refresh(); }
      if (again) { fetchPart(document.querySelector(".chat-lines[hx-get]")); }  // what a gap may have hidden
      if (["finished", "aborted", "cancelled"].indexOf(d.status) >= 0) { finished = true; giveUp(); }
    });
    source.addEventListener("game", function (event) {
      var d = JSON.parse(event.data);
      listenFor(QUIET_MS);
      latest = d.version; latestStatus = d.status;
      if (behind(d.version, d.status)) { refresh(); }
      if (["finished", "aborted", "cancelled"].indexOf(d.status) >= 0) { finished = true; giveUp(); }
    });
    source.addEventListener("chat", function () {
      listenFor(QUIET_MS);
      fetchPart(document.querySelector(".chat-lines[hx-get]"));
    });
    source.addEventListener("ping", function () { listenFor(QUIET_MS); });
    source.onerror = function () {
      live = false;  // polling resumes at once; the browser reconnects by itself unless it was refused
      if (source && source.readyState === EventSource.CLOSED) { giveUp(); } else { listenFor(HELLO_MS); }
    };
  }
  function ours(detail) {
    var headers = detail.requestConfig && detail.requestConfig.headers;
    return !!(headers && headers[OURS]);
  }
  function isPoll(elt) {
    return elt && (elt.id === "game-body" || (elt.classList && elt.classList.contains("chat-lines")));
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var d = event.detail;
    // The polls wait while the stream is heard; what the stream asks for, and the page's own steps, go.
    if (live && isPoll(d.elt) && d.requestConfig && d.requestConfig.verb === "get" && !ours(d)) {
      event.preventDefault();
      return;
    }
    if (d.target && d.target.id === "game-body") { inFlight++; d.requestConfig.gameBody = true; }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var d = event.detail;
    if (d.requestConfig && d.requestConfig.gameBody) { inFlight = Math.max(0, inFlight - 1); }
    if (!inFlight && owed && !(d.xhr && d.xhr.status === 200)) { settled(); }  // nothing swapped in
  });
  // A body arrived: news heard meanwhile that it does not cover is asked for now.
  function settled() {
    if (inFlight) { return; }
    var due = owed && behind(latest, latestStatus);
    owed = false;
    if (due) { refresh(); }
  }
  document.addEventListener("htmx:afterSettle", settled);
  document.addEventListener("DOMContentLoaded", open);
})();
// The news the page opened with ("Your game is open.", a move's "Done"…) is about the page as it was loaded: once
// the game body has moved to a later version, it is no longer true and goes (issue 41: it stayed to the end).
(function () {
  var first = null;
  document.addEventListener("DOMContentLoaded", function () {
    var b = document.getElementById("game-body");
    first = b ? b.getAttribute("data-version") : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var b = document.getElementById("game-body"), news = document.querySelector("main > ul.messages");
    if (b && news && first !== null && b.getAttribute("data-version") !== first) { news.remove(); }
  });
})();
