"""Metrics for predicted probabilities: chapter 5."""

from __future__ import annotations

__all__: list[str] = []
