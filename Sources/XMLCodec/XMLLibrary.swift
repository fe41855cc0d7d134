internal import CLibXML2

/// libxml2's global state, set up once (Swift runs a static `let`'s initialiser exactly once,
/// under a lock) before the first schema or reader. libxml2 otherwise sets it up lazily on the
/// first call, and two threads making their first calls together race in it: `merge` and
/// `diff` read two XML files side by side.
enum XMLLibrary {
  static let ready: Void = xmlInitParser()
}
