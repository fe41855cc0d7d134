import TrackerOutput
import TrackerPort

/// What the page says, in English and Russian, about everything the server answers: each
/// refusal's code, each kind of wrong file and where the right one comes from, each part of the
/// model an app will not keep, each finding's code, each reading option. The server's own
/// messages (the CLI's words) stay in the answers for the command line and the API; the page
/// shows these instead and folds the server's message away. The script carries them as its
/// `WORDS` object (``json``); `{app}` is the app's name.
enum PageWords {
  /// One text in both languages.
  struct Text: Sendable {
    var en: String
    var ru: String
  }

  /// Every code an answer's `error.code` can hold: the API's own, the readers' (one per
  /// `CodecError.Kind`), the server's refusals (BoundedHTTP) and its workers'.
  static let answers: [(code: String, text: Text)] = [
    ("not-found", Text(en: "The server has no such page.", ru: "На сервере нет такой страницы.")),
    ("method-not-allowed", Text(en: "The server does not take this kind of request here.", ru: "Сервер не принимает здесь такой запрос.")),
    ("bad-field", Text(en: "The page sent a value the server does not take.", ru: "Страница отправила значение, которого сервер не принимает.")),
    ("missing-field", Text(en: "Something the server needs was not sent: choose the file (and the app) again.", ru: "Сервер получил не всё: выберите файл (и приложение) ещё раз.")),
    ("bad-multipart", Text(en: "The upload arrived broken: choose the file again.", ru: "Файл пришёл повреждённым: выберите его ещё раз.")),
    ("not-a-form", Text(en: "The upload arrived without its file: choose the file again.", ru: "Запрос пришёл без файла: выберите файл ещё раз.")),
    ("too-large", Text(en: "The file is larger than this server takes.", ru: "Файл больше, чем принимает этот сервер.")),
    ("too-many-parts", Text(en: "The upload has more parts than this server takes.", ru: "В запросе больше частей, чем принимает этот сервер.")),
    ("read-errors", Text(en: "Some parts of the file could not be read, so nothing was converted. The list says where.", ru: "Часть файла прочитать не удалось, поэтому ничего не преобразовано. Где именно — в списке.")),
    ("losses", Text(en: "{app} cannot keep everything in this file, and you asked to convert only without losses.", ru: "{app} не сохранит всего, что есть в файле, а вы просили преобразовывать только без потерь.")),
    ("folder-output", Text(en: "{app} writes a folder here, which cannot be downloaded: choose a file shape of it.", ru: "{app} записывает здесь папку, а её нельзя скачать: выберите вариант в виде файла.")),
    ("internal-error", Text(en: "The conversion failed inside the server. Nothing of your file is kept.", ru: "Преобразование сорвалось на сервере. Ничего из вашего файла не сохранено.")),
    ("read-back-mismatch", Text(en: "The converted file, read again, does not hold what it should, so it was not sent. Please report this.", ru: "Преобразованный файл при повторном чтении содержит не то, что должен, поэтому он не отправлен. Пожалуйста, сообщите об этом.")),
    ("malformed-input", Text(en: "The file is damaged or not what it seems, so it cannot be read: choose its format (and settings) yourself below, or get the right file.", ru: "Файл повреждён или не то, чем кажется, поэтому прочитать его нельзя: укажите его формат (и настройки) ниже или возьмите нужный файл.")),
    ("unsupported-version", Text(en: "The file comes from a newer version of its app than this server reads.", ru: "Файл сделан более новой версией приложения, чем умеет читать этот сервер.")),
    ("unknown-format", Text(en: "The page cannot tell what this file is: choose its format yourself below, or get the right file.", ru: "Страница не может понять, что это за файл: укажите его формат ниже или возьмите нужный файл.")),
    ("unknown-codec", Text(en: "The server does not know that format.", ru: "Сервер не знает такого формата.")),
    ("unsupported-operation", Text(en: "That format cannot do this (some apps' files can be read but not written).", ru: "С этим форматом так нельзя (файлы некоторых приложений можно только читать).")),
    ("unknown-option", Text(en: "A setting was sent that neither format has.", ru: "Отправлена настройка, которой нет ни у одного из форматов.")),
    ("cannot-read-input", Text(en: "The server could not read the file.", ru: "Сервер не смог прочитать файл.")),
    ("cannot-create-output", Text(en: "The server could not write the converted file.", ru: "Сервер не смог записать преобразованный файл.")),
    ("io-error", Text(en: "The server could not read or write a file.", ru: "Сервер не смог прочитать или записать файл.")),
    ("plugin-failed", Text(en: "The add-on that reads or writes this format failed.", ru: "Сбой дополнения, которое читает или пишет этот формат.")),
    ("busy", Text(en: "The server is busy with other files: try again in a few seconds.", ru: "Сервер занят другими файлами: попробуйте через несколько секунд.")),
    ("conversion-timeout", Text(en: "The file took longer to convert than this server allows.", ru: "Файл преобразовывался дольше, чем позволяет этот сервер.")),
    ("stopping", Text(en: "The server was stopped while it worked on your file: try again later.", ru: "Сервер остановили во время работы с вашим файлом: попробуйте позже.")),
    ("worker-failed", Text(en: "The conversion stopped in the middle (it may need more memory than this server has).", ru: "Преобразование прервалось (возможно, ему нужно больше памяти, чем есть у сервера).")),
    ("headers-too-large", Text(en: "The request was larger than the server takes.", ru: "Запрос больше, чем принимает сервер.")),
    ("bad-request", Text(en: "The server could not understand the request.", ru: "Сервер не понял запрос.")),
    ("header-timeout", Text(en: "The request came too slowly: check the connection and try again.", ru: "Запрос шёл слишком медленно: проверьте соединение и попробуйте ещё раз.")),
    ("body-timeout", Text(en: "The file came too slowly: check the connection and try again.", ru: "Файл передавался слишком медленно: проверьте соединение и попробуйте ещё раз.")),
    ("request-timeout", Text(en: "The server took too long to answer: try again later.", ru: "Сервер слишком долго не отвечал: попробуйте позже.")),
    ("too-many-requests", Text(en: "Too many requests at once from here: try again in a few seconds.", ru: "Слишком много запросов отсюда сразу: попробуйте через несколько секунд.")),
    ("too-many-connections", Text(en: "The server has too many visitors right now: try again in a few seconds.", ru: "У сервера сейчас слишком много посетителей: попробуйте через несколько секунд.")),
  ]

  /// What a file no format reads is (``FileKind``), said plainly.
  static let fileKinds: [(kind: FileKind, text: Text)] = [
    (.empty, Text(en: "This file is empty: it has no bytes at all. Export it from the app again (a download cut short leaves an empty file).", ru: "Этот файл пуст: в нём нет ни байта. Экспортируйте его из приложения ещё раз (прерванная загрузка оставляет пустой файл).")),
    (.jpeg, Text(en: "This is a photo (a JPEG picture), not an app's data. A screenshot of the app cannot be converted: export the data itself.", ru: "Это фотография (картинка JPEG), а не данные приложения. Снимок экрана преобразовать нельзя: экспортируйте сами данные.")),
    (.png, Text(en: "This is a picture (PNG), perhaps a screenshot, not an app's data: export the data itself.", ru: "Это картинка (PNG), возможно снимок экрана, а не данные приложения: экспортируйте сами данные.")),
    (.gif, Text(en: "This is a picture (GIF), not an app's data: export the data itself.", ru: "Это картинка (GIF), а не данные приложения: экспортируйте сами данные.")),
    (.webp, Text(en: "This is a picture (WebP), not an app's data: export the data itself.", ru: "Это картинка (WebP), а не данные приложения: экспортируйте сами данные.")),
    (.heic, Text(en: "This is a photo (HEIC, as iPhones take them), not an app's data: export the data itself.", ru: "Это фотография (HEIC, как снимает iPhone), а не данные приложения: экспортируйте сами данные.")),
    (.pdf, Text(en: "This is a PDF document (a printout or a report), which holds no data to convert: export the app's backup instead.", ru: "Это документ PDF (распечатка или отчёт), в нём нет данных для преобразования: экспортируйте вместо него резервную копию приложения.")),
    (.html, Text(en: "This is a saved web page, not an export: download the app's export file itself.", ru: "Это сохранённая веб-страница, а не экспорт: скачайте сам файл экспорта приложения.")),
    (.truncatedZip, Text(en: "This zip archive is cut short: its end is missing (an unfinished download or copy). Export or download it again, and wait until it has finished.", ru: "Этот zip-архив оборван: у него нет конца (загрузка или копирование не закончились). Экспортируйте или скачайте его снова и дождитесь окончания.")),
    (.otherZip, Text(en: "This zip archive holds no habit app's data (other files: documents or photos, say).", ru: "В этом zip-архиве нет данных приложения для привычек (в нём другие файлы, например документы или фотографии).")),
  ]

  /// Where each app's right file comes from, by the id of the format that reads it.
  static let exports: [(format: String, text: Text)] = [
    ("loop", Text(en: "Loop Habit Tracker: Settings › Export full backup (a .db file); the CSV export (a .zip) works too.", ru: "Loop Habit Tracker: Настройки › Экспорт полной резервной копии (файл .db); подойдёт и экспорт CSV (файл .zip).")),
    ("habo", Text(en: "Habo: Settings › Backup (a .json file).", ru: "Habo: Настройки › Резервная копия (файл .json).")),
    ("tablehabit", Text(en: "Table Habit: Settings › Export all (export-all-….json).", ru: "Table Habit: Настройки › Экспортировать всё (export-all-….json).")),
    ("habitkit", Text(en: "HabitKit: Settings › Export (a Pro feature; a .json file).", ru: "HabitKit: Настройки › Экспорт (функция Pro; файл .json).")),
    ("habitbuilder", Text(en: "Habit Builder: ⋮ › Backup and restore › Choose export location (HabitTracker-backup-….zip).", ru: "Habit Builder: меню ⋮ › Backup and restore › Choose export location (файл HabitTracker-backup-….zip; приложение только на английском).")),
    ("beaverhabits", Text(en: "Beaver Habits: the Export JSON button (beaverhabits_….json).", ru: "Beaver Habits: кнопка экспорта в JSON (beaverhabits_….json).")),
    ("habitbull", Text(en: "HabitBull: the CSV export in its settings (a .csv file).", ru: "HabitBull: экспорт CSV в настройках (файл .csv).")),
    ("habitica", Text(en: "Habitica, on the website: Settings › Site Data › Export Data › User Data as JSON.", ru: "Habitica, на сайте: Настройки › Данные сайта › Экспорт данных › данные пользователя в формате JSON.")),
    ("tickmate", Text(en: "Tickmate: Export database (tickmate-backup-….db).", ru: "Tickmate: «Экспорт базы данных» (tickmate-backup-….db).")),
    ("daylio", Text(en: "Daylio: the backup (a .daylio file) or the CSV export of entries.", ru: "Daylio: резервная копия (файл .daylio) или экспорт записей в CSV.")),
    ("streaks", Text(en: "Streaks: its CSV export, or a backup (a .streaks file).", ru: "Streaks: экспорт в CSV или резервная копия (файл .streaks).")),
    ("tracker-ios", Text(en: "The iOS Tracker app: its store (a .sqlite file), copied out of the app's container.", ru: "iOS-приложение «Трекер»: его хранилище (файл .sqlite), скопированное из контейнера приложения.")),
    ("harsh", Text(en: "harsh: zip its folder (~/.config/harsh, the files habits and log) and choose the .zip.", ru: "harsh: заархивируйте его папку (~/.config/harsh, файлы habits и log) в .zip и выберите архив.")),
    ("obsidian", Text(en: "Obsidian: zip the vault's folder of habit notes and choose the .zip.", ru: "Obsidian: заархивируйте папку хранилища с заметками привычек в .zip и выберите архив.")),
    ("org", Text(en: "org-mode: the .org file itself (from Emacs, Orgzly or organice).", ru: "org-mode: сам файл .org (из Emacs, Orgzly или organice).")),
    ("ics", Text(en: "A calendar: export it as .ics (Google Calendar: Settings › Import & export › Export).", ru: "Календарь: экспортируйте его в .ics (Google Календарь: Настройки › Импорт и экспорт › Экспорт).")),
    ("json", Text(en: "TrackerPort's own files: .trackport.json, .trackport.xml, or CSV tables (zip a folder of them).", ru: "Файлы самого TrackerPort: .trackport.json, .trackport.xml или таблицы CSV (папку с ними — в .zip).")),
  ]

  /// The formats whose data is a folder: a browser uploads files, so the folder is zipped first.
  static let folderFormats: [(format: String, text: Text)] = [
    ("harsh", Text(en: "harsh keeps a folder: zip it (the files habits and log) and choose the .zip.", ru: "harsh хранит папку: заархивируйте её (файлы habits и log) в .zip и выберите архив.")),
    ("obsidian", Text(en: "Obsidian habit notes are a folder of the vault: zip that folder and choose the .zip.", ru: "Заметки привычек Obsidian — это папка хранилища: заархивируйте её в .zip и выберите архив.")),
    ("csv", Text(en: "A CSV package is a folder of tables: zip the folder and choose the .zip.", ru: "Пакет CSV — это папка с таблицами: заархивируйте её в .zip и выберите архив.")),
    ("loop", Text(en: "A Loop CSV export unzipped into a folder: zip that folder again.", ru: "Экспорт CSV из Loop, распакованный в папку: снова заархивируйте её в .zip.")),
  ]

  /// What the app will not keep, one line per part of the model.
  static let losses: [(field: ModelField, text: Text)] = [
    (.categories, Text(en: "{app} has no categories: habits arrive ungrouped.", ru: "В {app} нет категорий: привычки придут без групп.")),
    (.categoryIds, Text(en: "Categories get new inner ids (converting back makes them anew).", ru: "Категории получат новые внутренние идентификаторы (при обратном переносе они создадутся заново).")),
    (.categoryOrder, Text(en: "{app} orders categories its own way.", ru: "{app} расставит категории по-своему.")),
    (.categoriesWithoutTrackers, Text(en: "Empty categories do not arrive.", ru: "Пустые категории не перенесутся.")),
    (.categoriesWithoutRecords, Text(en: "Categories whose habits were never done do not arrive.", ru: "Не перенесутся категории, привычки которых ни разу не выполнялись.")),
    (.categoriesWithoutDays, Text(en: "Categories with no day marked do not arrive.", ru: "Не перенесутся категории без отмеченных дней.")),
    (.trackerIds, Text(en: "Habits get new inner ids: converting back later makes new habits rather than matching these.", ru: "Привычки получат новые внутренние идентификаторы: при обратном переносе они создадутся заново, а не совпадут с этими.")),
    (.trackerOrder, Text(en: "{app} orders habits its own way.", ru: "{app} расставит привычки по-своему.")),
    (.trackerKind, Text(en: "{app} has no irregular events: they arrive as habits.", ru: "В {app} нет нерегулярных событий: они придут как привычки.")),
    (.repeatedTrackerNames, Text(en: "Habits with the same name become one.", ru: "Привычки с одинаковым названием сольются в одну.")),
    (.trackerEmoji, Text(en: "{app} has no emoji on habits.", ru: "В {app} у привычек нет эмодзи.")),
    (.trackerColor, Text(en: "{app} shows its own colours, not these.", ru: "{app} покажет свои цвета, а не эти.")),
    (.trackerSchedule, Text(en: "{app} plans every habit every day: the weekdays are not kept.", ru: "{app} планирует каждую привычку на каждый день: дни недели не сохранятся.")),
    (.eventDate, Text(en: "Events lose their planned day.", ru: "События потеряют запланированный день.")),
    (.trackerPinned, Text(en: "{app} has no pinned habits: they arrive among the others.", ru: "В {app} нет закреплённых привычек: они придут вместе с остальными.")),
    (.trackerCreatedOn, Text(en: "{app} keeps no creation date: it will show the first day you marked.", ru: "{app} не хранит дату создания: будет показан первый отмеченный день.")),
    (.trackerArchived, Text(en: "{app} has no archive: archived habits come back active.", ru: "В {app} нет архива: архивные привычки вернутся активными.")),
    (.trackerDescription, Text(en: "{app} has no descriptions: they are left out.", ru: "В {app} нет описаний привычек: они не перенесутся.")),
    (.trackerGoal, Text(en: "{app} has no goals: measurable habits arrive as plain ones.", ru: "В {app} нет целей: измеримые привычки придут как обычные.")),
    (.trackerGoalPeriod, Text(en: "A goal per week or month arrives as a goal per day.", ru: "Цель на неделю или месяц придёт как цель на день.")),
    (.trackerFrequency, Text(en: "{app} cannot say \"so many times in so many days\": those habits are planned every day.", ru: "{app} не умеет «столько-то раз за столько-то дней»: такие привычки будут запланированы на каждый день.")),
    (.trackerReminders, Text(en: "Reminders are not kept: set them again in {app}.", ru: "Напоминания не сохранятся: настройте их заново в {app}.")),
    (.events, Text(en: "{app} has no irregular events: they are left out, with their days.", ru: "В {app} нет нерегулярных событий: они не перенесутся вместе со своими днями.")),
    (.archivedTrackers, Text(en: "Archived habits are left out, with their days.", ru: "Архивные привычки не перенесутся вместе со своими днями.")),
    (.trackersWithoutRecords, Text(en: "Habits never done are left out.", ru: "Привычки, ни разу не выполненные, не перенесутся.")),
    (.trackersWithoutDays, Text(en: "Habits with no day marked are left out.", ru: "Привычки без отмеченных дней не перенесутся.")),
    (.records, Text(en: "{app} holds the habits only: no completed day arrives.", ru: "{app} хранит только привычки: отмеченные дни не перенесутся.")),
    (.eventRecords, Text(en: "The days of events are left out with them.", ru: "Дни событий не перенесутся вместе с ними.")),
    (.recordAmounts, Text(en: "{app} keeps no amounts: the days arrive as done, without how much.", ru: "{app} не хранит количества: дни придут выполненными, без «сколько».")),
    (.recordNotes, Text(en: "{app} keeps no notes on days: they are left out.", ru: "{app} не хранит заметки к дням: они не перенесутся.")),
    (.entries, Text(en: "{app} keeps only days done: days skipped, marked not done or filled in automatically are left out.", ru: "{app} хранит только выполненные дни: пропущенные, отмеченные как невыполненные и заполненные автоматически не перенесутся.")),
    (.skippedEntries, Text(en: "{app} has no skipped days: they are left out.", ru: "В {app} нет пропущенных дней: они не перенесутся.")),
    (.entryAmounts, Text(en: "Amounts on days not done are left out.", ru: "Количества в невыполненные дни не перенесутся.")),
    (.entryNotes, Text(en: "Notes on days not done are left out.", ru: "Заметки к невыполненным дням не перенесутся.")),
    (.tasks, Text(en: "{app} has no tasks: the Daily Plan's tasks are left out.", ru: "В {app} нет задач: задачи «Плана на день» не перенесутся.")),
    (.taskReminders, Text(en: "Tasks' reminders are left out.", ru: "Напоминания задач не перенесутся.")),
    (.taskAttachments, Text(en: "Tasks' attachments are left out.", ru: "Вложения задач не перенесутся.")),
    (.taskCategoryOrder, Text(en: "The order of task categories is left out.", ru: "Порядок категорий задач не сохранится.")),
    (.extras, Text(en: "What only the first app knew (its own settings per habit) stays behind.", ru: "То, что знало только исходное приложение (его собственные настройки привычек), не перенесётся.")),
  ]

  /// A finding or a reader's notice, by its code, in a few plain words; the CLI's message (which
  /// names the place and the values) is folded beside it.
  static let diagnostics: [(code: String, text: Text)] = [
    ("duplicate-id", Text(en: "Two items share one id.", ru: "У двух элементов один идентификатор.")),
    ("name-empty", Text(en: "A habit has no name.", ru: "У привычки нет названия.")),
    ("name-too-long", Text(en: "The name is longer than the app's 38 characters.", ru: "Название длиннее 38 символов, допустимых в приложении.")),
    ("name-fitted", Text(en: "The name was shortened to the app's 38 characters; the full name is kept.", ru: "Название сокращено до 38 символов, допустимых в приложении; полное название сохранено.")),
    ("category-unknown", Text(en: "The habit's category does not exist.", ru: "Категории привычки не существует.")),
    ("category-title-empty", Text(en: "A category has no title.", ru: "У категории нет названия.")),
    ("category-title-duplicate", Text(en: "Two categories have the same title.", ru: "У двух категорий одинаковое название.")),
    ("schedule-empty", Text(en: "The habit is planned on no weekday.", ru: "Привычка не запланирована ни на один день недели.")),
    ("schedule-on-event", Text(en: "An irregular event has a schedule.", ru: "У нерегулярного события есть расписание.")),
    ("schedule-duplicate-day", Text(en: "A weekday is listed twice in the schedule.", ru: "День недели указан в расписании дважды.")),
    ("emoji-missing", Text(en: "The habit has no emoji.", ru: "У привычки нет эмодзи.")),
    ("emoji-invalid", Text(en: "The emoji is not one emoji.", ru: "Эмодзи — не один символ эмодзи.")),
    ("color-missing", Text(en: "The habit has no colour.", ru: "У привычки нет цвета.")),
    ("color-invalid", Text(en: "The colour is not a colour code (#RRGGBB).", ru: "Цвет задан не кодом цвета (#RRGGBB).")),
    ("goal-invalid", Text(en: "The goal is not a possible one.", ru: "Цель задана невозможным значением.")),
    ("frequency-invalid", Text(en: "The \"times in days\" frequency is not a possible one.", ru: "Частота «раз за дней» невозможна.")),
    ("reminder-time-invalid", Text(en: "A reminder's time is not a time of day.", ru: "Время напоминания — не время суток.")),
    ("reminder-duplicate-day", Text(en: "A reminder lists a weekday twice.", ru: "В напоминании день недели указан дважды.")),
    ("record-unknown-tracker", Text(en: "A completed day belongs to no habit.", ru: "Отмеченный день не относится ни к одной привычке.")),
    ("record-duplicate", Text(en: "The same day is marked done twice.", ru: "Один и тот же день отмечен дважды.")),
    ("amount-below-goal", Text(en: "A day's amount does not reach the goal, yet it is marked done.", ru: "Количество за день не достигает цели, но день отмечен выполненным.")),
    ("entry-unknown-tracker", Text(en: "A day's entry belongs to no habit.", ru: "Запись дня не относится ни к одной привычке.")),
    ("entry-duplicate", Text(en: "A day has two entries.", ru: "У дня две записи.")),
    ("skipped-and-done", Text(en: "A day is both skipped and done.", ru: "День одновременно пропущен и выполнен.")),
    ("entry-on-done-day", Text(en: "A day done also has a separate entry.", ru: "У выполненного дня есть ещё отдельная запись.")),
    ("task-title-empty", Text(en: "A task has no title.", ru: "У задачи нет названия.")),
    ("task-title-too-long", Text(en: "A task's title is longer than 38 characters.", ru: "Название задачи длиннее 38 символов.")),
    ("task-description-missing", Text(en: "A task has no description.", ru: "У задачи нет описания.")),
    ("task-color-missing", Text(en: "A task has no colour.", ru: "У задачи нет цвета.")),
    ("task-color-invalid", Text(en: "A task's colour is not a colour code.", ru: "Цвет задачи задан не кодом цвета.")),
    ("task-category-unknown", Text(en: "A task's category is not one of the five.", ru: "Категория задачи — не одна из пяти.")),
    ("task-interval-invalid", Text(en: "A task ends before it starts.", ru: "Задача заканчивается раньше, чем начинается.")),
    ("task-category-order-invalid", Text(en: "The order of task categories is not the five, each once.", ru: "Порядок категорий задач — не пять категорий по одному разу.")),
    ("emoji-off-palette", Text(en: "The emoji is not one of the app's 18.", ru: "Эмодзи не из 18, что есть в приложении.")),
    ("color-off-palette", Text(en: "The colour is not one of the app's 18.", ru: "Цвет не из 18, что есть в приложении.")),
    ("record-off-schedule", Text(en: "Done on a weekday it is not planned on.", ru: "Выполнено в день недели, на который привычка не запланирована.")),
    ("record-before-created", Text(en: "Done before the habit was created.", ru: "Выполнено раньше, чем привычка создана.")),
    ("record-in-future", Text(en: "Marked on a day still to come.", ru: "Отмечен день, который ещё не наступил.")),
    ("event-record-off-date", Text(en: "An event is marked on another day than its own.", ru: "Событие отмечено не в свой день.")),
    ("event-multiple-records", Text(en: "A one-off event is marked on several days.", ru: "Разовое событие отмечено в несколько дней.")),
    ("amount-without-goal", Text(en: "A day has an amount, but the habit has no goal.", ru: "У дня есть количество, но у привычки нет цели.")),
    ("entry-meets-goal", Text(en: "A day's amount meets the goal, yet the day is not counted done.", ru: "Количество за день достигает цели, но день не засчитан.")),
    ("entry-empty", Text(en: "A day's entry says nothing (no skip, amount or note).", ru: "Запись дня пуста (ни пропуска, ни количества, ни заметки).")),
    ("name-duplicate", Text(en: "Two habits in one category have the same name.", ru: "Две привычки в одной категории называются одинаково.")),
    ("category-reserved", Text(en: "A category is called like the app's pinned group.", ru: "Категория названа как группа закреплённых в приложении.")),
    ("dropped-field", Text(en: "The chosen app cannot keep part of the file.", ru: "Выбранное приложение не сохранит часть файла.")),
    ("lossy-frequency", Text(en: "A \"so many times in so many days\" habit is planned every day; its frequency is kept beside it.", ru: "Привычка «столько-то раз за столько-то дней» запланирована на каждый день; её частота сохранена рядом.")),
    ("defaulted-field", Text(en: "The file does not say everything a habit needs: the rest was filled in (an emoji, a colour, every day).", ru: "В файле есть не всё, что нужно привычке: остальное заполнено (эмодзи, цвет, каждый день).")),
    ("loop-assigned-defaults", Text(en: "Loop has no categories or emoji: the habits were put in one category and given emoji.", ru: "В Loop нет категорий и эмодзи: привычки помещены в одну категорию и получили эмодзи.")),
    ("loop-kept-entries", Text(en: "Days Loop filled in itself or marked not done were kept aside, for Loop only.", ru: "Дни, которые Loop заполнил сам или отметил как невыполненные, отложены — только для Loop.")),
    ("loop-numerical-habit", Text(en: "A measurable habit with a goal per week or month: its days meeting the goal became done days.", ru: "Измеримая привычка с целью на неделю или месяц: дни, достигшие цели, стали выполненными.")),
    ("loop-orphan-repetitions", Text(en: "Marks of a habit the backup no longer has were skipped (Loop does not show them either).", ru: "Отметки привычки, которой уже нет в копии, пропущены (Loop их тоже не показывает).")),
    ("sqlite-missing-wal", Text(en: "The database came without its -wal file, where the app's data most likely is: copy it along.", ru: "База пришла без файла -wal, где, скорее всего, данные приложения: скопируйте и его.")),
    ("tickmate-assigned-defaults", Text(en: "Tickmate has no schedule or emoji: tracks are planned every day and given emoji.", ru: "В Tickmate нет расписания и эмодзи: треки запланированы на каждый день и получили эмодзи.")),
    ("habo-assigned-defaults", Text(en: "Habo has no emoji, colours or weekdays: habits are planned every day and given emoji and colours.", ru: "В Habo нет эмодзи, цветов и дней недели: привычки запланированы на каждый день и получили эмодзи и цвета.")),
    ("unknown-key", Text(en: "The file has a field this format does not define; it is kept aside.", ru: "В файле есть поле, которого нет в формате; оно сохранено отдельно.")),
  ]

  /// A reading option's label, by its key (the codec's own help is the CLI's, in English).
  static let options: [(key: String, text: Text)] = [
    ("default-category", Text(en: "Category for habits the file puts in none", ru: "Категория для привычек, у которых в файле её нет")),
    ("schema", Text(en: "Check the file against its schema", ru: "Проверять файл по его схеме")),
    ("encoding", Text(en: "The file's text encoding", ru: "Кодировка текста файла")),
    ("date-format", Text(en: "How the file writes dates (DD.MM.YYYY, MM/DD/YYYY, …)", ru: "Как в файле записаны даты (ДД.ММ.ГГГГ, ММ/ДД/ГГГГ, …)")),
    ("activities", Text(en: "Activities become habits too", ru: "Занятия тоже становятся привычками")),
    ("timezone", Text(en: "Time zone the days are counted in", ru: "Часовой пояс, по которому считаются дни")),
    ("day-start", Text(en: "Hour the day starts (0–23)", ru: "Час начала дня (0–23)")),
    ("shape", Text(en: "What the CSV holds (package, habits table, log)", ru: "Что содержит CSV (пакет, таблица привычек, журнал)")),
    ("map", Text(en: "Columns of a log table (tracker=…,date=…)", ru: "Столбцы таблицы-журнала (tracker=…,date=…)")),
    ("delimiter", Text(en: "The table's delimiter", ru: "Разделитель таблицы")),
  ]

  /// The script's `WORDS` object: `{"answers": {code: {"en", "ru"}}, "fileKinds": ...,
  /// "exports": ..., "folders": ..., "losses": ..., "diagnostics": ..., "options": ...}`, safe
  /// inside a `<script>` element.
  static var json: String {
    func table(_ rows: [(String, Text)]) -> String {
      JSONOutput.object(rows.map { ($0.0, JSONOutput.object([("en", JSONOutput.quote($0.1.en)), ("ru", JSONOutput.quote($0.1.ru))])) })
    }
    return ImportSteps.scriptSafe(JSONOutput.object([
      ("answers", table(answers.map { ($0.code, $0.text) })),
      ("fileKinds", table(fileKinds.map { ($0.kind.rawValue, $0.text) })),
      ("exports", table(exports.map { ($0.format, $0.text) })),
      ("folders", table(folderFormats.map { ($0.format, $0.text) })),
      ("losses", table(losses.map { ($0.field.rawValue, $0.text) })),
      ("diagnostics", table(diagnostics.map { ($0.code, $0.text) })),
      ("options", table(options.map { ($0.key, $0.text) })),
    ]))
  }
}
