#ifndef GRIPFIT_CUDEV_SHIM_H
#define GRIPFIT_CUDEV_SHIM_H

/// libudev: enumeration of USB serial ports and the hotplug monitor.
#include <libudev.h>

#endif
