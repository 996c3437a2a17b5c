#include "CIIO.h"

ORIENTD_LIBRARY(orientd_libiio, "libiio.so.0", "iio_", orientd_iio_api, ORIENTD_IIO_FUNCTIONS)
