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
        "drop-hint": "A backup or export from Loop, Habo, Table Habit, HabitKit, Habit Builder, Beaver Habits, HabitBull, Habitica, Tickmate, Daylio, Streaks, the iOS Tracker app, an org-mode file, a calendar (.ics), or a TrackerPort file; an Obsidian habits folder or a harsh folder zipped.",
        pick: "Choose the format yourself", "from-label": "The file is from", "from-detect": "Tell by the file",
        "read-as": "Read it as this format", "way-out": "How to get the right file:",
        arrives: "What arrives in {app}:", "nothing-marked": "nothing marked",
        notes: { one: "{n} note", other: "{n} notes" }, skips: { one: "{n} skipped day", other: "{n} skipped days" },
        amounts: { one: "{n} amount", other: "{n} amounts" },
        "all-habits": "all habits", "more-habits": { one: "and {n} more", other: "and {n} more" },
        technical: "Technical detail", "whole-file": "The whole file",
        checked: "Checked: {what} written and read back.",
        notice: "A note about the file ({code}).", refused: "The server refused the file ({code}).",
        "warnings-count": { one: "{n} warning", other: "{n} warnings" },
        "value-true": "yes", "value-false": "no", "value-on": "on", "value-off": "off", "value-package": "a package of tables",
        "value-trackers": "a table of habits", "value-log": "a log table", "value-tab": "tab",
        "read-notes": "What reading the file noticed", "h-to": "2. The app to move to", "to-label": "Move to",
        "to-choose": "Choose an app…", "group-apps": "Habit apps", "group-files": "Files", convert: "Convert and download",
        "h-more": "3. More with the same file", validate: "Check it against the tracker's rules",
        calendar: "Export to a calendar (.ics)", report: "Open the report", footer: "The same conversions from the command line:",
        "name-ics": "Calendar (.ics)", "name-json": "TrackerPort JSON", "name-xml": "TrackerPort XML", "name-csv": "CSV tables (.zip)",
        "name-tracker-ios": "Tracker iOS app (store)", "name-habitbull": "HabitBull CSV (Loop imports it)",
        "name-obsidian": "Obsidian habit notes (.zip)", "name-org": "org-mode habits", "name-harsh": "harsh (.zip)",
        "name-habitbuilder": "Habit Builder (.zip)",
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
        invalid: { one: "{n} problem found", other: "{n} problems found" },
        "server-error": "The server answered {status}.", network: "The server could not be reached.",
        "line": "line {n}", "column": "column {n}",
      },
      ru: {
        "theme-auto": "Тема: как в системе", "theme-light": "Тема: светлая", "theme-dark": "Тема: тёмная",
        lead: "Перенесите историю привычек из одного приложения в другое и заранее узнайте, что каждое из них сохранит.",
        privacy: "Файл читается в памяти этого сервера и сразу забывается: он нигде не хранится, и ничего из него не попадает в журнал.",
        "h-file": "1. Ваш файл", drop: "Выберите файл или перетащите его сюда",
        "drop-hint": "Резервная копия или экспорт из Loop, Habo, Table Habit, HabitKit, Habit Builder, Beaver Habits, HabitBull, Habitica, Tickmate, Daylio, Streaks, iOS-приложения «Трекер», файл org-mode, календарь (.ics) или файл TrackerPort; папка привычек Obsidian или папка harsh — в архиве .zip.",
        pick: "Указать формат самому", "from-label": "Файл из", "from-detect": "Определить по файлу",
        "read-as": "Прочитать в этом формате", "way-out": "Где взять нужный файл:",
        arrives: "Что придёт в {app}:", "nothing-marked": "отметок нет",
        notes: { one: "{n} заметка", few: "{n} заметки", many: "{n} заметок", other: "{n} заметки" },
        skips: { one: "{n} пропущенный день", few: "{n} пропущенных дня", many: "{n} пропущенных дней", other: "{n} пропущенного дня" },
        amounts: { one: "{n} количество", few: "{n} количества", many: "{n} количеств", other: "{n} количества" },
        "all-habits": "все привычки", "more-habits": { one: "и ещё {n}", few: "и ещё {n}", many: "и ещё {n}", other: "и ещё {n}" },
        technical: "Технические подробности", "whole-file": "Файл в целом",
        checked: "Проверено: {what} записано и прочитано обратно.",
        notice: "Замечание о файле ({code}).", refused: "Сервер не принял файл ({code}).",
        "warnings-count": { one: "{n} предупреждение", few: "{n} предупреждения", many: "{n} предупреждений", other: "{n} предупреждения" },
        "value-true": "да", "value-false": "нет", "value-on": "вкл.", "value-off": "выкл.", "value-package": "пакет таблиц",
        "value-trackers": "таблица привычек", "value-log": "таблица-журнал", "value-tab": "табуляция",
        "read-notes": "Что замечено при чтении файла", "h-to": "2. Куда перенести", "to-label": "Перенести в",
        "to-choose": "Выберите приложение…", "group-apps": "Приложения для привычек", "group-files": "Файлы",
        convert: "Преобразовать и скачать", "h-more": "3. Что ещё можно сделать с этим файлом",
        validate: "Проверить по правилам трекера", calendar: "Экспорт в календарь (.ics)", report: "Открыть отчёт",
        footer: "То же самое из командной строки:",
        "name-ics": "Календарь (.ics)", "name-json": "TrackerPort JSON", "name-xml": "TrackerPort XML", "name-csv": "Таблицы CSV (.zip)",
        "name-tracker-ios": "iOS-приложение «Трекер» (хранилище)", "name-habitbull": "HabitBull CSV (его импортирует Loop)",
        "name-obsidian": "Заметки привычек Obsidian (.zip)", "name-org": "Привычки org-mode", "name-harsh": "harsh (.zip)",
        "name-habitbuilder": "Habit Builder (.zip)",
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
        invalid: { one: "Найдена {n} ошибка", few: "Найдено {n} ошибки", many: "Найдено {n} ошибок", other: "Найдено {n} ошибки" },
        "server-error": "Сервер ответил {status}.", network: "Сервер недоступен.",
        "line": "строка {n}", "column": "столбец {n}",
      },
    };
    // How to bring a written file into its app: the short form of each app's page in docs/.
    const STEPS = \#(ImportSteps.json);
    const OWN = \#(ImportSteps.ownJSON);
    // The page's words for what the server answers (PageWords): codes, wrong files, losses, findings.
    const WORDS = \#(PageWords.json);
    const FILES = ["json", "xml", "csv", "ics"];
    const $ = (id) => document.getElementById(id);
    const input = $("file"), select = $("to");
    const state = { formats: [], file: null, summary: null, losses: null, done: null, findings: null, sequence: 0, from: "" };
    const fromSelect = $("from");
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
    // A text of WORDS (PageWords) in the page's language, `{app}` filled in; undefined when it has none.
    function w(table, key, app) {
      const entry = WORDS[table][key];
      return entry ? entry[lang].replace(/\{app\}/g, app || "") : undefined;
    }
    // The CLI's words for a diagnostic: where (line, column or pointer), what, its code.
    function technical(d) {
      const where = [];
      if (d.line != null) where.push("line " + d.line);
      if (d.column != null) where.push("column " + d.column);
      if (d.pointer) where.push(d.pointer);
      return (where.length ? where.join(", ") + ": " : "") + d.message + " [" + d.code + "]";
    }
    // A <details> holding the CLI's words: folded away for those who want them.
    function folded(lines) {
      const box = element("details"), ul = element("ul");
      box.append(element("summary", t("technical")));
      for (const line of lines) ul.append(element("li", line));
      box.append(ul);
      return box;
    }
    // A diagnostic in the page's words: plain text by its code, and its line when it has one.
    function plain(d) {
      const item = element("li", undefined, d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "");
      item.append(document.createTextNode(w("diagnostics", d.code) ?? t("notice", { code: d.code })));
      if (d.line != null) item.append(element("span", " (" + t("line", { n: d.line }) + ")", "where"));
      return item;
    }
    // Diagnostics grouped by whom they are about (`subjects`: a habit's name, or none), each
    // group in plain words with the CLI's words folded under it.
    function grouped(diagnostics, subjects) {
      const groups = new Map();
      diagnostics.forEach((d, i) => {
        const name = (subjects && subjects[i]) ?? "";
        if (!groups.has(name)) groups.set(name, []);
        groups.get(name).push(d);
      });
      const box = element("div");
      for (const [name, items] of groups) {
        if (groups.size > 1 || name) box.append(element("p", name || t("whole-file"), "subject"));
        const ul = element("ul");
        for (const d of items) ul.append(plain(d));
        box.append(ul, folded(items.map(technical)));
      }
      return box;
    }

    // Sends the chosen file and `fields` to `path`; resolves to {ok, status, json, blob, name}.
    async function send(path, fields) {
      const body = new FormData();
      body.append("file", input.files[0]);
      if (state.from) body.append("from", state.from);
      for (const option of chosenOptions()) body.append("option", option);
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
        try { result.report = JSON.parse(response.headers.get("X-Trackport-Report") || "null"); } catch { result.report = null; }
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
      if (result.json && result.json.error) {
        const e = result.json.error;
        return { code: e.code, fileKind: e.fileKind, message: e.message, diagnostics: result.json.diagnostics || [] };
      }
      return { code: null, message: result.status === 0 ? t("network") : t("server-error", { status: result.status }), diagnostics: [] };
    }
    // A refusal in the page's words (by its code, and what the file is by its first bytes), the
    // server's message and diagnostics folded away.
    function showFailure(container, problem, app) {
      if (problem.fileKind) container.append(element("p", w("fileKinds", problem.fileKind), "problem"));
      else if (problem.code) container.append(element("p", w("answers", problem.code, app) ?? t("refused", { code: problem.code }), "problem"));
      else container.append(element("p", problem.message, "problem"));
      if (problem.code) container.append(folded([problem.message + " [" + problem.code + "]", ...problem.diagnostics.map(technical)]));
    }
    // Whether a refusal is about the file being the wrong one: then the page shows where the right one comes from.
    function wrongFile(problem) {
      return Boolean(problem && (problem.fileKind || problem.code === "unknown-format" || problem.code === "malformed-input"));
    }
    function drawWayOut() {
      const box = $("way-out"), s = state.summary;
      box.replaceChildren();
      box.hidden = !(s && s.problem && wrongFile(s.problem));
      if (box.hidden) return;
      box.append(element("p", t("way-out")));
      const ul = element("ul");
      for (const id of Object.keys(WORDS.exports)) ul.append(element("li", w("exports", id)));
      box.append(ul);
    }
    // The format picker: every format that reads, and the chosen one's reading options.
    function drawPicker() {
      const first = element("option", t("from-detect"));
      first.value = "";
      const options = [first];
      for (const f of state.formats) {
        if (!f.reads) continue;
        const option = element("option", appName(f.id));
        option.value = f.id;
        options.push(option);
      }
      fromSelect.replaceChildren(...options);
      fromSelect.value = state.from;
      drawFromOptions();
    }
    function drawFromOptions() {
      const box = $("from-options"), hint = $("folder-hint"), id = fromSelect.value;
      const kept = new Map([...box.querySelectorAll("[data-key]")].map((e) => [e.dataset.key, e.value]));
      box.replaceChildren();
      const folder = w("folders", id);
      hint.hidden = !folder;
      hint.textContent = folder || "";
      const format = state.formats.find((f) => f.id === id);
      for (const o of format ? format.options.filter((o) => o.reads) : []) {
        const label = element("label", w("options", o.key) ?? o.key);
        let field;
        if (o.values || o.type === "boolean") {
          field = element("select");
          const values = o.values || ["true", "false"];
          const label = (v) => TEXT.en["value-" + v] ? t("value-" + v) : v;
          const none = element("option", o.default ? label(o.default) : "—");
          none.value = "";
          field.append(none, ...values.map((v) => { const e = element("option", label(v)); e.value = v; return e; }));
        } else {
          field = element("input");
          field.type = "text";
          if (o.default) field.placeholder = o.default;
        }
        field.dataset.key = o.key;
        field.id = "option-" + o.key;
        label.htmlFor = field.id;
        if (kept.has(o.key)) field.value = kept.get(o.key);
        box.append(label, field);
      }
    }
    function chosenOptions() {
      if (!state.from) return [];
      return [...$("from-options").querySelectorAll("[data-key]")].filter((e) => e.value).map((e) => e.dataset.key + "=" + e.value);
    }

    // Drawing each part of the page from the state.
    function drawSummary() {
      const box = $("summary"), notes = $("read-notes"), notesBox = $("read-notes-box");
      box.replaceChildren(); notes.replaceChildren(); notesBox.hidden = true;
      const s = state.summary;
      if (!s) return;
      if (s.reading) { box.append(element("p", t("reading", { name: s.name }))); return; }
      if (s.problem) { box.append(element("p", s.name, "where")); showFailure(box, s.problem); return; }
      const r = s.result, parts = [r.format.name, t("habits", { n: r.counts.trackers })];
      parts.push(r.counts.records ? t("days", { n: r.counts.records }) : t("no-days"));
      if (r.counts.entries) parts.push(t("entries", { n: r.counts.entries }));
      if (r.counts.tasks) parts.push(t("tasks", { n: r.counts.tasks }));
      if (r.firstDay) parts.push(r.firstDay === r.lastDay ? r.firstDay : r.firstDay + " – " + r.lastDay);
      box.append(element("p", r.file, "where"), element("p", parts.join(" · ")));
      if (r.diagnostics.length) { notes.append(grouped(r.diagnostics, r.subjects)); notesBox.hidden = false; }
    }
    function drawLosses() {
      const box = $("losses");
      box.replaceChildren();
      const s = state.losses;
      if (!s) return;
      const app = appName(s.to);
      if (s.checking) { box.append(element("p", t("checking", { app }))); return; }
      if (s.problem) { showFailure(box, s.problem, app); return; }
      const r = s.result;
      // What arrives: per habit, counted from the server's read-back of the file it wrote.
      if (r.arrives) {
        box.append(element("p", t("arrives", { app })));
        const ul = element("ul", undefined, "arrives");
        for (const h of r.arrives) {
          const parts = [];
          if (h.days) parts.push(t("days", { n: h.days }));
          if (h.amounts) parts.push(t("amounts", { n: h.amounts }));
          if (h.notes) parts.push(t("notes", { n: h.notes }));
          if (h.skips) parts.push(t("skips", { n: h.skips }));
          ul.append(element("li", h.name + " — " + (parts.length ? parts.join(" · ") : t("nothing-marked"))));
        }
        box.append(ul);
      }
      if (r.readBack) showFailure(box, { code: r.readBack.code, message: r.readBack.message, diagnostics: [] }, app);
      if (!r.losses.length) { box.append(element("p", t("nothing-lost", { app }), "ok")); return; }
      // What will not be kept: one line per kind, in plain words, with the habits it touches.
      box.append(element("p", t("will-lose", { app })));
      const ul = element("ul", undefined, "lost"), total = r.counts.trackers;
      r.losses.forEach((d, i) => {
        const field = d.code === "dropped-field" && d.pointer ? d.pointer.slice(1) : null;
        const item = element("li", (field && w("losses", field, app)) ?? w("diagnostics", d.code, app) ?? t("notice", { code: d.code }));
        const names = (r.lossHabits || [])[i];
        if (names && names.length) {
          const shown = names.length === total && total > 1 ? t("all-habits")
            : names.slice(0, 3).join(", ") + (names.length > 3 ? " " + t("more-habits", { n: names.length - 3 }) : "");
          item.append(element("span", " — " + shown, "habits"));
        }
        ul.append(item);
      });
      box.append(ul, folded(r.losses.map(technical)));
    }
    function drawDone() {
      const box = $("done"), howto = $("howto");
      box.replaceChildren(); howto.hidden = true;
      const s = state.done;
      if (!s) return;
      if (s.converting) { box.append(element("p", t("converting"))); return; }
      if (s.problem) { showFailure(box, s.problem, appName(s.to)); return; }
      box.append(element("p", t("downloaded", { name: s.name }), "ok"));
      const c = s.report && s.report.checked;
      if (c) {
        const what = [t("habits", { n: c.habits }), t("days", { n: c.days })];
        if (c.amounts) what.push(t("amounts", { n: c.amounts }));
        if (c.notes) what.push(t("notes", { n: c.notes }));
        if (c.skips) what.push(t("skips", { n: c.skips }));
        box.append(element("p", t("checked", { what: what.join(", ") }), "checked"));
      }
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
      const r = s.report, others = r.diagnostics.length - r.errors;
      if (!r.valid) box.append(element("p", t("invalid", { n: r.errors }) + (others ? " · " + t("warnings-count", { n: others }) : "") + ":", "error"));
      else if (others) box.append(element("p", t("valid-warnings", { n: others }), "warning"));
      else box.append(element("p", t("valid"), "ok"));
      if (r.diagnostics.length) box.append(grouped(r.diagnostics, r.subjects));
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
      drawChoices(); drawPicker(); drawSummary(); drawWayOut(); drawLosses(); drawDone(); drawFindings();
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
      if (state.summary.problem && wrongFile(state.summary.problem)) $("pick").open = true;
      drawSummary(); drawWayOut(); enable();
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
      state.losses = result.ok && result.json ? { to, result: result.json, losses: result.json.losses || [] } : { to, problem: failure(result) };
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
        state.done = { to, name: result.name, report: result.report };
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
    fromSelect.addEventListener("change", drawFromOptions);
    $("read-as").addEventListener("click", () => { state.from = fromSelect.value; if (input.files[0]) chooseFile(); });
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
      drawChoices(); drawPicker(); enable();
    }).catch(() => { state.summary = { name: "", problem: { message: t("network"), diagnostics: [] } }; drawSummary(); });
    })();

    """#
}
