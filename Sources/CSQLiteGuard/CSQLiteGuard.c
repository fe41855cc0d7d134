#include "CSQLiteGuard.h"

#include <sqlite3.h>
#include <time.h>

static int64_t monotonic_milliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// The deadline travels as the handler's context pointer itself: nothing to allocate or free.
static int past_deadline(void *context) {
  return monotonic_milliseconds() > (int64_t)(intptr_t)context;
}

int trackport_sqlite_guard(void *connection, int64_t milliseconds, int max_length) {
  sqlite3 *db = connection;
  const int settings[][2] = {
    {SQLITE_DBCONFIG_DEFENSIVE, 1},
    {SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0},
    {SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0},
    {SQLITE_DBCONFIG_ENABLE_TRIGGER, 0},
    {SQLITE_DBCONFIG_ENABLE_VIEW, 0},
  };
  for (unsigned i = 0; i < sizeof settings / sizeof settings[0]; i++) {
    int rc = sqlite3_db_config(db, settings[i][0], settings[i][1], (int *)0);
    if (rc != SQLITE_OK) return rc;
  }
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, max_length);
  sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 100000);
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_progress_handler(db, 1000, past_deadline, (void *)(intptr_t)(monotonic_milliseconds() + milliseconds));
  return SQLITE_OK;
}
