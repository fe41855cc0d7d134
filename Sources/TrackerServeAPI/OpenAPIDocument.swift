import TrackerOutput

/// The OpenAPI 3.1 description of ``ServeAPI`` (`GET /openapi.json`); docs/serve.md says the
/// same in prose. Its paths and methods are ``ServeRoute/all``'s, each upload route with the same
/// refusals; what several operations share (the forms, the refusals, the diagnostics) is
/// written once under `components` and referred to with `$ref`. A test checks that it lists
/// exactly the route table and that each operation answers with a status it documents;
/// schemathesis (Tests/serve) checks the answers against it.
enum OpenAPIDocument {
  static let json: String = JSONOutput.object([
    ("openapi", JSONOutput.quote("3.1.0")),
    ("info", JSONOutput.object([
      ("title", JSONOutput.quote("TrackerPort")),
      ("version", JSONOutput.quote("1")),
      ("description", JSONOutput.quote("Say what a habit tracker's file holds, convert it to another app's format, validate it. "
                                       + "Files are read in memory and kept nowhere (docs/serve.md).")),
    ])),
    ("paths", JSONOutput.object(ServeRoute.paths.map { path in
      (path, JSONOutput.object(ServeRoute.all.filter { $0.path == path }.map { ($0.method.lowercased(), operation($0)) }))
    })),
    ("components", components),
  ])

  /// The refusals every upload route documents: status and the name of its response under
  /// `components/responses`.
  static let refusals: [(status: String, response: String)] = [
    ("400", "BadRequest"), ("408", "TooSlow"), ("413", "TooLarge"), ("415", "NotAForm"), ("422", "Unprocessable"),
    ("429", "TooManyRequests"), ("431", "HeadersTooLarge"), ("500", "WorkerFailed"), ("503", "Busy"),
  ]

  /// The operation object of `route`: its summary, its form (a `$ref`), its answer and, for an
  /// upload, the shared refusals.
  static func operation(_ route: ServeRoute) -> String {
    let (summary, form, answer) = describe(route.endpoint)
    var members = [("summary", JSONOutput.quote(summary))]
    if let form { members.append(("requestBody", ref("requestBodies", form))) }
    var responses = [("200", answer)]
    if route.readsUpload { responses += refusals.map { ($0.status, ref("responses", $0.response)) } }
    members.append(("responses", JSONOutput.object(responses)))
    return JSONOutput.object(members)
  }

  /// An endpoint's summary, the name of its form under `components/requestBodies` (none for a
  /// GET) and its 200 response.
  static func describe(_ endpoint: ServeRoute.Endpoint) -> (summary: String, form: String?, answer: String) {
    switch endpoint {
    case .page:
      ("The page: choose a file, see what it holds and what an app will not keep, convert it", nil,
       answer("One self-contained HTML page under a strict Content-Security-Policy", "text/html", #"{"type": "string"}"#))
    case .health:
      ("Whether the server answers", nil, answer("ok", "text/plain", #"{"type": "string"}"#))
    case .openAPI:
      ("This document", nil, answer("The OpenAPI document", "application/json", #"{"type": "object"}"#))
    case .formats:
      ("The formats, as trackport formats --format json lists them, with the migration matrix", nil, answer("The formats", "application/json", ref("schemas", "Formats")))
    case .inspect:
      ("What a file is, how much it holds and, with to, what converting it would lose", "Upload",
       answer("The file's description", "application/json", ref("schemas", "Inspection")))
    case .convert:
      ("The file converted to the format to; the same bytes as trackport convert", "Upload", #"""
        {"description": "The converted file, as an attachment",
         "headers": {
           "Content-Disposition": {"schema": {"type": "string"}, "description": "attachment; filename=... with the output format's extension"},
           "X-Trackport-Report": {"schema": {"type": "string"},
             "description": "ASCII JSON: {\"losses\": n, \"diagnostics\": [...]}; past 8 KiB the diagnostics are left out and diagnosticsLeftOut counts them"}},
         "content": {"application/octet-stream": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}}
        """#)
    case .validate:
      ("The trackport validate --format json report of the file", "Upload", answer("The report", "application/json", ref("schemas", "Report")))
    case .report:
      ("The trackport report HTML page of the file (its own Content-Security-Policy)", "Upload",
       answer("The page", "text/html", #"{"type": "string"}"#))
    case .diff:
      ("The trackport diff --format json document between two files", "TwoFiles",
       answer("The differences", "application/json", ref("schemas", "Diff")))
    }
  }

  /// A response object: `description`, and one media type with its schema.
  static func answer(_ description: String, _ mediaType: String, _ schema: String) -> String {
    JSONOutput.object([("description", JSONOutput.quote(description)),
                       ("content", JSONOutput.object([(mediaType, JSONOutput.object([("schema", schema)]))]))])
  }

  /// `{"$ref": "#/components/SECTION/NAME"}`.
  static func ref(_ section: String, _ name: String) -> String {
    JSONOutput.object([("$ref", JSONOutput.quote("#/components/\(section)/\(name)"))])
  }

  /// The forms, the refusals and the schemas the operations refer to.
  static let components = #"""
    {
      "requestBodies": {
        "Upload": {
          "required": true,
          "content": {
            "multipart/form-data": {
              "schema": {
                "type": "object",
                "required": ["file"],
                "properties": {
                  "file": {"$ref": "#/components/schemas/File", "description": "The file; its name is used for detection"},
                  "from": {"$ref": "#/components/schemas/From"},
                  "to": {"type": "string", "description": "The output format id (required by /api/convert)"},
                  "option": {"$ref": "#/components/schemas/Options"},
                  "fail_on_loss": {"type": "string", "enum": ["", "true", "false", "1", "0", "on", "off", "yes", "no"]},
                  "today": {"type": "string", "description": "YYYY-MM-DD for /api/validate and /api/report"},
                  "year": {"type": "string", "description": "A calendar year for /api/report"},
                  "locale": {"type": "string", "enum": ["en", "ru"], "description": "The language of /api/report's page"},
                  "theme": {"type": "string", "enum": ["light", "dark", "auto"], "description": "/api/report's colour scheme"}
                }
              }
            }
          }
        },
        "TwoFiles": {
          "required": true,
          "content": {
            "multipart/form-data": {
              "schema": {
                "type": "object",
                "required": ["base", "incoming"],
                "properties": {
                  "base": {"$ref": "#/components/schemas/File", "description": "The older file"},
                  "incoming": {"$ref": "#/components/schemas/File", "description": "The newer file"},
                  "from": {"$ref": "#/components/schemas/From"},
                  "option": {"$ref": "#/components/schemas/Options"}
                }
              }
            }
          }
        }
      },
      "responses": {
        "BadRequest": {
          "description": "A malformed request: bad-multipart, missing-field, bad-field, or an unknown format or option",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "TooSlow": {
          "description": "header-timeout or body-timeout: the headers did not end within --header-timeout, or the body stopped (--body-timeout), came slower than --min-body-rate or did not end within --request-timeout; the connection closes",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "TooManyRequests": {
          "description": "too-many-requests: this client has --max-per-client requests in flight",
          "headers": {"Retry-After": {"schema": {"type": "string", "pattern": "^[0-9]+$"}, "description": "Seconds to wait"}},
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "HeadersTooLarge": {
          "description": "headers-too-large: the request line and headers are past --max-header-bytes or --max-header-count; the connection closes",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "TooLarge": {
          "description": "too-large (the request is over --max-upload) or too-many-parts (over --max-parts)",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "NotAForm": {
          "description": "not-a-form: the body is not multipart/form-data",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "Unprocessable": {
          "description": "The file cannot be read or converted as asked (read-errors, losses, ...): the diagnostics say where",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "WorkerFailed": {
          "description": "worker-failed: the worker process converting the upload crashed, ran out of memory (--worker-memory) or answered nothing; nothing was converted",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        },
        "Busy": {
          "description": "busy (every conversion slot stayed taken), conversion-timeout (the conversion was stopped at --conversion-timeout), request-timeout (no answer began within --request-timeout), too-many-connections (--max-connections, each with a request in flight) or stopping (the server is shutting down): try again later",
          "headers": {"Retry-After": {"schema": {"type": "string", "pattern": "^[0-9]+$"}, "description": "Seconds to wait"}},
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}}
        }
      },
      "schemas": {
        "File": {"type": "string", "contentMediaType": "application/octet-stream"},
        "From": {"type": "string", "description": "The input format id; detected when absent"},
        "Options": {"type": "array", "items": {"type": "string", "pattern": "^[^=]+="}, "description": "KEY=VALUE, as --option"},
        "Diagnostic": {
          "type": "object",
          "required": ["file", "code", "severity", "message", "line", "column", "pointer"],
          "properties": {
            "file": {"type": ["string", "null"]},
            "code": {"type": "string"},
            "severity": {"type": "string", "enum": ["error", "warning"]},
            "message": {"type": "string"},
            "line": {"type": ["integer", "null"]},
            "column": {"type": ["integer", "null"]},
            "pointer": {"type": ["string", "null"]}
          }
        },
        "Diagnostics": {"type": "array", "items": {"$ref": "#/components/schemas/Diagnostic"}},
        "Subjects": {
          "type": "array",
          "description": "For each diagnostic, the name of the habit (category, task) its pointer is in, or null",
          "items": {"type": ["string", "null"]}
        },
        "Tally": {
          "type": "object",
          "description": "What a written file read back as: trackers, completed days, amounts, notes, skipped days",
          "required": ["habits", "days", "amounts", "notes", "skips"],
          "properties": {"habits": {"type": "integer"}, "days": {"type": "integer"}, "amounts": {"type": "integer"},
                         "notes": {"type": "integer"}, "skips": {"type": "integer"}}
        },
        "Refusal": {
          "type": "object",
          "required": ["error", "diagnostics"],
          "properties": {
            "error": {
              "type": "object",
              "required": ["code", "message"],
              "properties": {
                "code": {"type": "string"},
                "message": {"type": "string"},
                "fileKind": {"type": "string", "description": "What a file no format reads is, by its first bytes: jpeg, png, gif, webp, heic, pdf, html, zip-truncated, zip-other, empty"}
              }
            },
            "diagnostics": {"$ref": "#/components/schemas/Diagnostics"}
          }
        },
        "Inspection": {
          "type": "object",
          "required": ["file", "format", "counts", "firstDay", "lastDay", "diagnostics"],
          "properties": {
            "file": {"type": "string"},
            "format": {"$ref": "#/components/schemas/Named"},
            "counts": {
              "type": "object",
              "required": ["trackers", "records", "entries", "tasks", "categories"],
              "properties": {
                "trackers": {"type": "integer"},
                "records": {"type": "integer"},
                "entries": {"type": "integer"},
                "tasks": {"type": "integer"},
                "categories": {"type": "integer"}
              }
            },
            "firstDay": {"type": ["string", "null"]},
            "lastDay": {"type": ["string", "null"]},
            "diagnostics": {"$ref": "#/components/schemas/Diagnostics"},
            "subjects": {"$ref": "#/components/schemas/Subjects"},
            "to": {"$ref": "#/components/schemas/Named"},
            "losses": {"$ref": "#/components/schemas/Diagnostics"},
            "lossHabits": {
              "type": "array",
              "description": "With to: for each loss, the names of the habits it touches, or null",
              "items": {"type": ["array", "null"], "items": {"type": "string"}}
            },
            "arrives": {
              "type": "array",
              "description": "With to: per tracker of the written file read back, what the app will show",
              "items": {
                "type": "object",
                "required": ["name", "days", "amounts", "notes", "skips"],
                "properties": {"name": {"type": "string"}, "days": {"type": "integer"}, "amounts": {"type": "integer"},
                               "notes": {"type": "integer"}, "skips": {"type": "integer"}}
              }
            },
            "checked": {"$ref": "#/components/schemas/Tally"},
            "readBack": {
              "type": "object",
              "description": "With to: the read-back did not hold what was converted",
              "required": ["code", "message"],
              "properties": {"code": {"type": "string"}, "message": {"type": "string"}}
            },
            "fields": {
              "type": "array",
              "description": "With to: every part of the model the file uses, kept or lost in that format (convert --dry-run's plan)",
              "items": {
                "type": "object",
                "required": ["field", "count", "lost"],
                "properties": {"field": {"type": "string"}, "count": {"type": "integer"}, "lost": {"type": "boolean"}}
              }
            }
          }
        },
        "Named": {
          "type": "object",
          "required": ["id", "name"],
          "properties": {"id": {"type": "string"}, "name": {"type": "string"}}
        },
        "Report": {
          "type": "object",
          "required": ["valid", "errors", "warnings", "diagnostics"],
          "properties": {
            "valid": {"type": "boolean"},
            "errors": {"type": "integer"},
            "warnings": {"type": "integer"},
            "diagnostics": {"$ref": "#/components/schemas/Diagnostics"},
            "subjects": {"$ref": "#/components/schemas/Subjects"}
          }
        },
        "Diff": {
          "type": "object",
          "required": ["equal", "old", "new", "categories", "trackers", "tasks"]
        },
        "Formats": {
          "type": "object",
          "required": ["formats", "unusedPlugins", "fields", "migrations"],
          "properties": {
            "formats": {
              "type": "array",
              "items": {"type": "object", "required": ["id", "name", "reads", "writes", "cannotCarry", "carriesInPart", "options"]}
            },
            "unusedPlugins": {"type": "array"},
            "fields": {
              "type": "array",
              "items": {
                "type": "object", "required": ["name", "summary"],
                "properties": {"name": {"type": "string"}, "summary": {"type": "string"}}
              }
            },
            "migrations": {
              "type": "array",
              "items": {
                "type": "object", "required": ["from", "to", "shape", "lost", "inPart"],
                "properties": {
                  "from": {"type": "string"}, "to": {"type": "string"}, "shape": {"type": ["string", "null"]},
                  "lost": {"type": "array", "items": {"type": "string"}},
                  "inPart": {"type": "array", "items": {"type": "string"}}
                }
              }
            }
          }
        }
      }
    }
    """#
}
