#define _GNU_SOURCE
#include "CLibc.h"

#include <link.h>
#include <malloc.h>
#include <sys/mman.h>

/* How orientd keeps its own memory small; docs/architecture.md, "Memory", says what each step
   is, docs/benchmarks.md what it weighs. */

/* Linux 5.4's value, for headers that predate it. */
#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif

void orientd_memory_configure(void) {
        /* One thread: one arena (a second thread would otherwise get its own 64 MiB arena). */
        mallopt(M_ARENA_MAX, 1);
}

/* The read-only segments (code, constants) of the executable and of every library loaded.
   The ranges are collected first and handed back after: reading a program header once its page
   is gone would bring that page (and its neighbours) back. */
enum { max_ranges = 256 };
struct ranges {
        uintptr_t start[max_ranges], end[max_ranges];
        int advice[max_ranges];
        int count, objects;
};

/* The start of the executable's code is what a serving daemon runs (the functions of
   scripts/orientd.symbol-order, about 200 KB, the PLT and the unnamed functions beside them;
   scripts/build-embedded): it stays. Paged out, a client's Begin read it back from the file and
   Begin -> first reading took 1.3-3.4 ms longer; unmapped but cached (MADV_DONTNEED), 0.6-0.9 ms
   longer (first_orientation_ms of benchmarks/compare_iio_sensor_proxy.py, five fresh daemons). */
static const uintptr_t hot_code_bytes = 256 * 1024;

static void add_range(struct ranges *ranges, uintptr_t start, uintptr_t end, int advice) {
        if (ranges->count >= max_ranges || start >= end)
                return;
        ranges->start[ranges->count] = start;
        ranges->end[ranges->count] = end;
        ranges->advice[ranges->count] = advice;
        ranges->count++;
}

static int read_only_segments(struct dl_phdr_info *info, size_t size, void *data) {
        (void) size;
        struct ranges *ranges = data;
        uintptr_t page = (uintptr_t) sysconf(_SC_PAGESIZE);
        for (int i = 0; i < info->dlpi_phnum; i++) {
                const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
                if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W))
                        continue;
                uintptr_t start = (info->dlpi_addr + segment->p_vaddr) & ~(page - 1);
                uintptr_t end = (info->dlpi_addr + segment->p_vaddr + segment->p_memsz + page - 1) & ~(page - 1);
                uintptr_t hot = start;
                if (ranges->objects == 0 && (segment->p_flags & PF_X))
                        hot = start + hot_code_bytes < end ? start + hot_code_bytes : end;
                add_range(ranges, hot, end, MADV_PAGEOUT);
        }
        ranges->objects++;
        return 0;
}

void orientd_memory_release(void) {
        malloc_trim(0);
        struct ranges ranges = { .count = 0, .objects = 0 };
        dl_iterate_phdr(read_only_segments, &ranges);
        for (int i = 0; i < ranges.count; i++)
                /* The kernel takes only the pages no other process maps (a library page that
                   another program uses stays); they are unmapped and reclaimed, and read in
                   again when the daemon runs them. EINVAL before Linux 5.4 (and for the vDSO):
                   the pages stay, nothing else changes. */
                (void) madvise((void *) ranges.start[i], ranges.end[i] - ranges.start[i], ranges.advice[i]);
}
