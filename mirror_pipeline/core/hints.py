"""Hints for secret references now live in `mirror_pipeline.core.screening.hints` (this name stays for importers
written before the split; new code imports from there)."""

from mirror_pipeline.core.screening.hints import HintRefused, checked_hint, derived_hint, hint_problems

__all__ = ["HintRefused", "checked_hint", "derived_hint", "hint_problems"]
