/* packaging/xml2-without-icu.c: what Debian's static libxml2 asks of ICU, answered "no such
 * converter", so the release binary links no second copy of ICU's 31 MB of data (Foundation
 * brings its own).
 *
 * libxml2 (built --with-icu) looks for an encoding's converter in glibc's iconv first and asks
 * ICU only for a name iconv does not know (encoding.c, xmlFindCharEncodingHandler, then
 * openIcuConverter). iconv knows windows-1251, KOI8-R, the ISO-8859 family, Shift_JIS and the
 * rest that XML files declare; UTF-8, UTF-16 and Latin-1 are libxml2's own. A name neither
 * knows is refused as unsupported, which is what libxml2 does without ICU.
 *
 * packaging/static-libs compiles this with ICU_SUFFIX set to the version suffix of the symbols
 * libxml2.a needs (_72 for Debian bookworm's ICU 72).
 */
#include <stddef.h>

#ifndef ICU_SUFFIX
#error "ICU_SUFFIX must be set (for example -DICU_SUFFIX=_72)"
#endif
#define PASTE2(a, b) a##b
#define PASTE(a, b) PASTE2(a, b)
#define ICU(name) PASTE(name, ICU_SUFFIX)

typedef int UErrorCode;
/* U_FILE_ACCESS_ERROR: "the requested file cannot be found" (a converter's data); any value
 * above U_ZERO_ERROR is a failure to libxml2 (U_FAILURE). */
enum { U_FILE_ACCESS_ERROR = 4 };

static void fail(UErrorCode *status) {
  if (status != NULL && *status <= 0) *status = U_FILE_ACCESS_ERROR;
}

void *ICU(ucnv_open)(const char *name, UErrorCode *status) {
  (void)name;
  fail(status);
  return NULL;
}

void ICU(ucnv_close)(void *converter) { (void)converter; }

void ICU(ucnv_setToUCallBack)(void *converter, const void *action, const void *context, void *oldAction,
                              const void **oldContext, UErrorCode *status) {
  (void)converter; (void)action; (void)context; (void)oldAction; (void)oldContext;
  fail(status);
}

void ICU(ucnv_setFromUCallBack)(void *converter, const void *action, const void *context, void *oldAction,
                                const void **oldContext, UErrorCode *status) {
  (void)converter; (void)action; (void)context; (void)oldAction; (void)oldContext;
  fail(status);
}

void ICU(ucnv_convertEx)(void *target, void *source, char **targetStart, const char *targetLimit,
                         const char **sourceStart, const char *sourceLimit, void *pivotStart, void **pivotSource,
                         void **pivotTarget, const void *pivotLimit, int reset, int flush, UErrorCode *status) {
  (void)target; (void)source; (void)targetStart; (void)targetLimit; (void)sourceStart; (void)sourceLimit;
  (void)pivotStart; (void)pivotSource; (void)pivotTarget; (void)pivotLimit; (void)reset; (void)flush;
  fail(status);
}

/* Callbacks libxml2 passes to the setters above: never called, since no converter opens. */
void ICU(UCNV_TO_U_CALLBACK_STOP)(void) {}
void ICU(UCNV_FROM_U_CALLBACK_STOP)(void) {}
