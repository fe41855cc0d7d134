// OpenSSL's libcrypto (Debian libssl-dev), for SHA-256 and SHA-512 only.
//
// Through the block functions (SHA256_Init, _Update, _Final), not the one-shot SHA256(): in
// OpenSSL 3 the one-shots go through EVP_Q_digest, which brings the provider machinery and
// every algorithm of the default provider into a static link (3.1 MiB of trackport's static
// binary; bench/RESULTS.md, issue 44's fifth round). The block functions are deprecated by
// OpenSSL 3 in favour of EVP but still built and exported by Debian's libcrypto, and they run
// the same assembly (SHA-NI, AVX2) as EVP does.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>

/// SHA-256 of `count` bytes at `bytes` into `digest` (32 bytes).
static inline void trackport_sha256(const void *bytes, size_t count, unsigned char *digest) {
  SHA256_CTX context;
  SHA256_Init(&context);
  SHA256_Update(&context, bytes, count);
  SHA256_Final(digest, &context);
}

/// SHA-512 of `count` bytes at `bytes` into `digest` (64 bytes).
static inline void trackport_sha512(const void *bytes, size_t count, unsigned char *digest) {
  SHA512_CTX context;
  SHA512_Init(&context);
  SHA512_Update(&context, bytes, count);
  SHA512_Final(digest, &context);
}
