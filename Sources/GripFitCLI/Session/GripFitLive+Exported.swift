// The consumers and the force formatter live in GripFitLive; every CLI file that shows force sees
// them without an import of its own.
@_exported import GripFitLive
