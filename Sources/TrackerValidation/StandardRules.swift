/// The one list of built-in rules: errors first, then warnings, each group in spec order.
enum StandardRules {
  static let all: [any ValidationRule.Type] = [
    // Errors.
    DuplicateIDRule.self,
    NameEmptyRule.self,
    NameTooLongRule.self,
    CategoryUnknownRule.self,
    CategoryTitleEmptyRule.self,
    CategoryTitleDuplicateRule.self,
    ScheduleEmptyRule.self,
    ScheduleOnEventRule.self,
    ScheduleDuplicateDayRule.self,
    EmojiMissingRule.self,
    EmojiInvalidRule.self,
    ColorMissingRule.self,
    ColorInvalidRule.self,
    RecordUnknownTrackerRule.self,
    RecordDuplicateRule.self,
    TaskTitleEmptyRule.self,
    TaskTitleTooLongRule.self,
    TaskDescriptionMissingRule.self,
    TaskColorMissingRule.self,
    TaskColorInvalidRule.self,
    TaskCategoryUnknownRule.self,
    TaskIntervalInvalidRule.self,
    TaskCategoryOrderInvalidRule.self,
    // Warnings.
    EmojiOffPaletteRule.self,
    ColorOffPaletteRule.self,
    RecordOffScheduleRule.self,
    RecordBeforeCreatedRule.self,
    RecordInFutureRule.self,
    EventRecordOffDateRule.self,
    EventMultipleRecordsRule.self,
    NameDuplicateRule.self,
    CategoryReservedRule.self,
  ]
}
