"""Make the built HTML work with no network and load without console errors.

* MathJax 3 is served from a local copy instead of a CDN. The files come from the
  PyPI package ``django-static-mathjax`` (a plain copy of MathJax's ``es5`` build;
  Django itself is not needed): ``mathjax_path`` points at
  ``_static/mathjax/tex-mml-chtml.js`` and the files are copied there after an HTML
  build.
* BokehJS (the threshold explorer of ``pedagogy_metrics.explorer``) is served from
  ``_static/bokeh/``, copied from the installed ``bokeh`` package after an HTML
  build, and loaded only by the pages that hold an explorer.
* sphinx-thebe (loaded by Jupyter Book even when no launch button is configured)
  registers its inline ``const THEBE_JS_URL`` script twice, which the browser reports
  as a SyntaxError; each page keeps one copy of every script.
"""

from __future__ import annotations

import pathlib
import shutil

import mathjax  # the django-static-mathjax package

ES5 = pathlib.Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
EXPLORER = 'class="pm-explorer"'  # the marker of pedagogy_metrics.explorer's output
BOKEH_FILES = ("bokeh.min.js", "bokeh-widgets.min.js")


def _bokeh_js() -> tuple[pathlib.Path, str]:
    """The folder of BokehJS in the installed bokeh package, and its version."""
    import bokeh

    return pathlib.Path(bokeh.__file__).parent / "server" / "static" / "js", (
        bokeh.__version__
    )


def _use_local_mathjax(app, config) -> None:
    config.mathjax_path = "mathjax/tex-mml-chtml.js"  # relative to _static


def _copy_mathjax(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        target = pathlib.Path(app.outdir) / "_static" / "mathjax"
        shutil.copytree(ES5, target, dirs_exist_ok=True)


def _copy_bokeh(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        source, version = _bokeh_js()
        target = pathlib.Path(app.outdir) / "_static" / "bokeh" / version
        target.mkdir(parents=True, exist_ok=True)
        for name in BOKEH_FILES:
            shutil.copy2(source / name, target / name)


def _bokeh_where_needed(app, pagename, templatename, context, doctree) -> None:
    if EXPLORER in context.get("body", ""):
        _, version = _bokeh_js()
        for name in BOKEH_FILES:  # in order: the widgets need bokeh
            app.add_js_file(f"bokeh/{version}/{name}", priority=400)


def _one_copy_of_each_script(app, pagename, templatename, context, doctree) -> None:
    scripts, seen = [], set()
    for script in context.get("script_files", []):
        key = (
            str(
                getattr(script, "filename", script) or ""
            ),  # None and "" both mean inline
            tuple(sorted(getattr(script, "attributes", {}).items())),
        )
        if key not in seen:
            seen.add(key)
            scripts.append(script)
    context["script_files"] = scripts


def setup(app):
    if not (ES5 / "tex-mml-chtml.js").exists():
        raise RuntimeError(f"MathJax files not found under {ES5}")
    app.connect("config-inited", _use_local_mathjax, priority=900)
    app.connect("html-page-context", _bokeh_where_needed, priority=400)
    app.connect("html-page-context", _one_copy_of_each_script)
    app.connect("build-finished", _copy_bokeh)
    app.connect("build-finished", _copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
