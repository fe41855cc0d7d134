import TrackerModel

/// What TrackerPort reads of a Daylio diary, from a backup or a CSV export, before it becomes a
/// dataset: the activities (tags), the mood entries with the activities logged in them, and
/// (backups only) the goals with their completed days. `DaylioDatasetBuilder` maps it.
struct DaylioDiary {
  /// An activity (a `tags[]` item of a backup; a distinct trimmed name of a CSV export).
  struct Activity {
    /// `tags[].id` (0 is a real id: iOS backups count from it); `nil` in a CSV export.
    var id: Int?
    var name: String
    /// The name of its `tag_groups[]` group, when it has one.
    var group: String?
    /// `tags[].createdAt` as a day (UTC: tags carry no offset).
    var createdOn: LocalDate?
    /// Members of the tag the model has no place for (`icon`, `order`, `state`, …), kept as read.
    var kept: [JSONMember] = []
  }

  /// A mood entry (`dayEntries[]`, or a CSV row).
  struct Entry {
    /// The local day the person logged it on.
    var date: LocalDate?
    /// `HH:MM`, local, when known (a backup's `hour`/`minute`; a CSV row's `time` as written).
    var time: String
    /// The mood's name (custom or predefined), `""` when unknown.
    var mood: String
    /// 1 (rad, best) … 5 (awful, worst): the mood's `mood_group_id`; `nil` in a CSV export.
    var moodLevel: Int?
    var noteTitle: String
    /// As written: HTML when Daylio's rich editor was on.
    var note: String
    /// Indexes into ``DaylioDiary/activities``.
    var activities: [Int]
    /// Everything else of the entry (a CSV row's other columns, a backup entry's `id`,
    /// `datetime`, `timeZoneOffset`, `assets`, `isFavorite`, …), kept as read.
    var kept: [JSONMember] = []
  }

  /// A goal (`goals[]`): Daylio's habits.
  struct Goal {
    /// `goal_id`, which `goalEntries[].goalId` names.
    var id: Int
    var name: String
    /// Index into ``DaylioDiary/activities`` of the goal's activity (`id_tag`), when it has one.
    var activity: Int?
    var createdOn: LocalDate?
    /// `repeat_type`: 1 on weekdays (`repeat_value` a mask, 127 all seven), 2 times a week.
    var repeatType: Int
    var repeatValue: Int
    /// `state` 1, or an `end_date`.
    var archived: Bool
    /// `HH:MM` when `reminder_enabled`.
    var reminder: String?
    var note: String
    /// The days it was completed (`goalEntries`), unsorted, possibly repeated.
    var days: [LocalDate] = []
    /// Where it is, for diagnostics.
    var pointer: String
    /// Members the model has no place for, kept as read.
    var kept: [JSONMember] = []
  }

  var activities: [Activity] = []
  var entries: [Entry] = []
  var goals: [Goal] = []
  /// The backup's own facts kept in the dataset's extras (`version`, `platform`, `moods`, …).
  var kept: [JSONMember] = []
  /// Problems met while reading that did not stop it.
  var warnings: [Diagnostic] = []
}
