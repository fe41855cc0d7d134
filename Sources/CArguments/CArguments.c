// The process's arguments without /proc.
//
// On Linux the Swift runtime reads CommandLine.arguments from /proc/self/cmdline; where /proc
// is not mounted (a bare chroot, some containers) it finds none, and every `trackport`
// subcommand printed the root help. glibc calls each .init_array function with argc, argv and
// envp before main, so one here hands the real ones to the runtime's documented override
// (_swift_stdlib_overrideUnsafeArgvArgc, the hook Swift's own tests use). argv stays valid for
// the life of the process.
#include "CArguments.h"

extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

static int captured = 0;

static void capture(int argc, char **argv, char **envp) {
  (void)envp;
  if (argc <= 0 || argv == 0 || argv[0] == 0) return;  // a C library that passes nothing
  captured = argc;
  _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
}

__attribute__((section(".init_array"), used)) static void (*const capture_entry)(int, char **, char **) = capture;

int trackport_argument_count(void) { return captured; }
