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
