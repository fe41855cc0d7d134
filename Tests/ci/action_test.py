"""action.yml's steps (packaging/action/run.sh) against a release archive made by `make dist`.

    action_test.py ARCHIVE

release-check runs it on the archive it has just made (no second release build). The script runs
as Actions runs it (RUNNER_OS Linux, RUNNER_ARCH X64, RUNNER_TEMP, GITHUB_PATH and GITHUB_OUTPUT
files), with TRACKPORT_ARCHIVE naming the local archive instead of a download, in a scratch
folder holding a clean and a broken dataset (SampleData/invalid/name-too-long.trackport.json):
- format github: exit 1; standard output has the annotation
  `::error file=datasets/imported.trackport.json,line=17,col=15,title=name-too-long::...`, and
  none for the clean file; GITHUB_PATH gets the archive's bin/ (holding trackport);
- format sarif: exit 1; the file is valid JSON, SARIF 2.1.0, one result, rule name-too-long at
  datasets/imported.trackport.json 17:15; GITHUB_OUTPUT has sarif=FILE;
- the clean file alone: exit 0, no annotation;
- an archive whose .sha256 does not match, a runner that is not Linux X64, and an unknown
  format: exit 2 with an ::error:: line, nothing validated.
It also checks action.yml calls the script with every input it declares.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "packaging/action/run.sh")
sys.path.insert(0, os.path.join(ROOT, "Tests", "hub"))
from hubtest import Checks  # noqa: E402

checks = Checks()
check = checks.check


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    archive = os.path.abspath(sys.argv[1])
    scratch = tempfile.mkdtemp(prefix="action-test.")
    try:
        work = os.path.join(scratch, "repo")
        os.makedirs(os.path.join(work, "datasets"))
        shutil.copy(os.path.join(ROOT, "SampleData/demo.trackport.json"),
                    os.path.join(work, "datasets/october-habits.trackport.json"))
        shutil.copy(os.path.join(ROOT, "SampleData/invalid/name-too-long.trackport.json"),
                    os.path.join(work, "datasets/imported.trackport.json"))
        both = "datasets/october-habits.trackport.json datasets/imported.trackport.json"
        runs = [0]

        def run(fmt, paths=both, arch="X64", os_name="Linux", archive_path=archive):
            runs[0] += 1
            temp = os.path.join(scratch, f"runner-temp-{runs[0]}")
            os.makedirs(temp)
            gh_path, gh_out = os.path.join(temp, "path"), os.path.join(temp, "output")
            env = {"PATH": "/usr/bin:/bin", "HOME": scratch, "RUNNER_OS": os_name, "RUNNER_ARCH": arch,
                   "RUNNER_TEMP": temp, "GITHUB_PATH": gh_path, "GITHUB_OUTPUT": gh_out,
                   "TRACKPORT_ARCHIVE": archive_path, "TRACKPORT_PATHS": paths, "TRACKPORT_FORMAT": fmt,
                   "TRACKPORT_SARIF": "trackport.sarif", "TRACKPORT_ARGS": "--today 2026-12-01"}
            p = subprocess.run(["sh", SCRIPT], cwd=work, env=env, capture_output=True, text=True)
            read = lambda f: open(f).read() if os.path.exists(f) else ""
            return p.returncode, p.stdout, p.stderr, read(gh_path), read(gh_out)

        status, out, err, gh_path, _ = run("github")
        print(out, err)
        check(status == 1, f"github: a broken dataset fails (exit {status})")
        check("::error file=datasets/imported.trackport.json,line=17,col=15,title=name-too-long::"
              "tracker name is 40 characters; the app allows at most 38" in out.splitlines(),
              "github: the finding is an annotation at file, line 17, column 15")
        check("october-habits" not in out, "github: no annotation for the clean dataset")
        bin_dir = gh_path.strip()
        check(bin_dir != "" and os.access(os.path.join(bin_dir, "trackport"), os.X_OK),
              f"GITHUB_PATH names the archive's bin/ with trackport ({bin_dir!r})")
        check(re.search(r"trackport: trackport \S+", err) is not None or "trackport:" in err,
              "the installed version is printed")

        status, out, err, _, gh_out = run("sarif")
        print(out, err)
        check(status == 1, f"sarif: a broken dataset fails (exit {status})")
        sarif_path = os.path.join(work, "trackport.sarif")
        try:
            with open(sarif_path) as f:
                doc = json.load(f)
        except Exception as e:  # noqa: BLE001 - reported as a failed check
            doc = None
            check(False, f"sarif: the file is JSON ({e})")
        if doc is not None:
            check(doc.get("version") == "2.1.0", "sarif: version 2.1.0")
            results = [r for run_ in doc.get("runs", []) for r in run_.get("results", [])]
            check(len(results) == 1, f"sarif: one result ({len(results)})")
            if results:
                r = results[0]
                loc = r["locations"][0]["physicalLocation"]
                check(r.get("ruleId") == "name-too-long" and r.get("level") == "error", "sarif: rule name-too-long, error")
                check(loc["artifactLocation"]["uri"] == "datasets/imported.trackport.json"
                      and loc["region"].get("startLine") == 17 and loc["region"].get("startColumn") == 15,
                      f"sarif: located at datasets/imported.trackport.json 17:15 ({loc})")
        check("sarif=trackport.sarif" in gh_out.splitlines(), "sarif: GITHUB_OUTPUT has sarif=trackport.sarif")
        check(out.strip() == "", "sarif: nothing on standard output (the report is in the file)")

        status, out, _, _, _ = run("github", paths="datasets/october-habits.trackport.json")
        check(status == 0 and "::error" not in out, f"a clean dataset passes without annotations (exit {status})")

        bad = os.path.join(scratch, "bad", os.path.basename(archive))
        os.makedirs(os.path.dirname(bad))
        shutil.copy(archive, bad)
        with open(bad + ".sha256", "w") as f:
            f.write("0" * 64 + "  " + os.path.basename(archive) + "\n")
        for what, kw in (("a .sha256 that does not match", {"archive_path": bad}),
                         ("an arm64 runner", {"arch": "ARM64"}), ("a macOS runner", {"os_name": "macOS"}),
                         ("format junit (not the action's)", {"fmt": "junit"})):
            kw.setdefault("fmt", "github")
            fmt = kw.pop("fmt")
            status, out, _, _, _ = run(fmt, **kw)
            check(status == 2 and "::error title=trackport action::" in out and "name-too-long" not in out,
                  f"{what}: exit 2 with an ::error:: line, nothing validated (exit {status})")

        with open(os.path.join(ROOT, "action.yml")) as f:
            action = f.read()
        check("packaging/action/run.sh" in action and "using: composite" in action,
              "action.yml is a composite action running packaging/action/run.sh")
        inputs = re.findall(r"^  ([a-z-]+):\n    description:", action.split("outputs:")[0], re.M)
        for name in inputs:
            check("${{ inputs.%s }}" % name in action, f"action.yml passes its input {name} to the script")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(checks.finish())


if __name__ == "__main__":
    main()
