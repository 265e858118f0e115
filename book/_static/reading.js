// Reading on a small screen: nothing here computes a number of the book.
// - a display formula wider than its box is set smaller until it fits (down to 60 %);
// - a table wider than the screen becomes one card per row, each value under its
//   column's name;
// - a tap on a figure opens it at full size (a second tap closes it).
(function () {
  "use strict";
  const narrow = () => window.matchMedia("(max-width: 600px)").matches;

  function fitFormulas() {
    document.querySelectorAll("div.math").forEach((div) => {
      const box = div.querySelector("mjx-container");
      if (!box) return;
      box.style.fontSize = "";
      const eqno = div.querySelector("span.eqno");
      const need = box.scrollWidth;
      const room = div.clientWidth - (eqno && !narrow() ? eqno.offsetWidth : 0);
      if (need > room + 1) {
        const scale = Math.max(0.6, (room - 2) / need);
        box.style.fontSize = Math.floor(scale * 100) + "%";
      }
    });
  }

  function tablesAsCards() {
    const article = document.querySelector("article.bd-article") || document.body;
    article.querySelectorAll("table").forEach((table) => {
      table.classList.remove("pm-cards");
      if (!narrow()) return;
      const box = table.parentElement || article;
      const room = Math.min(article.clientWidth, box.clientWidth || article.clientWidth);
      const width = Math.max(table.scrollWidth, table.getBoundingClientRect().width);
      if (width <= room + 1) return;
      const heads = Array.from(table.querySelectorAll("thead th")).map((th) =>
        th.innerText.trim());
      if (!heads.length) return;
      table.querySelectorAll("tbody tr").forEach((tr) => {
        Array.from(tr.children).forEach((cell, i) => {
          if (heads[i]) cell.setAttribute("data-label", heads[i]);
        });
      });
      table.classList.add("pm-cards");
    });
  }

  function zoomFigures() {
    document.querySelectorAll("figure img, div.cell_output img").forEach((img) => {
      if (img.dataset.pmZoom) return;
      img.dataset.pmZoom = "1";
      img.addEventListener("click", () => {
        if (!narrow()) return;
        const holder = img.closest("figure") || img.parentElement;
        holder.classList.toggle("pm-zoom");
      });
    });
  }

  function layout() {
    fitFormulas();
    tablesAsCards();
  }

  window.addEventListener("DOMContentLoaded", () => {
    zoomFigures();
    tablesAsCards();
    if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
      MathJax.startup.promise.then(layout);
    }
  });
  window.addEventListener("resize", layout);
})();
