#ifndef CARGUMENTS_H
#define CARGUMENTS_H

/// How many arguments the process was started with, as glibc handed them to the program's
/// initialisers (0 where it hands none). The initialiser in CArguments.c gives them to the Swift
/// runtime, so `CommandLine.arguments` is right where the runtime would read
/// /proc/self/cmdline and find no /proc (a chroot, a minimal container).
int trackport_argument_count(void);

#endif
