#include <iio.h>
