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
