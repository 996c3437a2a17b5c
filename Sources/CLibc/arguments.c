#include "CLibc.h"

/* glibc calls the functions in .init_array with main's arguments (argc, argv, envp); Embedded
   Swift has no CommandLine, so the daemon reads its arguments from here in both build modes. */
static int saved_argc;
static char **saved_argv;

static void save_arguments(int argc, char **argv, char **envp) {
        (void)envp;
        saved_argc = argc;
        saved_argv = argv;
}

__attribute__((used, section(".init_array"))) static void (*const save_arguments_entry)(int, char **, char **) =
        save_arguments;

int orientd_argc(void) {
        return saved_argc;
}

char *const *orientd_argv(void) {
        return saved_argv;
}
