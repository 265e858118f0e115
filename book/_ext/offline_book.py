"""Make the built HTML work with no network and load without console errors.

* MathJax 3 is served from a local copy instead of a CDN. The files come from the
  PyPI package ``django-static-mathjax`` (a plain copy of MathJax's ``es5`` build;
  Django itself is not needed): ``mathjax_path`` points at
  ``_static/mathjax/tex-mml-chtml.js`` and the files are copied there after an HTML
  build.
* sphinx-thebe (loaded by Jupyter Book even when no launch button is configured)
  registers its inline ``const THEBE_JS_URL`` script twice, which the browser reports
  as a SyntaxError; each page keeps one copy of every script.
"""

from __future__ import annotations

import pathlib
import shutil

import mathjax  # the django-static-mathjax package

ES5 = pathlib.Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"


def _use_local_mathjax(app, config) -> None:
    config.mathjax_path = "mathjax/tex-mml-chtml.js"  # relative to _static


def _copy_mathjax(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        target = pathlib.Path(app.outdir) / "_static" / "mathjax"
        shutil.copytree(ES5, target, dirs_exist_ok=True)


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
    app.connect("html-page-context", _one_copy_of_each_script)
    app.connect("build-finished", _copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
