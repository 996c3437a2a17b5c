#include "CIIO.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/iio/events.h>

int orientd_iio_event_fd(int chardev) {
        int fd = -1;
        if (ioctl(chardev, IIO_GET_EVENT_FD_IOCTL, &fd) < 0)
                return -errno;
        int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
                int e = errno;
                close(fd);
                return -e;
        }
        return fd;
}
