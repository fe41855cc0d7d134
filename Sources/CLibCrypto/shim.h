// OpenSSL's libcrypto (Debian libssl-dev), for SHA-256 and SHA-512 only: the one-shot digest
// functions, which OpenSSL 3 does not deprecate (the SHA256_Init family it does).
#include <openssl/sha.h>
