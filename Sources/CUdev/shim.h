#ifndef GRIPFIT_CUDEV_SHIM_H
#define GRIPFIT_CUDEV_SHIM_H

/// libudev: enumeration of USB serial ports and the hotplug monitor.
#include <libudev.h>
/// getxattr: to see the ACL that udev's TAG+="uaccess" grants on a port (not in Swift's Glibc module).
#include <sys/xattr.h>

#endif
