import TrackerModel

/// What a Streaks CSV export or `.streaks` backup holds, as read and before the mapping
/// (``StreaksDatasetBuilder``): its tasks with their log, its categories, and what the mapping
/// keeps as it is.
struct StreaksExport: Sendable {
  /// A task (a habit), in file order.
  struct Task: Sendable {
    /// The task's id (`task_id`, the backup's `id`); empty when the file has none.
    var id: String
    /// The title as written (a CSV title may end in `", HH:MM"`).
    var title: String
    /// Archived (the backup's `st` `"A"`).
    var archived = false
    /// A negative ("limit") task: one to do less of (the backup's `n`).
    var negative = false
    /// The ids of its categories, in order (the backup's `cat`).
    var categories: [String] = []
    /// Members kept in the tracker's `extras["streaks"]` as they are (`icon`, `page`, `tf`, …).
    var kept: [JSONMember] = []
    /// Its log, in file order.
    var marks: [Mark] = []
    /// Where the task is, for warnings: its first row or its JSON pointer.
    var location: SourceLocation
  }

  /// One log line: a day and what happened on it.
  struct Mark: Sendable {
    /// The local day.
    var day: LocalDate
    /// The type; `nil` for a word or code no description names (kept in ``kept``).
    var type: StreaksEntryType?
    /// The note (the CSV's `notes`); `nil` when empty.
    var note: String?
    /// What the mark holds as written, kept with the day: the type's word or code, time stamp,
    /// time zone, quantity or progress, columns or members no description names.
    var kept: [JSONMember]
    /// Whether the mark says nothing but "completed by hand" (a CSV row with only the four
    /// columns the reader needs, a backup line `{d, t: 1}`): its record needs no extras.
    var plain: Bool
  }

  /// A backup category: `categories[{id, t}]`.
  struct Category: Sendable {
    var id: String
    var title: String
    var kept: [JSONMember]
  }

  var tasks: [Task] = []
  var categories: [Category] = []
  /// Kept in the dataset's `extras["streaks"]`: the backup's `app`, unknown top-level members,
  /// log lines whose day cannot be read (`unread`).
  var kept: [JSONMember] = []
  /// What reading noticed (bad days, unknown types, unexpected values), in file order.
  var warnings: [Diagnostic] = []
}
