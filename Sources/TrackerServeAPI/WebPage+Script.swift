extension WebPage {
  /// The page's one script: the English and Russian texts, the import steps of each app (the
  /// data of ``ImportSteps``, as JSON), and the calls to the API. The page's state lives in one object and each part of the page is
  /// drawn from it, so switching the language redraws everything in the other language. Text
  /// from the file or the server only ever reaches the page through `textContent`.
  static let script = #"""

    "use strict";
    (() => {
    const TEXT = {
      en: {
        "theme-auto": "Theme: auto", "theme-light": "Theme: light", "theme-dark": "Theme: dark",
        lead: "Move your habit history between apps, and see what each app keeps before you do.",
        privacy: "Your file is read in this server's memory, answered, and forgotten: it is kept nowhere, and nothing of it is logged.",
        "h-file": "1. Your file", drop: "Choose a file, or drop it here",
        "drop-hint": "A backup or export from Loop, Habo, Table Habit, Beaver Habits, HabitBull, Habitica, Tickmate, the iOS Tracker app, or a TrackerPort file.",
        "read-notes": "What reading the file noticed", "h-to": "2. The app to move to", "to-label": "Move to",
        "to-choose": "Choose an app…", "group-apps": "Habit apps", "group-files": "Files", convert: "Convert and download",
        "h-more": "3. More with the same file", validate: "Check it against the tracker's rules",
        calendar: "Export to a calendar (.ics)", report: "Open the report", footer: "The same conversions from the command line:",
        "name-ics": "Calendar (.ics)", "name-json": "TrackerPort JSON", "name-xml": "TrackerPort XML", "name-csv": "CSV tables (.zip)",
        "name-tracker-ios": "Tracker iOS app (store)", "name-habitbull": "HabitBull CSV (Loop imports it)",
        reading: "Reading {name}…",
        habits: { one: "{n} habit", other: "{n} habits" },
        days: { one: "{n} completed day", other: "{n} completed days" },
        entries: { one: "{n} entry", other: "{n} entries" },
        tasks: { one: "{n} task", other: "{n} tasks" },
        "no-days": "no days marked",
        checking: "Checking what {app} keeps…",
        "nothing-lost": "{app} keeps everything this file holds.",
        "will-lose": "What {app} will not keep:",
        converting: "Converting…", downloaded: "Downloaded {name}.",
        "howto-title": "Bringing it into {app}",
        validating: "Checking…",
        valid: "No problems: the file follows the tracker's rules.",
        "valid-warnings": { one: "The file follows the tracker's rules; {n} warning:", other: "The file follows the tracker's rules; {n} warnings:" },
        invalid: { one: "{n} problem found:", other: "{n} problems found:" },
        "server-error": "The server answered {status}.", network: "The server could not be reached.",
        "line": "line {n}", "column": "column {n}",
      },
      ru: {
        "theme-auto": "Тема: как в системе", "theme-light": "Тема: светлая", "theme-dark": "Тема: тёмная",
        lead: "Перенесите историю привычек из одного приложения в другое и заранее узнайте, что каждое из них сохранит.",
        privacy: "Файл читается в памяти этого сервера и сразу забывается: он нигде не хранится, и ничего из него не попадает в журнал.",
        "h-file": "1. Ваш файл", drop: "Выберите файл или перетащите его сюда",
        "drop-hint": "Резервная копия или экспорт из Loop, Habo, Table Habit, Beaver Habits, HabitBull, Habitica, Tickmate, iOS-приложения «Трекер» или файл TrackerPort.",
        "read-notes": "Что замечено при чтении файла", "h-to": "2. Куда перенести", "to-label": "Перенести в",
        "to-choose": "Выберите приложение…", "group-apps": "Приложения для привычек", "group-files": "Файлы",
        convert: "Преобразовать и скачать", "h-more": "3. Что ещё можно сделать с этим файлом",
        validate: "Проверить по правилам трекера", calendar: "Экспорт в календарь (.ics)", report: "Открыть отчёт",
        footer: "То же самое из командной строки:",
        "name-ics": "Календарь (.ics)", "name-json": "TrackerPort JSON", "name-xml": "TrackerPort XML", "name-csv": "Таблицы CSV (.zip)",
        "name-tracker-ios": "iOS-приложение «Трекер» (хранилище)", "name-habitbull": "HabitBull CSV (его импортирует Loop)",
        reading: "Читаю {name}…",
        habits: { one: "{n} привычка", few: "{n} привычки", many: "{n} привычек", other: "{n} привычки" },
        days: { one: "{n} отмеченный день", few: "{n} отмеченных дня", many: "{n} отмеченных дней", other: "{n} отмеченного дня" },
        entries: { one: "{n} запись", few: "{n} записи", many: "{n} записей", other: "{n} записи" },
        tasks: { one: "{n} задача", few: "{n} задачи", many: "{n} задач", other: "{n} задачи" },
        "no-days": "отмеченных дней нет",
        checking: "Проверяю, что сохранит {app}…",
        "nothing-lost": "{app} сохранит всё, что есть в этом файле.",
        "will-lose": "Чего {app} не сохранит:",
        converting: "Преобразую…", downloaded: "Скачан файл {name}.",
        "howto-title": "Как загрузить его в {app}",
        validating: "Проверяю…",
        valid: "Ошибок нет: файл соответствует правилам трекера.",
        "valid-warnings": { one: "Файл соответствует правилам трекера; {n} предупреждение:", few: "Файл соответствует правилам трекера; {n} предупреждения:", many: "Файл соответствует правилам трекера; {n} предупреждений:", other: "Файл соответствует правилам трекера; {n} предупреждения:" },
        invalid: { one: "Найдена {n} ошибка:", few: "Найдено {n} ошибки:", many: "Найдено {n} ошибок:", other: "Найдено {n} ошибки:" },
        "server-error": "Сервер ответил {status}.", network: "Сервер недоступен.",
        "line": "строка {n}", "column": "столбец {n}",
      },
    };
    // How to bring a written file into its app: the short form of each app's page in docs/.
    const STEPS = \#(ImportSteps.json);
    const OWN = \#(ImportSteps.ownJSON);
    const FILES = ["json", "xml", "csv", "ics"];
    const $ = (id) => document.getElementById(id);
    const input = $("file"), select = $("to");
    const state = { formats: [], file: null, summary: null, losses: null, done: null, findings: null, sequence: 0 };
    let lang = (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
    let theme = "auto", plural, number;

    function t(key, vars = {}) {
      let text = TEXT[lang][key] ?? TEXT.en[key] ?? key;
      if (typeof text === "object") text = text[plural.select(vars.n)] ?? text.other;
      return text.replace(/\{(\w+)\}/g, (_, name) => name === "n" ? number.format(vars.n) : String(vars[name] ?? ""));
    }
    function element(tag, text, className) {
      const node = document.createElement(tag);
      if (text !== undefined) node.textContent = text;
      if (className) node.className = className;
      return node;
    }
    function appName(id) {
      const key = "name-" + id;
      if (TEXT.en[key]) return t(key);
      const format = state.formats.find((f) => f.id === id);
      return format ? format.name : id;
    }
    // A diagnostic as one list item: where (line, column or pointer), then what, then its code.
    function diagnostic(d) {
      const item = element("li", undefined, d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "");
      const where = [];
      if (d.line != null) where.push(t("line", { n: d.line }));
      if (d.column != null) where.push(t("column", { n: d.column }));
      if (d.pointer) where.push(d.pointer);
      if (where.length) item.append(element("span", where.join(", ") + ": ", "where"));
      item.append(document.createTextNode(d.message + " [" + d.code + "]"));
      return item;
    }
    function list(items) {
      const ul = element("ul");
      for (const d of items) ul.append(diagnostic(d));
      return ul;
    }

    // Sends the chosen file and `fields` to `path`; resolves to {ok, status, json, blob, name}.
    async function send(path, fields) {
      const body = new FormData();
      body.append("file", input.files[0]);
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      let response;
      try { response = await fetch(path, { method: "POST", body }); }
      catch { return { ok: false, status: 0 }; }
      const type = response.headers.get("Content-Type") || "";
      const result = { ok: response.ok, status: response.status };
      if (type.startsWith("application/json") && !response.headers.get("Content-Disposition")) {
        try { result.json = await response.json(); } catch { result.json = null; }
      } else {
        result.blob = await response.blob();
        result.name = filename(response.headers.get("Content-Disposition") || "");
      }
      return result;
    }
    // The file name of a Content-Disposition header: filename* (RFC 6266, UTF-8) before filename.
    function filename(header) {
      const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
      if (star) { try { return decodeURIComponent(star[1]); } catch { /* the plain name below */ } }
      const plain = /filename="([^"]*)"/i.exec(header);
      return plain ? plain[1] : "trackport-output";
    }
    function failure(result) {
      if (result.json && result.json.error) return { message: result.json.error.message, diagnostics: result.json.diagnostics || [] };
      return { message: result.status === 0 ? t("network") : t("server-error", { status: result.status }), diagnostics: [] };
    }
    function showFailure(container, problem) {
      container.append(element("p", problem.message, "problem"));
      if (problem.diagnostics.length) container.append(list(problem.diagnostics));
    }

    // Drawing each part of the page from the state.
    function drawSummary() {
      const box = $("summary"), notes = $("read-notes"), notesBox = $("read-notes-box");
      box.replaceChildren(); notes.replaceChildren(); notesBox.hidden = true;
      const s = state.summary;
      if (!s) return;
      if (s.reading) { box.append(element("p", t("reading", { name: s.name }))); return; }
      if (s.problem) { box.append(element("p", s.name)); showFailure(box, s.problem); return; }
      const r = s.result, parts = [r.format.name, t("habits", { n: r.counts.trackers })];
      parts.push(r.counts.records ? t("days", { n: r.counts.records }) : t("no-days"));
      if (r.counts.entries) parts.push(t("entries", { n: r.counts.entries }));
      if (r.counts.tasks) parts.push(t("tasks", { n: r.counts.tasks }));
      if (r.firstDay) parts.push(r.firstDay === r.lastDay ? r.firstDay : r.firstDay + " – " + r.lastDay);
      box.append(element("p", r.file, "where"), element("p", parts.join(" · ")));
      if (r.diagnostics.length) { for (const d of r.diagnostics) notes.append(diagnostic(d)); notesBox.hidden = false; }
    }
    function drawLosses() {
      const box = $("losses");
      box.replaceChildren();
      const s = state.losses;
      if (!s) return;
      const app = appName(s.to);
      if (s.checking) box.append(element("p", t("checking", { app })));
      else if (s.problem) showFailure(box, s.problem);
      else if (!s.losses.length) box.append(element("p", t("nothing-lost", { app }), "ok"));
      else { box.append(element("p", t("will-lose", { app }))); box.append(list(s.losses)); }
    }
    function drawDone() {
      const box = $("done"), howto = $("howto");
      box.replaceChildren(); howto.hidden = true;
      const s = state.done;
      if (!s) return;
      if (s.converting) { box.append(element("p", t("converting"))); return; }
      if (s.problem) { showFailure(box, s.problem); return; }
      box.append(element("p", t("downloaded", { name: s.name }), "ok"));
      const steps = STEPS[lang][OWN.includes(s.to) ? "own" : s.to];
      if (!steps) return;
      $("howto-title").textContent = t("howto-title", { app: appName(s.to) });
      $("howto-steps").replaceChildren(...steps.map((step) => element("li", step)));
      howto.hidden = false;
    }
    function drawFindings() {
      const box = $("findings");
      box.replaceChildren();
      const s = state.findings;
      if (!s) return;
      if (s.checking) { box.append(element("p", t("validating"))); return; }
      if (s.problem) { showFailure(box, s.problem); return; }
      const r = s.report;
      if (!r.valid) box.append(element("p", t("invalid", { n: r.errors }), "error"));
      else if (r.warnings) box.append(element("p", t("valid-warnings", { n: r.warnings }), "warning"));
      else box.append(element("p", t("valid"), "ok"));
      if (r.diagnostics.length) box.append(list(r.diagnostics));
    }
    function drawChoices() {
      const chosen = select.value;
      const first = element("option", t("to-choose"));
      first.value = "";
      const apps = element("optgroup"), files = element("optgroup");
      apps.label = t("group-apps"); files.label = t("group-files");
      for (const f of state.formats) {
        if (!f.writes) continue;
        const option = element("option", appName(f.id));
        option.value = f.id;
        (FILES.includes(f.id) ? files : apps).append(option);
      }
      select.replaceChildren(first, apps, files);
      select.value = chosen;
    }
    function drawText() {
      document.documentElement.lang = lang;
      plural = new Intl.PluralRules(lang);
      number = new Intl.NumberFormat(lang === "ru" ? "ru-RU" : "en-US");
      for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
      $("theme").textContent = t("theme-" + theme);
      const other = lang === "ru" ? "en" : "ru";
      $("lang").textContent = other === "ru" ? "Русский" : "English";
      $("lang").lang = other;
      $("report-locale").value = lang;
      drawChoices(); drawSummary(); drawLosses(); drawDone(); drawFindings();
    }
    function enable() {
      const ready = Boolean(state.summary && state.summary.result);
      select.disabled = !ready;
      for (const id of ["validate", "calendar", "report"]) $(id).disabled = !ready;
      $("convert").disabled = !(ready && select.value && state.losses && !state.losses.checking && !state.losses.problem);
    }

    // What happens on each action. A newer action makes an older answer stale (`sequence`).
    async function chooseFile() {
      const sequence = ++state.sequence;
      state.losses = state.done = state.findings = null;
      const file = input.files[0];
      state.summary = file ? { reading: true, name: file.name } : null;
      drawText(); enable();
      if (!file) return;
      const result = await send("/api/inspect", {});
      if (sequence !== state.sequence) return;
      state.summary = result.ok && result.json ? { result: result.json } : { name: file.name, problem: failure(result) };
      drawSummary(); enable();
      if (select.value) await chooseApp();
    }
    async function chooseApp() {
      const sequence = ++state.sequence, to = select.value;
      state.done = null; drawDone();
      state.losses = to && state.summary && state.summary.result ? { to, checking: true } : null;
      drawLosses(); enable();
      if (!state.losses) return;
      const result = await send("/api/inspect", { to });
      if (sequence !== state.sequence) return;
      state.losses = result.ok && result.json ? { to, losses: result.json.losses || [] } : { to, problem: failure(result) };
      drawLosses(); enable();
    }
    async function convert(to) {
      state.done = { converting: true, to }; drawDone();
      const result = await send("/api/convert", { to });
      if (result.ok && result.blob) {
        const link = element("a");
        link.href = URL.createObjectURL(result.blob);
        link.download = result.name;
        document.body.append(link); link.click(); link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 60000);
        state.done = { to, name: result.name };
      } else {
        state.done = { to, problem: failure(result) };
      }
      drawDone();
    }
    async function validate() {
      state.findings = { checking: true }; drawFindings();
      const result = await send("/api/validate", {});
      state.findings = result.ok && result.json ? { report: result.json } : { problem: failure(result) };
      drawFindings();
    }

    input.addEventListener("change", chooseFile);
    select.addEventListener("change", chooseApp);
    $("convert").addEventListener("click", () => convert(select.value));
    $("calendar").addEventListener("click", () => convert("ics"));
    $("validate").addEventListener("click", validate);
    $("lang").addEventListener("click", () => { lang = lang === "ru" ? "en" : "ru"; drawText(); });
    $("theme").addEventListener("click", () => {
      theme = { auto: "dark", dark: "light", light: "auto" }[theme];
      if (theme === "auto") delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = theme;
      $("report-theme").value = theme;
      $("theme").textContent = t("theme-" + theme);
    });
    const drop = $("drop");
    for (const name of ["dragenter", "dragover"]) drop.addEventListener(name, (e) => { e.preventDefault(); drop.classList.add("over"); });
    for (const name of ["dragleave", "drop"]) drop.addEventListener(name, () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      if (e.dataTransfer && e.dataTransfer.files.length) { input.files = e.dataTransfer.files; chooseFile(); }
    });
    // A file dropped beside the zone must not replace the page with the file.
    window.addEventListener("dragover", (e) => e.preventDefault());
    window.addEventListener("drop", (e) => e.preventDefault());

    drawText(); enable();
    fetch("/api/formats").then((r) => r.json()).then((list) => {
      state.formats = list.formats;
      drawChoices(); enable();
    }).catch(() => { state.summary = { name: "", problem: { message: t("network"), diagnostics: [] } }; drawSummary(); });
    })();

    """#
}
