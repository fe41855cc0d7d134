"""The pre-commit hook of .pre-commit-hooks.yaml, installed and run by the real pre-commit.

    precommit_test.py BIN

A scratch git repository gets a .pre-commit-config.yaml naming this repository by its local
path, at its current commit (`rev:` HEAD), and the hook `trackport-validate`; BIN's folder is put
first on the PATH (the hook is language: system, calling the installed `trackport`). Then
`pre-commit run --all-files`:
- a clean dataset (SampleData/demo.trackport.json) passes (exit 0, the hook "Passed");
- with a broken one beside it (SampleData/invalid/name-too-long.trackport.json) the run fails
  (exit 1, the hook "Failed") and its output has the located finding
  (`...name-too-long.trackport.json:17:15: error: ... [name-too-long]`);
- a file the hook does not claim (notes.json, not a dataset) is not passed to trackport.
When the working tree's .pre-commit-hooks.yaml differs from HEAD's (an uncommitted edit),
`pre-commit try-repo` is used instead, which takes the working tree's file.
pre-commit comes from the venv (Tests/requirements.txt); its cache (PRE_COMMIT_HOME) is scratch.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "hub"))
from hubtest import Checks  # noqa: E402

checks = Checks()
check = checks.check


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bin_path = os.path.abspath(sys.argv[1])
    precommit = os.path.join(os.path.dirname(sys.executable), "pre-commit")
    if not os.path.exists(precommit):
        sys.exit(f"no pre-commit beside {sys.executable}: make venv (Tests/requirements.txt)")
    head = git("rev-parse", "HEAD", cwd=ROOT).strip()
    committed = subprocess.run(["git", "show", "HEAD:.pre-commit-hooks.yaml"], cwd=ROOT,
                               capture_output=True, text=True)
    with open(os.path.join(ROOT, ".pre-commit-hooks.yaml")) as f:
        current = f.read()
    use_rev = committed.returncode == 0 and committed.stdout == current
    scratch = tempfile.mkdtemp(prefix="precommit-test.")
    try:
        env = dict(os.environ, PRE_COMMIT_HOME=os.path.join(scratch, "cache"),
                   PATH=os.path.dirname(bin_path) + os.pathsep + os.environ["PATH"],
                   GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
                   GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
        env.pop("GIT_DIR", None)
        env.pop("GIT_WORK_TREE", None)
        repo = os.path.join(scratch, "datasets")
        os.makedirs(os.path.join(repo, "data"))
        git("init", "-q", cwd=repo)
        shutil.copy(os.path.join(ROOT, "SampleData/demo.trackport.json"),
                    os.path.join(repo, "data/october-habits.trackport.json"))
        with open(os.path.join(repo, "notes.json"), "w") as f:
            f.write('{"not": "a dataset"}\n')
        with open(os.path.join(repo, ".pre-commit-config.yaml"), "w") as f:
            f.write(f"repos:\n  - repo: {ROOT}\n    rev: {head}\n    hooks:\n      - id: trackport-validate\n")
        git("add", "-A", cwd=repo)

        def run():
            if use_rev:
                cmd = [precommit, "run", "--all-files", "--verbose"]
            else:
                print("note: .pre-commit-hooks.yaml differs from HEAD's; using pre-commit try-repo")
                cmd = [precommit, "try-repo", ROOT, "trackport-validate", "--all-files", "--verbose"]
            p = subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True)
            return p.returncode, p.stdout + p.stderr

        status, out = run()
        print(out)
        check(status == 0, f"a clean dataset passes (exit {status})")
        check("trackport validate" in out and "Passed" in out, "the hook ran and passed")
        check("october-habits.trackport.json: valid (0 errors, 0 warnings)" in out,
              "trackport validated the dataset")
        check("notes.json" not in out, "notes.json (not a dataset ending) was not passed to trackport")

        shutil.copy(os.path.join(ROOT, "SampleData/invalid/name-too-long.trackport.json"),
                    os.path.join(repo, "data/imported.trackport.json"))
        git("add", "-A", cwd=repo)
        status, out = run()
        print(out)
        check(status == 1, f"a broken dataset fails the run (exit {status})")
        check("Failed" in out, "the hook is reported failed")
        check("data/imported.trackport.json:17:15: error: tracker name is 40 characters; "
              "the app allows at most 38 [name-too-long]" in out, "the finding is located (file:17:15, code)")
        check("data/october-habits.trackport.json: valid" in out, "the clean dataset is still reported valid")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(checks.finish())


if __name__ == "__main__":
    main()
