/// The one list of built-in rules: errors first, then warnings, each group in spec order.
enum StandardRules {
  static let all: [any ValidationRule.Type] = [
    NameTooLongRule.self,
  ]
}
