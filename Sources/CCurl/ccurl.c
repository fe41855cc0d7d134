// libcurl behind function pointers found with dlsym: see include/ccurl.h for why.
#include "ccurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  void (*easy_reset)(CURL *);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_perform)(CURL *);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  const char *(*easy_strerror)(CURLcode);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

static void load(void) {
  const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
  void *library = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
    library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (library == NULL) {
    snprintf(load_error, sizeof load_error, "libcurl is not installed (neither libcurl.so.4 nor libcurl-gnutls.so.4 loads)");
    return;
  }
#define FIND(field, symbol)                                                                      \
  do {                                                                                           \
    *(void **)(&curl.field) = dlsym(library, symbol);                                            \
    if (curl.field == NULL) {                                                                    \
      snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s: too old", symbol);       \
      return;                                                                                    \
    }                                                                                            \
  } while (0)
  FIND(global_init, "curl_global_init");
  FIND(easy_init, "curl_easy_init");
  FIND(easy_cleanup, "curl_easy_cleanup");
  FIND(easy_reset, "curl_easy_reset");
  FIND(easy_setopt, "curl_easy_setopt");
  FIND(easy_perform, "curl_easy_perform");
  FIND(easy_getinfo, "curl_easy_getinfo");
  FIND(slist_append, "curl_slist_append");
  FIND(slist_free_all, "curl_slist_free_all");
  FIND(easy_strerror, "curl_easy_strerror");
#undef FIND
  if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(load_error, sizeof load_error, "libcurl could not start (curl_global_init)");
    return;
  }
  loaded = 1;
}

int tp_http_load(char *error, size_t error_size) {
  pthread_once(&load_once, load);
  if (!loaded && error != NULL && error_size > 0) snprintf(error, error_size, "%s", load_error);
  return loaded ? 0 : -1;
}

struct tp_http_session {
  CURL *handle;
};

tp_http_session *tp_http_session_new(void) {
  if (tp_http_load(NULL, 0) != 0) return NULL;
  tp_http_session *session = calloc(1, sizeof *session);
  if (session == NULL) return NULL;
  session->handle = curl.easy_init();
  if (session->handle == NULL) {
    free(session);
    return NULL;
  }
  return session;
}

void tp_http_session_free(tp_http_session *session) {
  if (session == NULL) return;
  curl.easy_cleanup(session->handle);
  free(session);
}

struct buffer {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
  size_t limit;
  int too_large;
};

static int append(struct buffer *buffer, const char *data, size_t size) {
  if (size > buffer->limit - buffer->length) {
    buffer->too_large = 1;
    return -1;
  }
  if (buffer->length + size + 1 > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 4096;
    while (capacity < buffer->length + size + 1) capacity *= 2;
    unsigned char *grown = realloc(buffer->bytes, capacity);
    if (grown == NULL) return -1;
    buffer->bytes = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->bytes + buffer->length, data, size);
  buffer->length += size;
  buffer->bytes[buffer->length] = 0;
  return 0;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
  return append(context, data, size * count) == 0 ? size * count : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
  struct buffer *headers = context;
  // A new status line starts a new response (after 100 Continue or a 401 challenge): keep
  // only the last response's headers.
  if (size * count >= 5 && memcmp(data, "HTTP/", 5) == 0) headers->length = 0;
  return append(headers, data, size * count) == 0 ? size * count : 0;
}

static atomic_int cancelled;

void tp_http_cancel(void) { atomic_store(&cancelled, 1); }

// Called by libcurl about once a second while a request waits, and on every transfer: a
// non-zero answer abandons the request.
static int on_progress(void *context, curl_off_t down_total, curl_off_t down, curl_off_t up_total, curl_off_t up) {
  (void)context; (void)down_total; (void)down; (void)up_total; (void)up;
  return atomic_load(&cancelled);
}

static int failure_of(CURLcode code) {
  switch (code) {
  case CURLE_OK: return TP_HTTP_OK;
  case CURLE_ABORTED_BY_CALLBACK: return TP_HTTP_CANCELLED;
  case CURLE_COULDNT_RESOLVE_HOST: case CURLE_COULDNT_RESOLVE_PROXY: return TP_HTTP_HOST_NOT_FOUND;
  case CURLE_COULDNT_CONNECT: return TP_HTTP_CANNOT_CONNECT;
  case CURLE_OPERATION_TIMEDOUT: return TP_HTTP_TIMED_OUT;
  case CURLE_SSL_CONNECT_ERROR: case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CERTPROBLEM:
  case CURLE_SSL_CIPHER: case CURLE_SSL_CACERT_BADFILE: case CURLE_SSL_ISSUER_ERROR:
  case CURLE_SSL_PINNEDPUBKEYNOTMATCH: case CURLE_SSL_INVALIDCERTSTATUS: case CURLE_SSL_ENGINE_NOTFOUND:
    return TP_HTTP_TLS;
  case CURLE_GOT_NOTHING: case CURLE_SEND_ERROR: case CURLE_RECV_ERROR: case CURLE_PARTIAL_FILE:
  case CURLE_HTTP2: case CURLE_HTTP2_STREAM:
    return TP_HTTP_CONNECTION_LOST;
  default: return TP_HTTP_OTHER;
  }
}

static long curl_auth(int auth) {
  switch (auth) {
  case TP_HTTP_AUTH_ANY: return CURLAUTH_BASIC | CURLAUTH_DIGEST;
  case TP_HTTP_AUTH_BASIC: return CURLAUTH_BASIC;
  case TP_HTTP_AUTH_DIGEST: return CURLAUTH_DIGEST;
  default: return CURLAUTH_NONE;
  }
}

int tp_http_perform(tp_http_session *session, const tp_http_request *request, tp_http_response *response) {
  memset(response, 0, sizeof *response);
  if (atomic_load(&cancelled)) {
    response->failure = TP_HTTP_CANCELLED;
    snprintf(response->error, sizeof response->error, "cancelled");
    return response->failure;
  }
  CURL *handle = session->handle;
  // Reset keeps the open connection, the TLS session and the DNS cache.
  curl.easy_reset(handle);
  struct buffer body = {.limit = request->max_body ? request->max_body : (size_t)64 << 20};
  struct buffer headers = {.limit = (size_t)1 << 20};
  struct curl_slist *list = NULL;
  for (size_t i = 0; i < request->header_count; i++) list = curl.slist_append(list, request->headers[i]);
  // No "Expect: 100-continue" round trip before a body.
  list = curl.slist_append(list, "Expect:");
  char error[CURL_ERROR_SIZE] = {0};

  curl.easy_setopt(handle, CURLOPT_URL, request->url);
  if (curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
    // libcurl before 7.85 knows only the bit mask.
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
  }
  // Plain HTTP never goes through a proxy (http_proxy, ALL_PROXY): the password would cross
  // the network readable; HTTPS through a proxy is a tunnel the proxy cannot read.
  if (strncasecmp(request->url, "http:", 5) == 0) curl.easy_setopt(handle, CURLOPT_NOPROXY, "*");
  curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
  curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
  curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
  curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
  curl.easy_setopt(handle, CURLOPT_WRITEDATA, &body);
  curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
  curl.easy_setopt(handle, CURLOPT_HEADERDATA, &headers);
  curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, request->timeout_seconds);
  // A server silent for the whole timeout (less than a byte a second) fails the request.
  curl.easy_setopt(handle, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl.easy_setopt(handle, CURLOPT_LOW_SPEED_TIME, request->timeout_seconds);
  // And a whole request, however it trickles, ends after ten timeouts.
  curl.easy_setopt(handle, CURLOPT_TIMEOUT, request->timeout_seconds * 10);
  curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
  curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
  if (request->user_agent) curl.easy_setopt(handle, CURLOPT_USERAGENT, request->user_agent);
  if (request->ca_file) curl.easy_setopt(handle, CURLOPT_CAINFO, request->ca_file);
  if (request->user && request->auth != TP_HTTP_AUTH_NONE) {
    curl.easy_setopt(handle, CURLOPT_USERNAME, request->user);
    curl.easy_setopt(handle, CURLOPT_PASSWORD, request->password ? request->password : "");
    curl.easy_setopt(handle, CURLOPT_HTTPAUTH, curl_auth(request->auth));
  }
  if (request->body != NULL) {
    curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
    curl.easy_setopt(handle, CURLOPT_POSTFIELDS, (const char *)request->body);
  } else {
    curl.easy_setopt(handle, CURLOPT_HTTPGET, 1L);
  }
  curl.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request->method);

  CURLcode code = curl.easy_perform(handle);
  curl.slist_free_all(list);
  // The options point into this frame: clear them before returning.
  curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);
  curl.easy_setopt(handle, CURLOPT_HTTPHEADER, NULL);
  curl.easy_setopt(handle, CURLOPT_WRITEDATA, NULL);
  curl.easy_setopt(handle, CURLOPT_HEADERDATA, NULL);

  response->failure = body.too_large ? TP_HTTP_RESPONSE_TOO_LARGE : failure_of(code);
  if (code != CURLE_OK) {
    snprintf(response->error, sizeof response->error, "%s", error[0] ? error : curl.easy_strerror(code));
  }
  curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &response->status);
  long available = 0;
  curl.easy_getinfo(handle, CURLINFO_HTTPAUTH_AVAIL, &available);
  if (available & CURLAUTH_BASIC) response->auth_offered |= 1 << TP_HTTP_AUTH_BASIC;
  if (available & CURLAUTH_DIGEST) response->auth_offered |= 1 << TP_HTTP_AUTH_DIGEST;
  response->body = body.bytes;
  response->body_length = body.length;
  response->headers = (char *)headers.bytes;
  response->headers_length = headers.length;
  return response->failure;
}

void tp_http_response_free(tp_http_response *response) {
  free(response->body);
  free(response->headers);
  response->body = NULL;
  response->headers = NULL;
}
