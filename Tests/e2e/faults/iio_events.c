/* The IIO event interface for orientd's end-to-end suite, preloaded before umockdev's
 * library. umockdev fakes sysfs and device nodes but cannot hand out the anonymous event
 * descriptor the kernel returns for IIO_GET_EVENT_FD_IOCTL. Here that ioctl, on a device node
 * /dev/iio:deviceN, answers with a new descriptor reading the named pipe ORIENTD_FAKE_IIO_EVENTS_N
 * names (N the device number); the test writes `struct iio_event_data` records into it as the
 * kernel would. Without that variable the ioctl fails with ENOTTY, as on a driver without
 * events. Every other ioctl goes on to the next library. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/iio/events.h>

static int (*next_ioctl)(int, unsigned long, ...);

/* The N of the /dev/iio:deviceN node `fd` refers to, or -1. */
static int iio_node_index(int fd)
{
    char link[64], target[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0)
        return -1;
    target[n] = '\0';
    const char *at = strstr(target, "/dev/iio:device");
    return at ? atoi(at + strlen("/dev/iio:device")) : -1;
}

int ioctl(int fd, unsigned long request, ...)
{
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    if (!next_ioctl)
        next_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
    if (request != IIO_GET_EVENT_FD_IOCTL)
        return next_ioctl(fd, request, arg);
    int index = iio_node_index(fd);
    if (index < 0)
        return next_ioctl(fd, request, arg);
    char name[64];
    snprintf(name, sizeof name, "ORIENTD_FAKE_IIO_EVENTS_%d", index);
    const char *pipe = getenv(name);
    if (!pipe) {
        errno = ENOTTY;
        return -1;
    }
    /* Opened without blocking on a missing writer, then blocking as the kernel's is. */
    int events = open(pipe, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (events < 0)
        return -1;
    fcntl(events, F_SETFL, fcntl(events, F_GETFL) & ~O_NONBLOCK);
    *(int *)arg = events;
    return 0;
}
