// One HTTP request at a time through the system's libcurl, loaded with dlopen the first time a
// calendar command needs it (`tp_http_load`): the release binary links nothing of libcurl, so
// every other command runs where libcurl is not installed (docs/calendar.md, "HTTP client").
// Only the WebDAV module includes this header; curl's own headers stay in ccurl.c.
#ifndef CCURL_INCLUDED_H
#define CCURL_INCLUDED_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Authentication methods, as the session chooses them (see tp_http_request.auth).
enum tp_http_auth {
  TP_HTTP_AUTH_NONE = 0,
  /// Ask the server first and use what it offers of Basic and Digest (one extra round trip).
  TP_HTTP_AUTH_ANY = 1,
  /// Send Basic credentials with the request (no round trip).
  TP_HTTP_AUTH_BASIC = 2,
  /// Digest: answer the server's challenge.
  TP_HTTP_AUTH_DIGEST = 3,
};

/// What went wrong below HTTP: the classes the WebDAV module turns into messages and statuses.
enum tp_http_failure {
  TP_HTTP_OK = 0,
  TP_HTTP_HOST_NOT_FOUND = 1,
  TP_HTTP_CANNOT_CONNECT = 2,
  TP_HTTP_TIMED_OUT = 3,
  TP_HTTP_TLS = 4,
  TP_HTTP_CONNECTION_LOST = 5,
  TP_HTTP_RESPONSE_TOO_LARGE = 6,
  TP_HTTP_OTHER = 7,
  /// tp_http_cancel was called (Ctrl-C): the request was abandoned.
  TP_HTTP_CANCELLED = 8,
};

typedef struct tp_http_request {
  const char *method;
  const char *url;
  /// "Name: value" lines.
  const char *const *headers;
  size_t header_count;
  /// NULL for none; sent as is, with its length (no chunked encoding, no Expect: 100-continue).
  const unsigned char *body;
  size_t body_length;
  /// NULL: no credentials.
  const char *user;
  const char *password;
  int auth;
  /// Seconds to connect, and seconds the server may stay silent before the request fails.
  long timeout_seconds;
  /// A PEM file of certificates to trust instead of the system's store; NULL: the system's.
  const char *ca_file;
  const char *user_agent;
  /// The largest body accepted; a longer one fails with TP_HTTP_RESPONSE_TOO_LARGE.
  size_t max_body;
} tp_http_request;

typedef struct tp_http_response {
  long status;
  /// malloc'd, NUL-terminated beyond body_length; NULL when empty. Freed by tp_http_response_free.
  unsigned char *body;
  size_t body_length;
  /// The header lines of the last response (after a 401 challenge or a 100), NUL-terminated.
  char *headers;
  size_t headers_length;
  /// Which methods the server offered in its last 401 (TP_HTTP_AUTH_BASIC / _DIGEST bits as
  /// 1 << value), for choosing the session's method after the first request.
  int auth_offered;
  int failure;
  /// libcurl's own message for a failure (never holds the password: libcurl does not echo it).
  char error[256];
} tp_http_response;

typedef struct tp_http_session tp_http_session;

/// Loads libcurl once (libcurl.so.4, else libcurl-gnutls.so.4). 0 on success; otherwise fills
/// `error` with what is missing.
int tp_http_load(char *error, size_t error_size);

/// A session keeps one connection (and TLS session) open across requests. NULL when libcurl
/// is not loaded or cannot make a handle.
tp_http_session *tp_http_session_new(void);
void tp_http_session_free(tp_http_session *session);

/// Sends `request` and fills `response` (zeroed first). Returns response->failure.
int tp_http_perform(tp_http_session *session, const tp_http_request *request, tp_http_response *response);
void tp_http_response_free(tp_http_response *response);

/// Abandons the request in flight, within about a second, and every later one; safe from any
/// thread (the push's Ctrl-C handling calls it).
void tp_http_cancel(void);

#ifdef __cplusplus
}
#endif

#endif
