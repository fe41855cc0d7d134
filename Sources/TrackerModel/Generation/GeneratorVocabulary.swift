/// Names the generator draws from: what people really track, in Russian and English.
enum GeneratorVocabulary {
  static let categories = [
    "Домашний уют", "Здоровье", "Радостные мелочи", "Спорт", "Work", "Learning",
    "Самочувствие", "Finance", "Семья", "Creativity", "Mindfulness", "Уход за собой",
  ]

  static let trackerNames = [
    "Поливать растения", "Кошка заслонила камеру на созвоне", "Бабушка прислала открытку в вотсапе",
    "Свидание в апреле", "Хорошее настроение", "Лёгкая тревожность", "Выпить 2 литра воды",
    "Зарядка утром", "Прочитать 20 страниц", "Медитация 10 минут", "Прогулка перед сном",
    "Без сахара", "Позвонить родителям", "Английский в Duolingo", "Лечь спать до 23:00",
    "Растяжка", "Разобрать почту", "Витамины", "Йога", "Ёлка на Новый год",
    "Run 5 km", "Drink water", "Read before bed", "Practice guitar", "Floss",
    "Journal three lines", "No phone after 22:00", "Walk the dog", "Stretch for 10 minutes",
    "Review the budget", "Cook at home", "Call a friend", "Learn 10 Spanish words",
    "Café with a book", "Push-ups ×20", "Clean the desk", "Plan tomorrow", "Sketch something",
  ]

  static let tasks = [
    ("Отчёт", "Квартальный отчёт"), ("Созвон с командой", "Еженедельная синхронизация"),
    ("Купить продукты", "Молоко, хлеб, яблоки"), ("Записаться к врачу", "Терапевт, утро"),
    ("Prepare slides", "Demo for Friday"), ("Pay rent", "Transfer before the 5th"),
    ("Code review", "Two open pull requests"), ("Gym", "Legs and core"),
  ]
}
