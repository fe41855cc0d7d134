// Settings SQLite offers only through C varargs (sqlite3_db_config), which Swift cannot call,
// and a progress handler with a deadline. Used by SQLiteCore alone.
#ifndef CSQLITEGUARD_H
#define CSQLITEGUARD_H

#include <stdint.h>

/// Hardens an open connection (`sqlite3 *`, passed untyped so Swift needs no SQLite module
/// here) before anything of the file is read: defensive mode on, schema not trusted (no
/// functions with side effects from views, triggers or defaults), views and triggers off,
/// extension loading off, strings and blobs capped at `max_length` bytes, and every statement
/// interrupted (SQLITE_INTERRUPT) once `milliseconds` have passed from this call. Returns
/// SQLITE_OK (0) or the first failing result code.
int trackport_sqlite_guard(void *connection, int64_t milliseconds, int max_length);

#endif
