#ifndef ORIENTD_CLIBC_H
#define ORIENTD_CLIBC_H

/* The C library as the daemon's Swift modules see it. Embedded Swift has no Glibc module, so
   the daemon imports libc through this header in both build modes; it is the one place that
   knows the difference. orientctl and the test support may keep using Glibc. */

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* errno is a macro Swift cannot import. */
int orientd_errno(void);

/* The process's arguments as main received them (Embedded Swift has no CommandLine). */
int orientd_argc(void);
char *const *orientd_argv(void);

#endif
