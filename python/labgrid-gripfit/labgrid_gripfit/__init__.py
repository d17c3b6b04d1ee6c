"""labgrid support for a GripFit bridge (docs/labgrid.md): importing this module, as an environment
file's `imports: [labgrid_gripfit]` does, registers the GripFitBridge resource and the GripFitDriver."""

from .bridge import GripFitBridge
from .driver import GripFitDriver

__all__ = ["GripFitBridge", "GripFitDriver"]
