#include "CLibc.h"

int orientd_errno(void) {
        return errno;
}
