/* Cité's offer form (issue 42): − and + beside each count (the buttons are in the page, hidden until this script
   shows them), and the warning under "you want" kept up to date as the counts and the recipients change. The form
   works without it: the number inputs are what is sent, and the page draws the warning for the draft it shows. */
(function () {
  "use strict";

  function show(root) {
    root.querySelectorAll(".ct-offer-form .ct-step[hidden]").forEach(function (b) { b.hidden = false; });
  }

  function chosen(form) {
    var boxes = form.querySelectorAll("input[type=checkbox][name='field:to']");
    if (!boxes.length) return null;  // a counter-offer: its one recipient
    var out = [];
    boxes.forEach(function (box) { if (box.checked) out.push(String(box.value)); });
    return out.length ? out : null;  // none ticked yet: whoever it may go to
  }

  function warn(form) {
    var holder = form.querySelector("[data-warn]");
    if (!holder) return;
    var whom = chosen(form);
    form.querySelectorAll("input[data-held]").forEach(function (input) {
      var value = parseInt(input.value, 10) || 0;
      var short = JSON.parse(input.dataset.held).filter(function (h) {
        return (whom === null || whom.indexOf(String(h[0])) >= 0) && h[2] < value;
      }).map(function (h) { return h[1]; });
      var box = document.getElementById(input.id + "-warn");
      if (!box) return;
      box.textContent = short.length ? holder.dataset.warn.replace("%(who)s", short.join(", ")) : "";
      box.hidden = !short.length;
      var item = input.closest(".ct-item");
      if (item) item.classList.toggle("ct-over", short.length > 0);
      var ids = [input.id + "-stock"];
      if (short.length) ids.push(input.id + "-warn");
      input.setAttribute("aria-describedby", ids.join(" "));
    });
  }

  document.addEventListener("DOMContentLoaded", function () { show(document); });
  document.addEventListener("htmx:load", function (event) { show(event.target); });

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.ct-step") : null;
    if (!button) return;
    var input = button.parentNode.querySelector("input[type=number]");
    if (!input) return;
    var low = parseInt(input.min, 10) || 0;
    var high = input.max === "" ? Infinity : parseInt(input.max, 10);
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    input.value = String(Math.min(high, Math.max(low, value)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  function changed(event) {
    var form = event.target.closest ? event.target.closest(".ct-offer-form") : null;
    if (form) warn(form);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
})();
