import TrackerModel

/// Resolves JSON pointers into a decoded XML file's lines and columns: the position of the
/// element that holds the entity (`/trackers/3/name` is on the `<tracker>` element, since
/// libxml2 does not locate attributes). Keeps one position per entity, nothing else.
struct XMLSourceLocator: SourceLocator {
  var fileName: String
  var root = XMLPosition(line: 1, column: 1)
  var sections: [String: XMLPosition] = [:]
  var categories: [XMLPosition] = []
  var trackers: [XMLPosition] = []
  var records: [XMLPosition] = []
  var entries: [XMLPosition] = []
  var tasks: [XMLPosition] = []

  func locate(_ pointers: Set<String>) -> [String: SourceLocation] {
    var found: [String: SourceLocation] = [:]
    for pointer in pointers {
      let parts = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      var position = root
      if let section = parts.first.map(String.init) {
        if let index = parts.dropFirst().first.flatMap({ Int($0) }) {
          let list: [XMLPosition]
          switch section {
          case "categories": list = categories
          case "trackers": list = trackers
          case "records": list = records
          case "entries": list = entries
          case "tasks": list = tasks
          default: list = []
          }
          if list.indices.contains(index) { position = list[index] } else if let p = sections[section] { position = p }
        } else if let p = sections[section] {
          position = p
        }
      }
      found[pointer] = SourceLocation(file: fileName, pointer: pointer, line: Int(position.line),
                                      column: position.column > 0 ? Int(position.column) : nil)
    }
    return found
  }
}
