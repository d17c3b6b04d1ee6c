"""Version requirements such as ">=1.0" or ">=1.0,<2", for the gripfit marker."""

import re
from typing import Optional, Tuple

_CLAUSE = re.compile(r"^\s*(==|!=|>=|<=|>|<)?\s*([0-9][0-9A-Za-z.+-]*)\s*$")


def _numbers(version: str) -> Tuple[int, ...]:
    """The leading dotted numbers of a version: 1.2.0-beta is (1, 2, 0); trailing zeros dropped, so 1.0 == 1."""
    match = re.match(r"^\s*v?([0-9]+(?:\.[0-9]+)*)", version)
    if not match:
        raise ValueError(f"{version!r} is not a version (it must start with a number, such as 1.0)")
    numbers = [int(part) for part in match.group(1).split(".")]
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


def version_matches(version: Optional[str], requirement: str) -> bool:
    """Whether `version` meets every comma-separated clause of `requirement` (no operator means ==).
    An unknown version (None) meets none."""
    if version is None:
        return False
    have = _numbers(version)
    for clause in requirement.split(","):
        match = _CLAUSE.match(clause)
        if not match:
            raise ValueError(f"{requirement!r}: {clause.strip()!r} is not a requirement such as >=1.0")
        operator, wanted = match.group(1) or "==", _numbers(match.group(2))
        holds = {
            "==": have == wanted, "!=": have != wanted, ">=": have >= wanted,
            "<=": have <= wanted, ">": have > wanted, "<": have < wanted,
        }[operator]
        if not holds:
            return False
    return True
