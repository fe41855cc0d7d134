import Foundation
import TrackerOutput

/// The short "how to import this into <app>" steps the page shows after a download, from each
/// app's docs page, in English and Russian. The page's script carries them as data (``json``
/// is its `STEPS` object), so a test reads them here rather than out of the script's text.
enum ImportSteps {
  /// The page's languages, in the order the script lists them.
  static let languages = ["en", "ru"]

  /// TrackerPort's own formats, which share the steps under ``ownKey``.
  static let ownFormats = ["json", "xml", "csv"]

  /// The key of the steps of TrackerPort's own formats.
  static let ownKey = "own"

  /// Per language, the steps by key (a writer's codec id, or ``ownKey``), in the order shown.
  static let table: [String: [(key: String, steps: [String])]] = [
    "en": [
      ("loop", ["Copy the .db file to your phone.", "In Loop: Settings → Import data, and pick the file."]),
      ("habo", ["Copy the file to your phone.", "In Habo: Settings → Restore, and pick the file (Habo refuses files over 10 MB)."]),
      ("tablehabit", ["Copy the file to your phone.", "In Table Habit: Settings → Import, and pick the file.",
                      "Importing adds habits beside the ones you have: importing the same file twice gives every habit twice."]),
      ("habitkit", ["Copy the .json file to your phone.", "In HabitKit: Settings → Import (a Pro feature, as export is), and pick the file.",
                    "Export what HabitKit holds first: no description says whether its import adds to it or replaces it."]),
      ("habitbuilder", ["Copy the .zip file to your phone.", "In Habit Builder: ⋮ → Backup and restore → Choose backup file, pick the file, then Restore backup.",
                        "Restoring replaces every habit and completion in the app with the backup's: export the app's own backup first to keep them."]),
      ("beaverhabits", ["In Beaver Habits, open the Import page and upload the file."]),
      ("harsh", ["Unzip the file: it holds harsh's two files, habits and log.",
                 "Put them in a folder of their own and run HARSHPATH=that-folder harsh, or copy them over harsh's own (~/.config/harsh) after a backup."]),
      ("obsidian", ["Unzip the file into a folder of your Obsidian vault (Habits, say): one note per habit.",
                    "In a note, add a habittracker code block whose path names that folder; Habit Tracker 21 shows the habits."]),
      ("org", ["Save the .org file beside your other org files (in Orgzly or organice: in the folder they sync).",
               "In Emacs, add it to org-agenda-files and load org-habit (M-x customize-variable org-modules): the agenda shows each habit's consistency graph."]),
      ("habitbull", ["Copy the .csv file to your phone.", "In Loop: Settings → Import data, and pick the file (Loop reads HabitBull's CSV)."]),
      ("tracker-ios", ["Quit the app, then replace its store with this file: on a simulator in the folder `xcrun simctl get_app_container booted <bundle id> data` prints (Library/Application Support); on a device through Xcode's Devices and Simulators (Replace Container).",
                       "Remove the old -wal and -shm files beside the store."]),
      ("ics", ["Import the .ics file into your calendar: Google Calendar, Settings → Import & export; Apple Calendar, File → Import; Thunderbird, File → Open → Calendar File."]),
      ("own", ["This is TrackerPort's own format: keep it as your backup, check it against the tracker's rules here, or convert it again later."]),
    ],
    "ru": [
      ("loop", ["Скопируйте файл .db на телефон.", "В Loop: Настройки → Импорт данных, выберите файл."]),
      ("habo", ["Скопируйте файл на телефон.", "В Habo: Настройки → Восстановить, выберите файл (файлы больше 10 МБ Habo не принимает)."]),
      ("tablehabit", ["Скопируйте файл на телефон.", "В Table Habit: Настройки → Импорт, выберите файл.",
                      "Импорт добавляет привычки к уже имеющимся: если импортировать файл дважды, каждая привычка появится дважды."]),
      ("habitkit", ["Скопируйте файл .json на телефон.", "В HabitKit: Настройки → Импорт (функция Pro, как и экспорт), выберите файл.",
                    "Сначала сделайте экспорт того, что уже есть в HabitKit: нигде не описано, добавляет импорт данные или заменяет их."]),
      ("habitbuilder", ["Скопируйте файл .zip на телефон.", "В Habit Builder: меню ⋮ → Backup and restore → Choose backup file, выберите файл, затем Restore backup (приложение только на английском).",
                        "Восстановление заменяет все привычки и отметки в приложении данными из копии: чтобы их сохранить, сначала экспортируйте копию из самого приложения."]),
      ("beaverhabits", ["В Beaver Habits откройте страницу Import и загрузите файл."]),
      ("harsh", ["Распакуйте архив: в нём два файла harsh, habits и log.",
                 "Положите их в отдельную папку и запустите HARSHPATH=эта-папка harsh или скопируйте поверх файлов harsh (~/.config/harsh), сохранив копию."]),
      ("obsidian", ["Распакуйте архив в папку хранилища Obsidian (например, Habits): по заметке на привычку.",
                    "Добавьте в заметку блок кода habittracker, чей path указывает на эту папку; Habit Tracker 21 покажет привычки."]),
      ("org", ["Сохраните файл .org рядом с другими файлами org (для Orgzly или organice — в папке, которую они синхронизируют).",
               "В Emacs добавьте его в org-agenda-files и включите org-habit (M-x customize-variable org-modules): агенда покажет график каждой привычки."]),
      ("habitbull", ["Скопируйте файл .csv на телефон.", "В Loop: Настройки → Импорт данных, выберите файл (Loop читает CSV HabitBull)."]),
      ("tracker-ios", ["Закройте приложение и замените его хранилище этим файлом: на симуляторе в папке, которую печатает `xcrun simctl get_app_container booted <bundle id> data` (Library/Application Support); на устройстве через окно Devices and Simulators в Xcode (Replace Container).",
                       "Удалите старые файлы -wal и -shm рядом с хранилищем."]),
      ("ics", ["Импортируйте файл .ics в свой календарь: Google Календарь — Настройки → Импорт и экспорт; Календарь Apple — Файл → Импорт; Thunderbird — Файл → Открыть → Файл календаря."]),
      ("own", ["Это собственный формат TrackerPort: храните его как резервную копию, проверьте здесь по правилам трекера или преобразуйте позже."]),
    ],
  ]

  /// The steps of the format `id` writes in `language` (TrackerPort's own formats share theirs);
  /// `nil` when the page has none.
  static func steps(for id: String, language: String) -> [String]? {
    let key = ownFormats.contains(id) ? ownKey : id
    return table[language]?.first { $0.key == key }?.steps
  }

  /// The script's `STEPS` object, `{"en": {"loop": [...], ...}, "ru": {...}}`, as JSON that is
  /// safe inside a `<script>` element (`<`, `>` and `&` as `\u` escapes).
  static var json: String {
    scriptSafe(JSONOutput.object(languages.map { language in
      (language, JSONOutput.object((table[language] ?? []).map { ($0.key, JSONOutput.array($0.steps.map(JSONOutput.quote))) }))
    }))
  }

  /// ``ownFormats`` as the script's `OWN` array.
  static var ownJSON: String { scriptSafe(JSONOutput.array(ownFormats.map(JSONOutput.quote))) }

  /// JSON with `<`, `>` and `&` escaped: they only ever occur inside its strings, where `\u`
  /// escapes mean the same, and unescaped `</script>` would end the element.
  static func scriptSafe(_ json: String) -> String {
    json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
      .replacingOccurrences(of: "&", with: "\\u0026")
  }
}
