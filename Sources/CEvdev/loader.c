#include "CEvdev.h"

ORIENTD_LIBRARY(orientd_libevdev, "libevdev.so.2", "libevdev_", orientd_evdev_api, ORIENTD_EVDEV_FUNCTIONS)
