#!/usr/bin/env python3
"""The page of `trackport serve` in a real browser: Debian's Chromium through its WebDriver
(chromium-driver), driven with Selenium (docs/serve.md, "The page").

    page_test.py TRACKPORT_BINARY

Starts the server on a free loopback port and, in headless Chromium:
- uploads a Loop backup from the shared fixtures, reads what the page says the file is, chooses
  Table Habit, reads the losses the page lists (each must be one `trackport convert` reports),
  converts, and compares the downloaded file with the CLI's, byte for byte;
- the same at a 360x740 viewport, where nothing may be wider than the screen;
- the same by keyboard only (Tab, arrow keys, Enter; the file itself is handed to the file
  input as WebDriver does, since a headless browser has no file dialog);
- a hostile file name and habit names render as text (no element or script of theirs runs);
- the checks against the tracker's rules list findings with their line; the report opens;
  Russian and the dark theme switch; the browser's console holds no error (a script or style
  the Content-Security-Policy blocked would be one).

Without a browser or its driver the test fails (it is part of `make test`, which installs both).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(os.environ.get("TRACKPORT_SHARED_FIXTURES", REPO.parent / "shared" / "fixtures")).resolve()
LOOP_BACKUP = FIXTURES / "loop_uhabits" / "loop.db"
INVALID = REPO / "SampleData" / "invalid" / "name-too-long.trackport.json"
WAIT = 30

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def find(name):
    for candidate in (os.environ.get(name.upper().replace("-", "_")), shutil.which(name), f"/usr/bin/{name}",
                      f"/usr/lib/chromium/{name}"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit(f"page_test: {name} is not installed (make test-deps installs Debian's chromium and chromium-driver)")


def start_server(binary):
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
    line = server.stderr.readline()
    match = re.search(r"listening on (http://\S+)", line)
    if not match:
        server.kill()
        sys.exit(f"page_test: the server did not start: {line.strip()}")
    return server, match.group(1)


def cli_convert(binary, source, to, folder):
    """The CLI's bytes and report for `source` written as `to`."""
    out = Path(folder) / f"cli-{to}"
    run = subprocess.run([binary, "convert", str(source), str(out), "--to", to, "--force"], capture_output=True,
                         text=True)
    check(run.returncode == 0, f"trackport convert --to {to} exited {run.returncode}: {run.stderr}")
    return out.read_bytes(), run.stderr


class Page:
    def __init__(self, driver, url, downloads):
        self.driver, self.url, self.downloads = driver, url, Path(downloads)

    def open(self, width, height):
        self.driver.set_window_size(width, height)
        self.driver.get(self.url)
        if not self.wait(lambda d: len(Select(d.find_element(By.ID, "to")).options) > 1, "the formats list loads"):
            # Nothing further can work: say what the console says (a blocked script, say) and stop.
            sys.exit(f"page_test: the page did not start; the console says: {self.console_errors()}")

    def wait(self, condition, what):
        try:
            return WebDriverWait(self.driver, WAIT).until(condition)
        except Exception:
            failures.append(f"timed out waiting until {what}")
            print(f"FAIL: timed out waiting until {what}", file=sys.stderr)
            return None

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def upload(self, path):
        self.driver.find_element(By.ID, "file").send_keys(str(path))
        self.wait(lambda d: "·" in self.text("summary") or d.find_elements(By.CSS_SELECTOR, "#summary .problem"),
                  f"the page has read {path.name}")
        return self.text("summary")

    def losses(self):
        self.wait(lambda d: self.text("losses") and "…" not in self.text("losses"), "the losses are listed")
        return [item.text for item in self.driver.find_elements(By.CSS_SELECTOR, "#losses li")]

    def download(self, before):
        """Waits for a finished download that was not in `before`; returns its path."""
        def finished(_):
            names = {p.name for p in self.downloads.iterdir()} - before
            done = [n for n in names if not n.endswith(".crdownload")]
            return self.downloads / done[0] if done and not any(n.endswith(".crdownload") for n in names) else None
        return self.wait(finished, "the download is saved")

    def console_errors(self):
        # A 422 for a wrong file is an answer the page shows, which Chromium logs all the same.
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"
                and not (entry.get("source") == "network" and "status of 422" in entry["message"])]


def convert_loop_to_table_habit(page, binary, folder, how):
    """The main path: Loop backup → Table Habit, with the mouse (`how` = "click") or the keyboard."""
    driver = page.driver

    def press(key):
        # To whatever has the focus, as a keyboard would (send_keys to a file input would
        # take the keys for a file name).
        ActionChains(driver).send_keys(key).perform()

    if how == "keyboard":
        driver.execute_script("document.activeElement.blur()")
        for _ in range(12):
            if driver.switch_to.active_element.get_attribute("id") == "file":
                break
            press(Keys.TAB)
        check(driver.switch_to.active_element.get_attribute("id") == "file", "Tab reaches the file input")
    summary = page.upload(LOOP_BACKUP)
    check("Loop Habit Tracker" in summary, f"{how}: the summary names the format: {summary!r}")
    check(re.search(r"\d+ habits", summary) is not None, f"{how}: the summary counts habits: {summary!r}")
    check(re.search(r"\d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d", summary) is not None,
          f"{how}: the summary gives the first and last day: {summary!r}")
    choice = Select(driver.find_element(By.ID, "to"))
    if how == "keyboard":
        # From the file input past the "what reading noticed" summary, when there is one.
        for _ in range(3):
            press(Keys.TAB)
            if driver.switch_to.active_element.get_attribute("id") == "to":
                break
        check(driver.switch_to.active_element.get_attribute("id") == "to", "Tab goes from the file to the app list")
        for _ in range(len(choice.options)):
            if choice.first_selected_option.get_attribute("value") == "tablehabit":
                break
            press(Keys.ARROW_DOWN)
        check(choice.first_selected_option.get_attribute("value") == "tablehabit", "arrow keys choose Table Habit")
    else:
        choice.select_by_value("tablehabit")
    page.losses()
    expected, report = cli_convert(binary, LOOP_BACKUP, "tablehabit", folder)
    loss_text = page.text("losses")
    check("Table Habit" in loss_text, f"{how}: the losses name the app: {loss_text!r}")
    # The CLI's words, folded away under the plain ones: each is one trackport convert reports.
    folded = driver.execute_script("return [...document.querySelectorAll('#losses details li')].map(e => e.textContent)")
    check(folded, f"{how}: the losses fold the CLI's words away")
    for loss in folded:
        message = loss.split(": ", 1)[1] if loss.startswith(("line", "/")) else loss
        message = message.rsplit(" [", 1)[0]
        check(message in report, f"{how}: the page's loss {message!r} is one trackport convert reports")
    button = driver.find_element(By.ID, "convert")
    page.wait(lambda _: button.is_enabled(), "Convert is enabled")
    before = {p.name for p in page.downloads.iterdir()}
    if how == "keyboard":
        # Past the folded technical detail of the losses.
        for _ in range(3):
            press(Keys.TAB)
            if driver.switch_to.active_element.get_attribute("id") == "convert":
                break
        check(driver.switch_to.active_element.get_attribute("id") == "convert", "Tab goes from the app list to Convert")
        press(Keys.ENTER)
    else:
        button.click()
    saved = page.download(before)
    if saved:
        check(saved.read_bytes() == expected, f"{how}: the downloaded {saved.name} equals the CLI's file")
        saved.unlink()
    page.wait(lambda _: page.text("howto-steps"), "the import steps show")
    check("Import" in page.text("howto-steps"), f"{how}: the steps say how to import: {page.text('howto-steps')!r}")


def hostile(page, folder):
    """A file whose name and habit names are markup: all of it must show as text."""
    name = '<img src=x onerror="window.pwned=1">.trackport.json'
    dataset = json.loads((REPO / "SampleData" / "demo.trackport.json").read_text())
    dataset["trackers"][0]["name"] = "<script>window.pwned=2</script> a name far longer than 38"
    dataset["trackers"][1]["name"] = '<img src=y onerror="window.pwned=3">'
    # A record with an amount for a tracker without a goal: the finding quotes the name.
    dataset["trackport"] = 2
    dataset["entries"] = [{"trackerId": dataset["trackers"][1]["id"], "date": "2026-11-22", "amount": 2}]
    path = Path(folder) / name
    path.write_text(json.dumps(dataset, ensure_ascii=False))
    summary = page.upload(path)
    # Browsers send a `"` of a file name as %22 (HTML's multipart/form-data encoding).
    check(name.replace('"', "%22") in summary, f"the hostile file name shows as text: {summary!r}")
    page.driver.find_element(By.ID, "validate").click()
    page.wait(lambda _: page.driver.find_elements(By.CSS_SELECTOR, "#findings li"), "the findings are listed")
    findings = page.driver.execute_script("return document.getElementById('findings').textContent")
    check('tracker "<img src=y onerror="window.pwned=3">" has no goal' in findings,
          f"a hostile habit name shows as text: {findings!r}")
    check('<img src=y onerror="window.pwned=3">' in page.text("findings"),
          f"the findings name the habit, as text: {page.text('findings')!r}")
    Select(page.driver.find_element(By.ID, "to")).select_by_value("habitbull")
    page.losses()
    check(page.driver.execute_script("return window.pwned === undefined"), "no script of the file ran")
    check(page.driver.execute_script("return document.querySelectorAll('img, main script').length") == 0,
          "no element of the file's was made")
    try:
        page.driver.switch_to.alert
        check(False, "no alert opened")
    except NoAlertPresentException:
        pass


LOOP_CSV_EXPORT = FIXTURES / "loop_uhabits" / "csv_export"
# Words of the Russian page that are not English text: names of apps, formats and files, and
# the language button's "English".
NAMES = {"TrackerPort", "English", "trackport", "convert", "openapi", "json", "Loop", "Habit", "Tracker", "Table",
         "Habo", "Beaver", "Habits", "HabitBull", "Habitica", "Tickmate", "Daylio", "Obsidian", "harsh", "org", "mode",
         "Emacs", "Orgzly", "organice", "Google", "CSV", "JSON", "XML", "iOS", "ics", "sqlite", "daylio", "config", "habits",
         "log", "export", "all", "beaverhabits", "tickmate", "backup", "trackport", "xml", "zip", "JPEG", "PDF", "csv", "db",
         "HabitKit", "Pro", "Builder", "HabitTracker", "Streaks", "streaks"}
# Menu labels of an app that is only in English (Habit Builder: "Backup and restore › Choose
# export location"), quoted as the Russian user will see them in it.
NAMES |= {"Backup", "and", "restore", "Choose", "location"}


def language(page, lang):
    """Switches the page to `lang` ("en" or "ru") with its button."""
    if page.driver.execute_script("return document.documentElement.lang") != lang:
        page.driver.find_element(By.ID, "lang").click()


def english_words(page, allowed):
    """The words of the page's visible text that are neither Russian nor a name."""
    text = page.driver.execute_script("return document.body.innerText")
    return sorted({w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in NAMES and w not in allowed})


def phone(page, binary, folder, lang):
    """At 390x844 in `lang`: a Loop 2.3.1 CSV export to Table Habit shows what arrives per habit and
    what will not be kept on one screen; a JPEG, a PDF and a truncated zip each get their own
    sentence and the way to the right file; the picker reads and converts a file detection could
    not tell; on the Russian page no text is English."""
    driver = page.driver
    page.open(390, 844)
    language(page, lang)
    export = Path(folder) / "Loop Habits CSV 2016-03-21.zip"
    with zipfile.ZipFile(export, "w") as archive:
        for path in sorted(LOOP_CSV_EXPORT.rglob("*")):
            if path.is_file():
                archive.write(path, str(path.relative_to(LOOP_CSV_EXPORT)))
    page.upload(export)
    Select(driver.find_element(By.ID, "to")).select_by_value("tablehabit")
    page.losses()
    arrives = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#losses .arrives li")]
    lost = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#losses .lost li")]
    check(len(arrives) == 2 and any(a.startswith("Wake up early — 6 ") for a in arrives),
          f"{lang}: what arrives is listed per habit with its days: {arrives}")
    check(lost and all("[" not in line and "/trackers" not in line for line in lost),
          f"{lang}: what will not be kept is in plain words: {lost}")
    creation = {"en": "Table Habit keeps no creation date: it will show the first day you marked.",
                "ru": "Table Habit не хранит дату создания: будет показан первый отмеченный день."}[lang]
    check(any(line.startswith(creation) for line in lost), f"{lang}: the creation date's loss in Table Habit's words: {lost}")
    span = driver.execute_script("""
        const box = document.getElementById('losses'), last = box.lastElementChild;
        return [box.getBoundingClientRect().top, last.getBoundingClientRect().bottom, window.innerHeight];""")
    check(span[1] - span[0] <= span[2], f"{lang}: what arrives and what does not fit one screen ({span[1] - span[0]:.0f} > {span[2]} px)")
    habits = ["Meditate", "Wake up early"]
    if lang == "ru":
        words = english_words(page, set(" ".join(habits + [export.name]).split()))
        check(not words, f"ru: no English on the Russian page after choosing the app: {words}")
    expected, _ = cli_convert(binary, export, "tablehabit", folder)
    before = {p.name for p in page.downloads.iterdir()}
    driver.find_element(By.ID, "convert").click()
    saved = page.download(before)
    if saved:
        check(saved.read_bytes() == expected, f"{lang}: the downloaded {saved.name} equals the CLI's file")
        saved.unlink()
    page.wait(lambda _: driver.find_elements(By.CSS_SELECTOR, "#done .checked"), "the read-back check shows")
    checked = page.text("done")
    check(re.search({"en": r"Checked: 2 habits, 6 completed days, 3 notes written and read back",
                     "ru": r"Проверено: 2 привычки, 6 отмеченных дней, 3 заметки записано и прочитано обратно"}[lang], checked),
          f"{lang}: after Convert the page says what was written and read back: {checked!r}")

    # Wrong files: each its own sentence, and where the right file comes from.
    wrong = {"photo.jpg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(200),
             "statement.pdf": b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
             "Loop Habits CSV 2016-03-21 (1).zip": export.read_bytes()[:300]}
    sentences = set()
    for name, data in wrong.items():
        path = Path(folder) / name
        path.write_bytes(data)
        page.upload(path)
        problem = " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, "#summary .problem"))
        sentences.add(problem)
        way = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#way-out li")]
        check(problem and any(line.startswith("Loop Habit Tracker: ") for line in way) and len(way) >= 10,
              f"{lang}: {name} gets a sentence ({problem!r}) and the way to the right file ({len(way)} lines)")
        check(driver.find_element(By.ID, "pick").get_attribute("open") is not None, f"{lang}: {name} opens the format picker")
        if lang == "ru":
            words = english_words(page, set(name.replace(".", " ").split()))
            check(not words, f"ru: no English on the Russian page for {name}: {words}")
    check(len(sentences) == 3, f"{lang}: a JPEG, a PDF and a truncated zip each get their own sentence: {sentences}")

    # The picker: a HabitBull CSV saved as windows-1251 under a plain name is not told; named
    # HabitBull with that encoding, it reads and converts as the CLI does.
    source = (FIXTURES / "loop_uhabits" / "habitbull.csv").read_text(encoding="utf-8-sig")
    legacy = Path(folder) / "export.csv"
    legacy.write_bytes(source.replace("Breed dragons", "Зарядка").encode("cp1251"))
    page.upload(legacy)
    check(driver.find_elements(By.CSS_SELECTOR, "#summary .problem"), f"{lang}: the windows-1251 file is not read as it is")
    Select(driver.find_element(By.ID, "from")).select_by_value("habitbull")
    page.wait(lambda d: d.find_elements(By.ID, "option-encoding"), "the picker shows HabitBull's options")
    Select(driver.find_element(By.ID, "option-encoding")).select_by_value("windows-1251")
    driver.find_element(By.ID, "read-as").click()
    page.wait(lambda _: "HabitBull" in page.text("summary") and "·" in page.text("summary"), "the picked format reads the file")
    Select(driver.find_element(By.ID, "to")).select_by_value("tablehabit")
    page.losses()
    check(any(a.startswith("Зарядка — ") for a in (e.text for e in driver.find_elements(By.CSS_SELECTOR, "#losses .arrives li"))),
          f"{lang}: the picked encoding reads the habit's name: {page.text('losses')!r}")
    out = Path(folder) / "cli-picked.json"
    run = subprocess.run([binary, "convert", str(legacy), str(out), "--from", "habitbull", "--to", "tablehabit",
                          "--option", "encoding=windows-1251", "--force"], capture_output=True, text=True)
    check(run.returncode == 0, f"trackport convert --from habitbull exited {run.returncode}: {run.stderr}")
    before = {p.name for p in page.downloads.iterdir()}
    driver.find_element(By.ID, "convert").click()
    saved = page.download(before)
    if saved:
        check(saved.read_bytes() == out.read_bytes(), f"{lang}: the picker's download equals the CLI's --from habitbull file")
        saved.unlink()
    if lang == "ru":
        # The encodings' names (utf-8, windows-1251, iso-8859-1) and the download's name are names.
        words = english_words(page, {"utf", "windows", "iso", "tablehabit"} | set(re.findall(r"[A-Za-z]+", source)))
        check(not words, f"ru: no English on the Russian page after the picker: {words}")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    if not LOOP_BACKUP.exists():
        sys.exit(f"page_test: {LOOP_BACKUP} is missing (set TRACKPORT_SHARED_FIXTURES)")
    chromium, driver_path = find("chromium"), find("chromedriver")
    server, url = start_server(binary)
    folder = tempfile.mkdtemp(prefix="page-test-")
    downloads = Path(folder) / "downloads"
    downloads.mkdir()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--disable-extensions", "--lang=en-US"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False, "intl.accept_languages": "en-US"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    page = Page(driver, url, downloads)
    started = time.monotonic()
    try:
        page.open(1280, 900)
        check("kept nowhere" in driver.find_element(By.CSS_SELECTOR, "p.privacy").text,
              "the page says files are kept nowhere")
        convert_loop_to_table_habit(page, binary, folder, "click")

        page.open(360, 740)
        convert_loop_to_table_habit(page, binary, folder, "click")
        widest = driver.execute_script(
            "return Math.max(document.documentElement.scrollWidth, ...[...document.querySelectorAll('body *')]"
            ".map(e => e.getBoundingClientRect().right))")
        viewport = driver.execute_script("return document.documentElement.clientWidth")
        check(widest <= viewport + 0.5, f"at 360 px nothing is wider than the screen ({widest} > {viewport})")

        page.open(1280, 900)
        convert_loop_to_table_habit(page, binary, folder, "keyboard")

        page.open(1280, 900)
        page.upload(INVALID)
        driver.find_element(By.ID, "validate").click()
        page.wait(lambda _: driver.find_elements(By.CSS_SELECTOR, "#findings li"), "the findings are listed")
        findings = page.text("findings")
        check(re.search(r"line \d+", findings) is not None, f"the findings give their line: {findings!r}")
        check("Поливать растения на балконе и в спальне" in findings and "/trackers/" not in findings,
              f"the findings name the habit, not a pointer: {findings!r}")
        check("name-too-long" in driver.execute_script("return document.getElementById('findings').textContent"),
              "the findings fold their code away")

        light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        driver.find_element(By.ID, "theme").click()
        dark = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(light != dark and driver.execute_script("return document.documentElement.dataset.theme") == "dark",
              f"the theme button turns the page dark ({light} → {dark})")
        driver.find_element(By.ID, "lang").click()
        check(page.text("h-file") == "1. Ваш файл" and driver.execute_script("return document.documentElement.lang") == "ru",
              f"the language button switches to Russian: {page.text('h-file')!r}")
        check("Ошиб" in page.text("findings") or "ошиб" in page.text("findings"),
              f"the findings' summary is redrawn in Russian: {page.text('findings')!r}")

        first = driver.current_window_handle
        driver.find_element(By.ID, "report").click()
        page.wait(lambda d: len(d.window_handles) > 1, "the report opens in a new tab")
        for handle in driver.window_handles:
            if handle != first:
                driver.switch_to.window(handle)
                page.wait(lambda d: d.find_elements(By.TAG_NAME, "h1"), "the report page loads")
                heading = driver.find_element(By.TAG_NAME, "h1").text
                check(heading.strip() != "", f"the report shows its heading: {heading!r}")
                driver.close()
        driver.switch_to.window(first)

        page.open(1280, 900)
        hostile(page, folder)

        for lang in ("en", "ru"):
            phone(page, binary, folder, lang)

        errors = page.console_errors()
        check(not errors, f"the browser's console holds no error: {errors}")
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(folder, ignore_errors=True)
    seconds = time.monotonic() - started
    if failures:
        print(f"page_test: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print(f"page_test: the page passed in Chromium ({seconds:.0f} s: mouse, 360 px, keyboard, rules, report, "
          "Russian, dark, hostile names, 390 px in both languages: arrivals, losses, wrong files, the picker)")


if __name__ == "__main__":
    main()
