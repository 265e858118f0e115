# pedagogy-metrics: every target sets up .venv (once) and is safe to re-run.
#   make book       set up, then build the HTML book: English in _build/html, Chinese in
#                   _build/html/zh (from the catalogs in book/locales; tools/edition.py)
#   make test       set up, then run every test (unit, oracle, bad input, notebooks, book build);
#                   WORKERS=1 runs them in one process
#   make check      the inner loop: unit tests, lint and types, under a minute
#   make notebooks  re-execute every chapter in place so stored outputs match the package,
#                   and redraw the Chinese edition's figures (tools/notebooks.py)
#   make catalogs   merge the English pages' messages into the Chinese catalogs, to translate
#   make pdf        the printed book: English and Chinese, student (no solutions) and
#                   instructor editions, in _build/pdf/ (XeLaTeX; tools/edition.py)
#   make bench      time our metrics against scikit-learn (writes book/data/benchmark.json)
#   make clean      remove build outputs (keeps .venv); `make distclean` removes .venv too

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup browser fonts tex book catalogs pdf test check notebooks bench clean distclean

# Kernels started by the book build, nbval and `make notebooks` log only errors: ipykernel's
# warning that a local kernel talks to its client over TCP without encryption is about the
# machine, not the book, and a reader of the build log would take it for a problem.
export IPYTHONDIR := $(CURDIR)/_build/ipython
KERNEL_CONFIG := $(IPYTHONDIR)/profile_default/ipython_kernel_config.py

$(KERNEL_CONFIG):
	@mkdir -p $(dir $@)
	@echo 'c.IPKernelApp.log_level = "ERROR"' > $@

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e ".[book,test]"
	@touch $(STAMP)

book: setup $(KERNEL_CONFIG)
	$(BIN)/python tools/edition.py build
	@echo "Book built: open _build/html/index.html (English) or _build/html/zh/index.html (中文)"

catalogs: setup
	$(BIN)/python tools/edition.py catalogs

# The real-browser check needs Debian's chromium and chromedriver, and a font with Chinese glyphs
# (the book gives every term's Chinese name); installed here when we are root.
BROWSER_PACKAGES := chromium chromium-driver fonts-wqy-microhei

browser:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null \
	    && fc-list 2>/dev/null | grep -qi "wqy\|cjk"; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null; } \
	    || echo "note: could not install $(BROWSER_PACKAGES): the browser check will say so"; \
	else echo "note: $(BROWSER_PACKAGES) missing and not root: the browser check will be skipped"; fi

# The printed book needs XeLaTeX with ctex/xeCJK, latexmk, the Noto CJK fonts and poppler's
# pdftotext/pdffonts/pdftoppm (for its checks); installed here when we are root.
TEX_PACKAGES := texlive-xetex texlive-lang-chinese texlive-latex-extra texlive-fonts-recommended \
  fonts-texgyre fonts-texgyre-math fonts-dejavu-core fonts-noto-cjk latexmk poppler-utils
TEX_TOOLS := xelatex latexmk pdftotext pdffonts pdftoppm

tex:
	@if for t in $(TEX_TOOLS); do command -v $$t >/dev/null || exit 1; done \
	    && fc-list 2>/dev/null | grep -q "Noto Serif CJK SC"; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEX_PACKAGES) >/dev/null; } \
	    || echo "note: could not install $(TEX_PACKAGES): the PDF check will say so"; \
	else echo "note: the printed book needs $(TEX_PACKAGES) (not root: not installed)"; fi

pdf: setup tex
	$(BIN)/python tools/edition.py pdf
	@echo "Printed book: _build/pdf/ (English and Chinese, student and instructor editions)"

# Workers for pytest-xdist: `make test WORKERS=1` runs everything in one process.
WORKERS ?= 2

test: setup browser tex $(KERNEL_CONFIG)
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadfile

# The inner loop (about a minute): unit, oracle (fewer hypothesis examples), bad-input and
# notebook-hygiene tests, ruff and mypy; no nbval, book build or browser.
check: setup
	HYPOTHESIS_PROFILE=quick $(BIN)/python -m pytest tests -m "not slow" \
	  --ignore=tests/test_book.py --ignore=tests/test_pdf.py -n $(WORKERS) --dist loadfile

notebooks: setup fonts $(KERNEL_CONFIG)
	$(BIN)/python tools/notebooks.py

# The Chinese edition's figures are drawn with a font that has Chinese glyphs.
fonts:
	@if fc-list 2>/dev/null | grep -qi "wqy\|cjk"; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null; \
	else echo "note: install fonts-wqy-microhei (a font with Chinese glyphs) to draw the figures"; fi

BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e ".[book,test,bench]"
	@touch $(BENCH_STAMP)

bench: setup $(BENCH_STAMP)
	$(BIN)/python benchmarks/bench.py

clean:
	rm -rf _build .pytest_cache .hypothesis
	find . -name __pycache__ -type d -not -path "./$(VENV)/*" -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) *.egg-info
