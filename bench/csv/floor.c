/* The floor for CSV decoding: libcsv over a file with empty callbacks that only count fields
 * and rows. Same libcsv options as TrackerPort's CSVParser (strict, strict end, empty unquoted
 * field is NULL, every line end reported, spaces kept), fed in 64 KiB chunks of a
 * memory-mapped file, so the difference to trackport is the cost of everything above libcsv.
 *
 * Usage: floor FILE   (prints "rows fields")
 * Built by bench/run-csv: cc -O2 bench/csv/floor.c -o bench/out/csv-floor -lcsv */
#include <csv.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static size_t fields, rows, fields_at_row_end;
static void on_field(void *s, size_t len, void *data) { (void)s; (void)len; (void)data; fields++; }
/* CSV_REPALL_NL also reports the LF of a CRLF as a row without fields: not a record. */
static void on_row(int c, void *data) {
  (void)c; (void)data;
  if (fields != fields_at_row_end) rows++;
  fields_at_row_end = fields;
}
static int keep_spaces(unsigned char c) { (void)c; return 0; }

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s FILE\n", argv[0]); return 64; }
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[1]); return 66; }
  size_t size = (size_t)st.st_size;
  const unsigned char *bytes = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
  if (size && bytes == MAP_FAILED) { perror("mmap"); return 66; }

  struct csv_parser p;
  if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_EMPTY_IS_NULL | CSV_REPALL_NL) != 0) return 70;
  csv_set_space_func(&p, keep_spaces);
  size_t chunk = 1 << 16;
  for (size_t at = 0; at < size; at += chunk) {
    size_t len = size - at < chunk ? size - at : chunk;
    if (csv_parse(&p, bytes + at, len, on_field, on_row, NULL) != len) {
      fprintf(stderr, "parse error: %s\n", csv_strerror(csv_error(&p)));
      return 65;
    }
  }
  if (csv_fini(&p, on_field, on_row, NULL) != 0) {
    fprintf(stderr, "parse error at end: %s\n", csv_strerror(csv_error(&p)));
    return 65;
  }
  csv_free(&p);
  printf("%zu %zu\n", rows, fields);
  return 0;
}
