#ifndef ORIENTD_CLIBC_H
#define ORIENTD_CLIBC_H

/* The C library as the daemon's Swift modules see it. Embedded Swift has no Glibc module, so
   the daemon imports libc through this header in both build modes; it is the one place that
   knows the difference. orientctl imports it too (it is built the same way); the test support may keep using Glibc. */

#include <errno.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* errno is a macro Swift cannot import. */
int orientd_errno(void);

/* Variadic calls and macros Swift cannot import. */
static inline int orientd_open(const char *path, int flags, unsigned mode) { return open(path, flags, mode); }
static inline int orientd_dup_cloexec(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 3); }
/* environ is declared only under _GNU_SOURCE (orientctl lock hands it to the command it runs). */
static inline char **orientd_environ(void) { extern char **environ; return environ; }
static inline void orientd_ignore_signal(int signal) { (void) sigaction(signal, &(struct sigaction){ .sa_handler = SIG_IGN }, NULL); }

/* The process's arguments as main received them (Embedded Swift has no CommandLine). */
int orientd_argc(void);
char *const *orientd_argv(void);

/* The daemon's memory (memory.c): malloc settings for a single-threaded process, set before
   anything is allocated; and, once it idles, the heap's free pages and the executable's
   resident code and constants handed back to the kernel (re-read from the file if run again). */
void orientd_memory_configure(void);
void orientd_memory_release(void);

/* A shared library dlopen()ed only while in use (Sources/CLibc/library.c): `table` is the
 * struct of its function pointers, cleared before every dlclose. A loader: begin (1: already
 * open and now counted, or not opened with *error set; 0: opened), then ORIENTD_RESOLVE each
 * function (a missing one closes it again and returns the reason), then opened; release closes
 * it after the last user (1 when it did). */
struct orientd_library {
        const char *soname;
        void *table;
        size_t table_size;
        void *handle;
        unsigned users;
};
int orientd_library_begin(struct orientd_library *library, const char **error);
void *orientd_library_symbol(struct orientd_library *library, const char *name);
const char *orientd_library_failed(struct orientd_library *library, const char *name);
void orientd_library_opened(struct orientd_library *library);
int orientd_library_release(struct orientd_library *library);
#define ORIENTD_RESOLVE(library, table, prefix, name) \
        if (!((table).name = (__typeof__((table).name)) orientd_library_symbol(&(library), prefix #name))) \
                return orientd_library_failed(&(library), prefix #name);

#endif
