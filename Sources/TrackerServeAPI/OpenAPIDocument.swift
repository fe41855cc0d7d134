/// The OpenAPI 3.1 description of ``ServeAPI`` (`GET /openapi.json`); docs/serve.md says the
/// same in prose. A test checks that its paths are the API's and that each operation answers
/// with a status it documents.
enum OpenAPIDocument {
  static let json = #"""
  {
    "openapi": "3.1.0",
    "info": {
      "title": "TrackerPort",
      "version": "1",
      "description": "Say what a habit tracker's file holds, convert it to another app's format, validate it. Files are read in memory and kept nowhere (docs/serve.md)."
    },
    "paths": {
      "/": {
        "get": {
          "summary": "The page: choose a file, see what it holds and what an app will not keep, convert it",
          "responses": {
            "200": {
              "description": "One self-contained HTML page under a strict Content-Security-Policy",
              "content": {
                "text/html": {
                  "schema": {
                    "type": "string"
                  }
                }
              }
            }
          }
        }
      },
      "/healthz": {
        "get": {
          "summary": "Whether the server answers",
          "responses": {
            "200": {
              "description": "ok",
              "content": {
                "text/plain": {
                  "schema": {
                    "type": "string"
                  }
                }
              }
            }
          }
        }
      },
      "/openapi.json": {
        "get": {
          "summary": "This document",
          "responses": {
            "200": {
              "description": "The OpenAPI document",
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object"
                  }
                }
              }
            }
          }
        }
      },
      "/api/formats": {
        "get": {
          "summary": "The formats, as trackport formats --json lists them",
          "responses": {
            "200": {
              "description": "The formats",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/Formats"
                  }
                }
              }
            }
          }
        }
      },
      "/api/inspect": {
        "post": {
          "summary": "What a file is, how much it holds and, with to, what converting it would lose",
          "requestBody": {
            "$ref": "#/components/requestBodies/Upload"
          },
          "responses": {
            "200": {
              "description": "The file's description",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/Inspection"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Refused"
            },
            "413": {
              "$ref": "#/components/responses/Refused"
            },
            "415": {
              "$ref": "#/components/responses/Refused"
            },
            "422": {
              "$ref": "#/components/responses/Refused"
            },
            "503": {
              "$ref": "#/components/responses/Refused"
            }
          }
        }
      },
      "/api/convert": {
        "post": {
          "summary": "The file converted to the format to; the same bytes as trackport convert",
          "requestBody": {
            "$ref": "#/components/requestBodies/Upload"
          },
          "responses": {
            "200": {
              "description": "The converted file, as an attachment",
              "headers": {
                "Content-Disposition": {
                  "schema": {
                    "type": "string"
                  },
                  "description": "attachment; filename=... with the output format's extension"
                },
                "X-Trackport-Report": {
                  "schema": {
                    "type": "string"
                  },
                  "description": "ASCII JSON: {\"losses\": n, \"diagnostics\": [...]}; past 8 KiB the diagnostics are left out and diagnosticsLeftOut counts them"
                }
              },
              "content": {
                "application/octet-stream": {
                  "schema": {
                    "type": "string",
                    "contentMediaType": "application/octet-stream"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Refused"
            },
            "413": {
              "$ref": "#/components/responses/Refused"
            },
            "415": {
              "$ref": "#/components/responses/Refused"
            },
            "422": {
              "$ref": "#/components/responses/Refused"
            },
            "503": {
              "$ref": "#/components/responses/Refused"
            }
          }
        }
      },
      "/api/validate": {
        "post": {
          "summary": "The trackport validate --format json report of the file",
          "requestBody": {
            "$ref": "#/components/requestBodies/Upload"
          },
          "responses": {
            "200": {
              "description": "The report",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/Report"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Refused"
            },
            "413": {
              "$ref": "#/components/responses/Refused"
            },
            "415": {
              "$ref": "#/components/responses/Refused"
            },
            "422": {
              "$ref": "#/components/responses/Refused"
            },
            "503": {
              "$ref": "#/components/responses/Refused"
            }
          }
        }
      },
      "/api/report": {
        "post": {
          "summary": "The trackport report HTML page of the file (its own Content-Security-Policy)",
          "requestBody": {
            "$ref": "#/components/requestBodies/Upload"
          },
          "responses": {
            "200": {
              "description": "The page",
              "content": {
                "text/html": {
                  "schema": {
                    "type": "string"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Refused"
            },
            "413": {
              "$ref": "#/components/responses/Refused"
            },
            "415": {
              "$ref": "#/components/responses/Refused"
            },
            "422": {
              "$ref": "#/components/responses/Refused"
            },
            "503": {
              "$ref": "#/components/responses/Refused"
            }
          }
        }
      },
      "/api/diff": {
        "post": {
          "summary": "The trackport diff --format json document between two files",
          "requestBody": {
            "$ref": "#/components/requestBodies/TwoFiles"
          },
          "responses": {
            "200": {
              "description": "The differences",
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "required": [
                      "equal",
                      "old",
                      "new",
                      "categories",
                      "trackers",
                      "tasks"
                    ]
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Refused"
            },
            "413": {
              "$ref": "#/components/responses/Refused"
            },
            "415": {
              "$ref": "#/components/responses/Refused"
            },
            "422": {
              "$ref": "#/components/responses/Refused"
            },
            "503": {
              "$ref": "#/components/responses/Refused"
            }
          }
        }
      }
    },
    "components": {
      "requestBodies": {
        "Upload": {
          "required": true,
          "content": {
            "multipart/form-data": {
              "schema": {
                "type": "object",
                "required": [
                  "file"
                ],
                "properties": {
                  "file": {
                    "type": "string",
                    "contentMediaType": "application/octet-stream",
                    "description": "The file; its name is used for detection"
                  },
                  "from": {
                    "type": "string",
                    "description": "The input format id; detected when absent"
                  },
                  "to": {
                    "type": "string",
                    "description": "The output format id (required by /api/convert)"
                  },
                  "option": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "pattern": "^[^=]+="
                    },
                    "description": "KEY=VALUE, as --option"
                  },
                  "fail_on_loss": {
                    "type": "string",
                    "enum": [
                      "",
                      "true",
                      "false",
                      "1",
                      "0",
                      "on",
                      "off",
                      "yes",
                      "no"
                    ]
                  },
                  "today": {
                    "type": "string",
                    "description": "YYYY-MM-DD for /api/validate and /api/report"
                  },
                  "year": {
                    "type": "string",
                    "description": "A calendar year for /api/report"
                  },
                  "locale": {
                    "type": "string",
                    "enum": [
                      "en",
                      "ru"
                    ],
                    "description": "The language of /api/report's page"
                  },
                  "theme": {
                    "type": "string",
                    "enum": [
                      "light",
                      "dark",
                      "auto"
                    ],
                    "description": "/api/report's colour scheme"
                  }
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
                "required": [
                  "base",
                  "incoming"
                ],
                "properties": {
                  "base": {
                    "type": "string",
                    "contentMediaType": "application/octet-stream",
                    "description": "The older file"
                  },
                  "incoming": {
                    "type": "string",
                    "contentMediaType": "application/octet-stream",
                    "description": "The newer file"
                  },
                  "from": {
                    "type": "string",
                    "description": "The input format id; detected when absent"
                  },
                  "option": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "pattern": "^[^=]+="
                    },
                    "description": "KEY=VALUE, as --option"
                  }
                }
              }
            }
          }
        }
      },
      "responses": {
        "Refused": {
          "description": "A refusal: its code and message, and the diagnostics behind it",
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Refusal"
              }
            }
          }
        }
      },
      "schemas": {
        "Diagnostic": {
          "type": "object",
          "required": [
            "file",
            "code",
            "severity",
            "message",
            "line",
            "column",
            "pointer"
          ],
          "properties": {
            "file": {
              "type": [
                "string",
                "null"
              ]
            },
            "code": {
              "type": "string"
            },
            "severity": {
              "type": "string",
              "enum": [
                "error",
                "warning"
              ]
            },
            "message": {
              "type": "string"
            },
            "line": {
              "type": [
                "integer",
                "null"
              ]
            },
            "column": {
              "type": [
                "integer",
                "null"
              ]
            },
            "pointer": {
              "type": [
                "string",
                "null"
              ]
            }
          }
        },
        "Refusal": {
          "type": "object",
          "required": [
            "error",
            "diagnostics"
          ],
          "properties": {
            "error": {
              "type": "object",
              "required": [
                "code",
                "message"
              ],
              "properties": {
                "code": {
                  "type": "string"
                },
                "message": {
                  "type": "string"
                }
              }
            },
            "diagnostics": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Diagnostic"
              }
            }
          }
        },
        "Inspection": {
          "type": "object",
          "required": [
            "file",
            "format",
            "counts",
            "firstDay",
            "lastDay",
            "diagnostics"
          ],
          "properties": {
            "file": {
              "type": "string"
            },
            "format": {
              "$ref": "#/components/schemas/Named"
            },
            "counts": {
              "type": "object",
              "required": [
                "trackers",
                "records",
                "entries",
                "tasks",
                "categories"
              ],
              "properties": {
                "trackers": {
                  "type": "integer"
                },
                "records": {
                  "type": "integer"
                },
                "entries": {
                  "type": "integer"
                },
                "tasks": {
                  "type": "integer"
                },
                "categories": {
                  "type": "integer"
                }
              }
            },
            "firstDay": {
              "type": [
                "string",
                "null"
              ]
            },
            "lastDay": {
              "type": [
                "string",
                "null"
              ]
            },
            "diagnostics": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Diagnostic"
              }
            },
            "to": {
              "$ref": "#/components/schemas/Named"
            },
            "losses": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Diagnostic"
              }
            }
          }
        },
        "Named": {
          "type": "object",
          "required": [
            "id",
            "name"
          ],
          "properties": {
            "id": {
              "type": "string"
            },
            "name": {
              "type": "string"
            }
          }
        },
        "Report": {
          "type": "object",
          "required": [
            "valid",
            "errors",
            "warnings",
            "diagnostics"
          ],
          "properties": {
            "valid": {
              "type": "boolean"
            },
            "errors": {
              "type": "integer"
            },
            "warnings": {
              "type": "integer"
            },
            "diagnostics": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Diagnostic"
              }
            }
          }
        },
        "Formats": {
          "type": "object",
          "required": [
            "formats",
            "unusedPlugins"
          ],
          "properties": {
            "formats": {
              "type": "array",
              "items": {
                "type": "object",
                "required": [
                  "id",
                  "name",
                  "reads",
                  "writes",
                  "cannotCarry",
                  "options"
                ]
              }
            },
            "unusedPlugins": {
              "type": "array"
            }
          }
        }
      }
    }
  }
  """#
}
