#include "CSystemd.h"
