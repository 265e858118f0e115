"""Input checks, one file per family of metrics (private).

:mod:`.arrays` holds what every family shares; each other file holds what one family
needs. The public functions call these once, at their boundary; the kernels they
call trust their inputs.
"""
