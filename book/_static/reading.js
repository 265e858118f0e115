// Reading on a small screen: nothing here computes a number of the book.
// - a display formula wider than its box is set smaller until it fits (down to 60 %);
// - an inline formula wider than its line scrolls sideways instead of being cut off, and
//   punctuation right after a formula (or an opening bracket right before it) stays on
//   its line;
// - a table wider than the screen (or squeezed into tall thin columns) becomes one card
//   per row, each value beside its column's name;
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

  function fitInlineFormulas() {
    document.querySelectorAll("mjx-container:not([display])").forEach((box) => {
      box.classList.remove("pm-scroll");
      const line = box.closest("p, li, td, th, dd, dt, figcaption, caption, div");
      if (line && box.getBoundingClientRect().width > line.clientWidth + 1) {
        box.classList.add("pm-scroll");
      }
    });
  }

  const AFTER = /^[.,;:!?)\]」』）]+/;
  const BEFORE = /[(\[「『（]+$/;

  function keepPunctuation() {
    document.querySelectorAll("mjx-container:not([display])").forEach((formula) => {
      // Sphinx puts each inline formula in a span.math; its neighbours are the text
      const math = formula.parentElement;
      const box = math && math.matches("span.math") ? math : formula;
      if (box.parentElement && box.parentElement.classList.contains("pm-nowrap")) return;
      const next = box.nextSibling;
      const prev = box.previousSibling;
      const after = next && next.nodeType === 3 ? next.data.match(AFTER) : null;
      const before = prev && prev.nodeType === 3 ? prev.data.match(BEFORE) : null;
      if (!after && !before) return;
      const group = document.createElement("span");
      group.className = "pm-nowrap";
      box.parentNode.insertBefore(group, box);
      if (before) {
        prev.data = prev.data.slice(0, prev.data.length - before[0].length);
        group.appendChild(document.createTextNode(before[0]));
      }
      group.appendChild(box);
      if (after) {
        next.data = next.data.slice(after[0].length);
        group.appendChild(document.createTextNode(after[0]));
      }
    });
  }

  // A table that fits only by wrapping a cell into a tall thin column (more than six
  // lines of text) reads better as cards too.
  function squeezed(table) {
    if (table.rows.length && table.rows[0].cells.length < 3) return false;
    return Array.from(table.querySelectorAll("tbody td")).some((cell) => {
      const line = parseFloat(getComputedStyle(cell).lineHeight) || 24;
      return cell.getBoundingClientRect().height > 6.5 * line;
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
      if (width <= room + 1 && !squeezed(table)) return;
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
    fitInlineFormulas();
  }

  window.addEventListener("DOMContentLoaded", () => {
    zoomFigures();
    tablesAsCards();
    if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
      MathJax.startup.promise.then(() => {
        keepPunctuation();
        layout();
      });
    }
  });
  window.addEventListener("resize", layout);
})();
