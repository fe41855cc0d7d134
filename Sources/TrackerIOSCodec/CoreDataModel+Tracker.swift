/// The six Tracker apps' Core Data models, as their `.xcdatamodel/contents` say them at the
/// commit `docs/ios-tracker.md` names (`CoreDataModelTests.declaredModelIsTheAppsModelFile` compares them with the files).
/// Only what changes the store's layout or the model hashes is written down here.
extension CoreDataModel {
  private static func attribute(_ name: String, _ type: AttributeType, optional: Bool = false) -> Attribute {
    Attribute(name: name, type: type, optional: optional)
  }
  private static func toOne(_ name: String, _ destination: String, inverse: String, optional: Bool = true) -> Relationship {
    Relationship(name: name, destination: destination, inverse: inverse, toMany: false, optional: optional, maxCount: 1)
  }
  private static func toMany(_ name: String, _ destination: String, inverse: String, optional: Bool = true) -> Relationship {
    Relationship(name: name, destination: destination, inverse: inverse, toMany: true, optional: optional)
  }

  /// Azonaz/Tracker 95ad9e2.
  static let azonaz = CoreDataModel(entities: [
    Entity(name: "TrackerCategoryCD", attributes: [attribute("title", .string)],
           relationships: [toMany("trackers", "TrackerCD", inverse: "category")]),
    Entity(name: "TrackerCD", attributes: [
      attribute("color", .string), attribute("emodji", .string), attribute("id", .uuid),
      attribute("isPinned", .boolean, optional: true), attribute("schedule", .string, optional: true), attribute("title", .string),
    ], relationships: [toOne("category", "TrackerCategoryCD", inverse: "trackers"), toMany("record", "TrackerRecordCD", inverse: "tracker")]),
    Entity(name: "TrackerRecordCD", attributes: [attribute("date", .date, optional: true), attribute("id", .uuid)],
           relationships: [toOne("tracker", "TrackerCD", inverse: "record")]),
  ])

  /// xcode73/Tracker cf12b82.
  static let xcode73 = CoreDataModel(entities: [
    Entity(name: "CategoryCoraData", attributes: [attribute("categoryId", .uuid), attribute("title", .string)],
           relationships: [toMany("trackers", "TrackerCoreData", inverse: "category")]),
    Entity(name: "RecordCoreData", attributes: [attribute("date", .date), attribute("trackerId", .uuid)],
           relationships: [toOne("tracker", "TrackerCoreData", inverse: "records", optional: false)]),
    Entity(name: "ScheduleCoreData", attributes: [attribute("weekDay", .integer16)],
           relationships: [toOne("tracker", "TrackerCoreData", inverse: "schedule", optional: false)]),
    Entity(name: "StatisticCoreData", attributes: [
      attribute("statisticId", .integer64, optional: true), attribute("title", .string, optional: true),
      attribute("value", .integer64, optional: true),
    ], relationships: []),
    Entity(name: "TrackerCoreData", attributes: [
      attribute("color", .string), attribute("date", .date, optional: true), attribute("emoji", .string),
      attribute("isPinned", .boolean), attribute("sectionTitle", .string), attribute("title", .string),
      attribute("trackerId", .uuid),
    ], relationships: [
      toOne("category", "CategoryCoraData", inverse: "trackers", optional: false),
      toMany("records", "RecordCoreData", inverse: "tracker"), toMany("schedule", "ScheduleCoreData", inverse: "tracker"),
    ]),
  ])

  /// teenagelove/Tracker a54f330.
  static let teenagelove = CoreDataModel(entities: [
    Entity(name: "TrackerCategoryCoreData", attributes: [attribute("createdAt", .date, optional: true), attribute("name", .string)],
           relationships: [toMany("oldTrackers", "TrackerCoreData", inverse: "originalCategory"),
                           toMany("trackers", "TrackerCoreData", inverse: "category")]),
    Entity(name: "TrackerCoreData", attributes: [
      attribute("color", .transformable), attribute("createdAt", .date), attribute("emoji", .string), attribute("id", .uuid),
      attribute("isPinned", .boolean), attribute("name", .string), attribute("schedule", .string, optional: true),
    ], relationships: [
      toOne("category", "TrackerCategoryCoreData", inverse: "trackers"),
      toOne("originalCategory", "TrackerCategoryCoreData", inverse: "oldTrackers"),
      toMany("records", "TrackerRecordCoreData", inverse: "tracker"),
    ]),
    Entity(name: "TrackerRecordCoreData", attributes: [attribute("date", .date), attribute("id", .uuid)],
           relationships: [toOne("tracker", "TrackerCoreData", inverse: "records")]),
  ])

  /// headlinerten/Tracker a400ec6.
  static let headlinerten = CoreDataModel(entities: [
    Entity(name: "TrackerCategoryCoreData", attributes: [attribute("title", .string)],
           relationships: [toMany("trackers", "TrackerCoreData", inverse: "category")]),
    Entity(name: "TrackerCoreData", attributes: [
      attribute("color", .transformable), attribute("emoji", .string), attribute("id", .uuid), attribute("name", .string),
      attribute("schedule", .transformable, optional: true),
    ], relationships: [toOne("category", "TrackerCategoryCoreData", inverse: "trackers"),
                       toMany("records", "TrackerRecordCoreData", inverse: "tracker")]),
    Entity(name: "TrackerRecordCoreData", attributes: [attribute("date", .date), attribute("trackerId", .uuid)],
           relationships: [toOne("tracker", "TrackerCoreData", inverse: "records")]),
  ])

  /// DmnUAll/Tracker-ios d8d224d.
  static let dmnUAll = CoreDataModel(entities: [
    Entity(name: "TrackerCategoryCD", attributes: [attribute("name", .string)],
           relationships: [toMany("trackers", "TrackerCD", inverse: "category", optional: false)]),
    Entity(name: "TrackerCD", attributes: [
      attribute("categoryName", .string), attribute("color", .string), attribute("emoji", .string), attribute("id", .uuid),
      attribute("isPinned", .boolean), attribute("name", .string), attribute("schedule", .transformable),
    ], relationships: [toOne("category", "TrackerCategoryCD", inverse: "trackers")]),
    Entity(name: "TrackerRecordCD", attributes: [attribute("date", .string), attribute("id", .uuid)], relationships: []),
  ])

  /// morethendeviant/Tracker 0502c67.
  static let morethendeviant = CoreDataModel(entities: [
    Entity(name: "TrackerCategoryCoreData", attributes: [attribute("name", .string)],
           relationships: [toMany("trackers", "TrackerCoreData", inverse: "category", optional: false)]),
    Entity(name: "TrackerCoreData", attributes: [
      attribute("color", .integer16), attribute("emoji", .integer16), attribute("id", .string), attribute("name", .string),
      attribute("schedule", .string),
    ], relationships: [toOne("category", "TrackerCategoryCoreData", inverse: "trackers"),
                       toMany("records", "TrackerRecordCoreData", inverse: "tracker")]),
    Entity(name: "TrackerRecordCoreData", attributes: [attribute("date", .date), attribute("id", .string)],
           relationships: [toOne("tracker", "TrackerCoreData", inverse: "records")]),
  ])
}
