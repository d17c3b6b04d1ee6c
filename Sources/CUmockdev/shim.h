#ifndef GRIPFIT_CUMOCKDEV_SHIM_H
#define GRIPFIT_CUMOCKDEV_SHIM_H

/// umockdev's testbed, for tests only: fake sysfs devices, uevents and pty-backed ttys.
#include <umockdev.h>

#endif
