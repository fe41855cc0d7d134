/// The format's names, interned in the cursor's dictionary once, so most name checks are a
/// pointer comparison (``XMLName`` falls back to comparing bytes).
struct XMLNames {
  typealias Name = XMLName

  let namespace, trackport, version, categories, category, trackers, tracker, records, record: Name
  let tasks, task, taskCategoryOrder, extras, id, title, kind, name, categoryId, emoji, color: Name
  let schedule, date, pinned, createdOn, trackerId, description, start, end, done, position: Name
  let reminder, at, attachment, uri: Name
  let entries, entry, archived, goal, target, direction, unit, period, frequency, times, days, time: Name
  let skipped, amount, note: Name

  init(_ cursor: XMLCursor) {
    func intern(_ text: String) -> Name { cursor.intern(text) }
    namespace = intern(XMLCodec.namespace)
    trackport = intern("trackport"); version = intern("version")
    categories = intern("categories"); category = intern("category")
    trackers = intern("trackers"); tracker = intern("tracker")
    records = intern("records"); record = intern("record")
    tasks = intern("tasks"); task = intern("task"); taskCategoryOrder = intern("taskCategoryOrder")
    extras = intern("extras"); id = intern("id"); title = intern("title"); kind = intern("kind")
    name = intern("name"); categoryId = intern("categoryId"); emoji = intern("emoji"); color = intern("color")
    schedule = intern("schedule"); date = intern("date"); pinned = intern("pinned"); createdOn = intern("createdOn")
    trackerId = intern("trackerId"); description = intern("description"); start = intern("start")
    end = intern("end"); done = intern("done"); position = intern("position")
    reminder = intern("reminder"); at = intern("at"); attachment = intern("attachment"); uri = intern("uri")
    entries = intern("entries"); entry = intern("entry"); archived = intern("archived"); goal = intern("goal")
    target = intern("target"); direction = intern("direction"); unit = intern("unit"); period = intern("period")
    frequency = intern("frequency"); times = intern("times"); days = intern("days"); time = intern("time")
    skipped = intern("skipped"); amount = intern("amount"); note = intern("note")
  }
}
