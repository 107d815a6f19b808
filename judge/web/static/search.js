// Progressive enhancement only: the search form and results work without this file.
// - search as you type: fetch the server-rendered results page and swap in its results;
// - "Copy link" buttons next to each permalink.
(function () {
  "use strict";
  function enableCopy(root) {
    if (!navigator.clipboard) return;
    root.querySelectorAll("button.copy-link").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        navigator.clipboard.writeText(new URL(b.dataset.url, location.href).href).then(function () {
          b.textContent = "Copied";
        });
      });
    });
  }
  var form = document.querySelector("form.search-form");
  var input = document.querySelector("[data-live-search]");
  var results = document.getElementById("results");
  enableCopy(document);
  if (!form || !input || !window.fetch) return;
  var timer = null, seq = 0;
  function update() {
    var params = new URLSearchParams(new FormData(form));
    if (!input.value.trim()) return;
    var mine = ++seq;
    fetch("/search?" + params.toString()).then(function (r) { return r.text(); }).then(function (html) {
      if (mine !== seq) return;
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.getElementById("results");
      if (!fresh) return;
      if (results) { results.replaceWith(fresh); } else { form.after(fresh); }
      results = fresh;
      enableCopy(results);
      history.replaceState(null, "", "/search?" + params.toString());
    });
  }
  form.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(update, 250); });
})();
