import Foundation
import TrackerTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TrackerIOSCodec

/// Reads an `.xcdatamodel/contents` file (the model editor's XML) into a ``CoreDataModel``,
/// with Foundation's XML parser: the independent reading the Swift-declared Tracker models and
/// the hash algorithm are checked against.
final class XCDataModelFile: NSObject, XMLParserDelegate {
  private var entities: [CoreDataModel.Entity] = []
  private var identifier = ""
  private var constraint: [String]? = nil

  static func read(_ path: String) throws -> CoreDataModel {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let reader = XCDataModelFile()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
    return CoreDataModel(entities: reader.entities, versionIdentifier: reader.identifier)
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
              attributes a: [String: String] = [:]) {
    let yes = { (key: String) in a[key] == "YES" }
    switch name {
    case "model":
      identifier = a["userDefinedModelVersionIdentifier"] ?? ""
    case "entity":
      entities.append(CoreDataModel.Entity(name: a["name"] ?? "", isAbstract: yes("isAbstract"), parent: a["parentEntity"],
                                           versionHashModifier: a["versionHashModifier"], attributes: [], relationships: []))
    case "attribute":
      guard let type = CoreDataModel.AttributeType(rawValue: a["attributeType"] ?? "") else { return }
      entities[entities.count - 1].attributes.append(CoreDataModel.Attribute(
        name: a["name"] ?? "", type: type, optional: yes("optional"), transient: yes("transient"),
        allowsExternalStorage: yes("allowsExternalBinaryDataStorage"),
        preservesValueInHistoryOnDeletion: yes("preserveAfterDeletion"), versionHashModifier: a["versionHashModifier"]))
    case "relationship":
      entities[entities.count - 1].relationships.append(CoreDataModel.Relationship(
        name: a["name"] ?? "", destination: a["destinationEntity"] ?? "", inverse: a["inverseName"], toMany: yes("toMany"),
        optional: yes("optional"), transient: yes("transient"), ordered: yes("ordered"),
        maxCount: a["maxCount"].flatMap { Int32($0) }, minCount: a["minCount"].flatMap { Int32($0) } ?? 0,
        versionHashModifier: a["versionHashModifier"]))
    case "uniquenessConstraint":
      constraint = []
    case "constraint":
      if let value = a["value"] { constraint?.append(value) }
    default:
      break
    }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    if name == "uniquenessConstraint", let constraint {
      entities[entities.count - 1].uniquenessConstraints.append(constraint)
      self.constraint = nil
    }
  }
}
