"""Errors of numeric predictions: chapter 6."""

from __future__ import annotations

__all__: list[str] = []
