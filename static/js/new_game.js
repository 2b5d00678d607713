// The new-game form: only the seats the chosen number of players needs, and the
// username box only for a seat that invites someone. Without JavaScript the server
// shows the seats for the count chosen when the page was drawn, and a button redraws it.
(function () {
  var form = document.getElementById("new-game");
  if (!form) { return; }
  var players = form.querySelector("select[name=players]");
  function update() {
    var count = parseInt(players.value, 10);
    form.querySelectorAll("[data-seat]").forEach(function (row) {
      row.hidden = parseInt(row.dataset.seat, 10) > count;
    });
    form.querySelectorAll("[data-invite-row]").forEach(function (row) {
      var choice = form.querySelector("select[name='" + row.dataset.inviteRow + "']");
      var input = row.querySelector("input");
      row.hidden = !!choice && choice.value !== "invite" && !(input && input.value);
    });
  }
  function hideNoJs() { form.querySelectorAll(".no-js-only").forEach(function (el) { el.hidden = true; }); }
  hideNoJs();
  form.addEventListener("change", function (event) {
    if (event.target.name === "game_type") { followGame(event.target.value); } else { update(); }
  });
  update();
  // Another game chosen: its options, player counts, seats and bot levels at once (the page drawn for that
  // game, ?game=…), keeping the clock and privacy already set; the focus stays on the game's menu.
  function followGame(slug) {
    fetch(location.pathname + "?game=" + encodeURIComponent(slug), { credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.text() : Promise.reject(answer.status); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("new-game");
        if (!fresh) { return; }
        var kept = {};
        form.querySelectorAll("[name^=initial_], [name^=increment_], [name^=max_], [name=timeout_rule], [name=is_private]")
          .forEach(function (el) { kept[el.name] = el.type === "checkbox" ? el.checked : el.value; });
        form.innerHTML = fresh.innerHTML;
        Object.keys(kept).forEach(function (name) {
          var el = form.querySelector("[name='" + name + "']");
          if (!el) { return; }
          if (el.type === "checkbox") { el.checked = kept[name]; } else { el.value = kept[name]; }
        });
        players = form.querySelector("select[name=players]");
        hideNoJs();
        update();
        var menu = form.querySelector("select[name=game_type]");
        if (menu) { menu.focus(); }
      })
      .catch(function () { /* the "Show its options" button still works */
        form.querySelectorAll(".no-js-only, button[name=reload]").forEach(function (el) { el.hidden = false; });
      });
  }
})();
