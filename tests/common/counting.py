"""A game's real rules, counting the events they report: the soak tests use it to prove their
random games reach every rule (not a test module: pytest collects only test_*.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any


def counting(rules_class: type) -> Any:
    """An instance of ``rules_class`` whose ``events`` counts every event kind it reported."""

    class Counting(rules_class):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            self.events: Counter[str] = Counter()

        def apply(self, state: Any, seat: str, move: Any) -> list:
            events = super().apply(state, seat, move)
            self.events.update(e.kind for e in events)
            return events

    return Counting()
