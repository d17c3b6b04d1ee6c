"""pytest fixtures for GripFit hardware-in-the-loop tests (docs/pytest.md)."""

from .port import GripFitPort
from .session import GripFitCommandError, GripFitSession, GripFitTimeout
from .simulator import GripFitSimulator
from .versions import version_matches

__all__ = [
    "GripFitCommandError",
    "GripFitPort",
    "GripFitSession",
    "GripFitSimulator",
    "GripFitTimeout",
    "version_matches",
]
