#pragma once

#include <stdint.h>

/// Holds the loop task off the CPU for a while, as a higher-priority task or a flash erase does on
/// the board: the radio's `lose` fault uses it so that a burst of notifications meets a full queue.
namespace LoopStall {

/// Asks the loop task to stall for `ms` at its next yield; returns once it is stalled.
void request(uint32_t ms);
/// Called by the loop task's yield(): stalls if asked to.
void honour();
/// Stops waiters (shutdown).
void release();

}  // namespace LoopStall
