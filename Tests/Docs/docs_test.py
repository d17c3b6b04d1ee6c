#!/usr/bin/env python3
"""The documentation's own test (`make docs-test`, part of `make test`).

Three checks over the Markdown files git tracks (and any new ones beside them):

1. Every shell example marked as runnable runs and exits as its marker says. The marker is an
   HTML comment on the line before a ```sh fence, which GitHub does not show:

       <!-- run: exit 0 -->
       ```sh
       gripfit-serial record --simulate --duration 2
       ```

   A block runs with `bash -e -o pipefail` (so a failing line stops it with that line's status),
   `gripfit-serial` first on the PATH, in a scratch directory of its own that is also HOME and
   holds the XDG directories, so nothing of the user's history or configuration is read or written
   and no block depends on another; the blocks run side by side. `$GRIPFIT_REPO` is the repository
   (for an example that installs what it holds, as docs/pytest.md's pytest plugin), and
   `$GRIPFIT_LABGRID` the labgrid venv `make labgrid-venv` made, when there is one (docs/labgrid.md).
2. Every relative link and `#anchor` resolves: the file or folder exists, and an anchor is a
   heading of the target (GitHub's rules: lower case, punctuation dropped, spaces to hyphens,
   `-1`, `-2` for repeats) or an `<a id>`/`<a name>` in it.
3. Every `gripfit-serial COMMAND --option` the docs name (in a code block, or in inline code
   that starts with `gripfit-serial` or a command's name) exists in that command's `--help`,
   so a renamed flag breaks this test, not a reader. An option hidden from `--help` (an old
   spelling kept for scripts) passes only where the same line says it is hidden or an old spelling.

Python 3 standard library only. `--no-run` skips the examples (links and options only, a second).
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

RUN_MARKER = re.compile(r"^<!--\s*run:\s*exit\s+(\d+)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
OPTION = re.compile(r"^--[a-z][a-z0-9-]*")
SHELL_LANGUAGES = {"sh", "bash", "shell", "console", ""}
EXAMPLE_TIMEOUT_S = 180


class Failures:
    def __init__(self):
        self.items = []

    def add(self, where, text):
        self.items.append(f"{where}: {text}")


def markdown_files(root):
    """The tracked Markdown files, and untracked ones not ignored (a new guide counts before its `git add`)."""
    try:
        listed = subprocess.run(
            ["git", "-c", "safe.directory=*", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
            cwd=root, capture_output=True, text=True, check=True).stdout.split("\n")
        files = [root / name for name in listed if name and (root / name).is_file()]
    except (OSError, subprocess.CalledProcessError):
        files = [p for p in root.rglob("*.md") if ".build" not in p.parts and ".venv" not in p.parts]
    return sorted(set(files))


def split_blocks(lines):
    """Yields ("text", line_no, line) for prose and ("code", line_no, language, body_lines, marker) per fence."""
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            yield ("text", i + 1, lines[i])
            i += 1
            continue
        fence, language = match.group(2), match.group(3).lower()
        marker = None
        j = i - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        if j >= 0 and RUN_MARKER.match(lines[j].strip()):
            marker = int(RUN_MARKER.match(lines[j].strip()).group(1))
        body = []
        k = i + 1
        while k < len(lines) and not lines[k].strip().startswith(fence[0] * len(fence)):
            body.append(lines[k])
            k += 1
        yield ("code", i + 1, language, body, marker)
        i = k + 1


def github_slug(heading):
    """GitHub's heading anchor: inline markup dropped, lower case, punctuation out, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "").replace("*", "").replace("~", "")
    text = text.strip().lower()
    kept = []
    for char in text:
        if char in " -_" or unicodedata.category(char)[0] in "LN":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors_of(path, cache={}):
    if path not in cache:
        anchors, seen = set(), {}
        lines = path.read_text(encoding="utf-8").split("\n")
        for block in split_blocks(lines):
            if block[0] != "text":
                continue
            line = block[2]
            anchors.update(HTML_ANCHOR.findall(line))
            heading = HEADING.match(line)
            if heading:
                slug = github_slug(heading.group(2))
                count = seen.get(slug, 0)
                seen[slug] = count + 1
                anchors.add(slug if count == 0 else f"{slug}-{count}")
        cache[path] = anchors
    return cache[path]


def check_links(root, path, failures):
    lines = path.read_text(encoding="utf-8").split("\n")
    for block in split_blocks(lines):
        if block[0] != "text":
            continue
        line_no, line = block[1], block[2]
        prose = INLINE_CODE.sub("", line)
        for target in LINK.findall(prose):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # https:, mailto:: not checked offline
            where = f"{path.relative_to(root)}:{line_no}"
            file_part, _, anchor = target.partition("#")
            resolved = (path.parent / file_part).resolve() if file_part else path
            if file_part and not resolved.exists():
                failures.add(where, f"link to {target}: {file_part} does not exist")
                continue
            if anchor and resolved.is_file() and resolved.suffix == ".md":
                if anchor not in anchors_of(resolved):
                    failures.add(where, f"link to {target}: no heading or <a id> gives #{anchor} in {resolved.relative_to(root)}")


class HelpIndex:
    """`gripfit-serial [PATH…] --help`, read once per command path."""

    def __init__(self, binary):
        self.binary = binary
        self.cache = {}
        self.hidden = {}

    def help(self, path):
        if path not in self.cache:
            self.cache[path] = self.fetch(path)
        return self.cache[path]

    def hidden_help(self, path):
        """--help-hidden: --help and the options kept out of it (an old spelling, a tool's own hook)."""
        if path not in self.hidden:
            self.hidden[path] = self.fetch(path, "--help-hidden")
        return self.hidden[path] or ""

    def fetch(self, path, flag="--help"):
        result = subprocess.run([self.binary, *path, flag], capture_output=True, text=True, timeout=60,
                                env=dict(os.environ, COLUMNS="200"))
        return result.stdout if result.returncode == 0 else None

    def prefetch(self):
        """Every command's help at once (a debug build takes a second to start on a busy machine)."""
        level = [()]
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            while level:
                for path, text in zip(level, pool.map(self.fetch, level)):
                    self.cache[path] = text
                level = [path + (name,) for path in level for name in self.subcommands(path)]

    def subcommands(self, path):
        text = self.help(path) or ""
        names, inside = set(), False
        for line in text.split("\n"):
            if re.match(r"^[A-Z ]*SUBCOMMANDS:\s*$", line):
                inside = True
                continue
            if inside:
                match = re.match(r"^  ([a-z][a-z0-9-]*)\b", line)
                if match:
                    names.add(match.group(1))
                elif line.strip() and not line.startswith(" "):
                    inside = False
        return names


def command_mentions(text, top_level, start_anywhere):
    """The token lists that follow `gripfit-serial` in `text` (or start it, when `start_anywhere` and it starts
    with a command name), cut at the shell's separators and comments."""
    tokens = text.replace("\\|", " ").split()
    mentions = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        starts = token == "gripfit-serial"
        if not starts and start_anywhere and i == 0 and token in top_level:
            starts, i = True, i - 1
        if not starts:
            i += 1
            continue
        words = []
        i += 1
        while i < len(tokens) and tokens[i] not in ("|", "||", "&&", ";") and not tokens[i].startswith("#"):
            words.append(tokens[i])
            i += 1
        mentions.append(words)
    return mentions


def check_mention(words, index, where, failures, context=""):
    path = ()
    for word in words:
        if word.startswith("-"):
            break
        if word in index.subcommands(path):
            path += (word,)
        else:
            break
    help_text = index.help(path)
    if help_text is None:
        failures.add(where, f"`gripfit-serial {' '.join(path)} --help` failed")
        return
    if not path and words and re.match(r"^[a-z][a-z-]+$", words[0]):
        failures.add(where, f"`gripfit-serial {words[0]}`: no such command")
        return
    for word in words:
        match = OPTION.match(word)
        if not match:
            continue
        option = match.group(0).rstrip("-")
        if option in ("--help",):
            continue
        def names(text):
            return re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", text)

        if names(help_text):
            continue
        name = " ".join(("gripfit-serial",) + path)
        if names(index.hidden_help(path)):
            # An option kept out of --help (an old spelling) is documented only where the text says it is hidden.
            if "hidden" not in context and "old spelling" not in context:
                failures.add(where, f"`{name} {option}`: {option} is hidden from `{name} --help` (an old spelling?); "
                             "name the current option, or say in the text that it is hidden")
            continue
        failures.add(where, f"`{name} {option}`: {option} is not in `{name} --help`")


def check_commands(root, path, index, failures):
    top_level = index.subcommands(())
    lines = path.read_text(encoding="utf-8").split("\n")
    for block in split_blocks(lines):
        where = f"{path.relative_to(root)}:{block[1]}"
        if block[0] == "code":
            if block[2] not in SHELL_LANGUAGES and block[2] not in ("yaml", "yml"):
                continue
            for offset, line in enumerate(block[3]):
                for words in command_mentions(line, top_level, False):
                    check_mention(words, index, f"{path.relative_to(root)}:{block[1] + 1 + offset}", failures, line)
            continue
        for code in (m.group(2) for m in INLINE_CODE.finditer(block[2])):
            for words in command_mentions(code.strip(), top_level, True):
                check_mention(words, index, where, failures, block[2])


def runnable_blocks(path):
    lines = path.read_text(encoding="utf-8").split("\n")
    return [(path, b[1], b[2], b[3], b[4]) for b in split_blocks(lines) if b[0] == "code" and b[4] is not None]


def run_example(root, example, binary, scratch_parent):
    """Runs one marked block in a scratch home of its own; returns its failure, or None."""
    path, line_no, language, body, expected = example
    where = f"{path.relative_to(root)}:{line_no}"
    if language not in ("sh", "bash", "shell"):
        return f"{where}: a runnable example must be a ```sh block, not ```{language}"
    scratch = Path(tempfile.mkdtemp(prefix=f"{path.stem}-{line_no}-", dir=scratch_parent))
    bin_dir = scratch / ".bin"
    bin_dir.mkdir()
    (bin_dir / "gripfit-serial").symlink_to(binary)
    env = {
        "PATH": f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
        "HOME": str(scratch),
        "XDG_DATA_HOME": str(scratch / ".local/share"),
        "XDG_CONFIG_HOME": str(scratch / ".config"),
        "XDG_CACHE_HOME": str(scratch / ".cache"),
        "XDG_STATE_HOME": str(scratch / ".local/state"),
        "TMPDIR": str(scratch),
        "TERM": "dumb",
        "LANG": os.environ.get("LANG", "C.UTF-8"),
        "TZ": "UTC",
        # The repository, for examples that install what it holds (docs/pytest.md: the pytest plugin).
        "GRIPFIT_REPO": str(root),
    }
    # labgrid from PyPI (`make labgrid-venv`), for docs/labgrid.md's example: made once, not per run.
    labgrid = root / ".build-venv" / "labgrid"
    if (labgrid / "bin" / "python").exists():
        env["GRIPFIT_LABGRID"] = str(labgrid)
    script = "\n".join(body) + "\n"
    try:
        result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=scratch, env=env,
                                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=EXAMPLE_TIMEOUT_S)
        status, output = result.returncode, (result.stdout + result.stderr)
    except subprocess.TimeoutExpired as timeout:
        status = "a timeout"
        output = f"(still running after {EXAMPLE_TIMEOUT_S} s)\n" + str(timeout.stdout or "")
    if status == expected:
        return None
    tail = "\n".join("    | " + line for line in output.strip().split("\n")[-15:])
    return (f"{where}: the example exited with {status}; the text says exit {expected}\n"
            + "\n".join("    $ " + line for line in body) + "\n" + tail)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the gripfit-serial to run (e.g. .build/debug/gripfit-serial)")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[2]), help="the repository")
    parser.add_argument("--no-run", action="store_true", help="links and options only")
    parser.add_argument("--keep", action="store_true", help="keep the scratch homes (their path is printed)")
    parser.add_argument("files", nargs="*", help="only these Markdown files (default: every one)")
    args = parser.parse_args()
    root = Path(args.root).resolve()
    binary = Path(args.binary).resolve()
    if not os.access(binary, os.X_OK):
        print(f"docs-test: {binary} is not an executable; build it first (swift build)", file=sys.stderr)
        return 2
    files = [Path(f).resolve() for f in args.files] if args.files else markdown_files(root)
    failures = Failures()
    scratch_parent = tempfile.mkdtemp(prefix="gripfit-docs-test-")
    blocks = [] if args.no_run else [block for path in files for block in runnable_blocks(path)]
    # The examples start first: the links and options are checked while they run.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=8)
    try:
        running = [pool.submit(run_example, root, block, binary, scratch_parent) for block in blocks]
        index = HelpIndex(str(binary))
        index.prefetch()
        for path in files:
            check_links(root, path, failures)
            check_commands(root, path, index, failures)
        for future in running:
            if future.result():
                failures.items.append(future.result())
    finally:
        pool.shutdown()
        if args.keep:
            print(f"docs-test: scratch homes kept in {scratch_parent}")
        else:
            shutil.rmtree(scratch_parent, ignore_errors=True)
    examples = len(blocks)
    for item in failures.items:
        print(f"docs-test: {item}", file=sys.stderr)
    summary = (f"docs-test: {len(files)} Markdown files, {examples} runnable examples, "
               f"{len(index.cache)} commands' --help; {len(failures.items)} problems")
    print(summary, file=sys.stderr if failures.items else sys.stdout)
    return 1 if failures.items else 0


if __name__ == "__main__":
    sys.exit(main())
