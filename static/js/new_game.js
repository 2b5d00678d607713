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
  form.querySelectorAll(".no-js-only").forEach(function (el) { el.hidden = true; });
  form.addEventListener("change", update);
  update();
})();
