// libcsv (Debian libcsv-dev) ships no pkg-config file: the header is found on the default
// include path and the library is linked by the module map.
#include <csv.h>
