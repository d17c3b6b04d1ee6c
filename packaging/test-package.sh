#!/usr/bin/env bash
# What `make install`, `make uninstall` and `make deb` promise, checked with the release binary
# (built once, by the first `make dist`): it runs with the Swift toolchain hidden; the installed
# tree is the expected one and `make uninstall` takes exactly that away; the .deb passes lintian,
# installs with apt-get, works (man, completions, rules, the simulator) and purges to nothing.
# Run by `make package-test` (part of `make test`); needs root or sudo for the mount namespace
# and apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "package-test: FAIL: $*" >&2; exit 1; }
step() { echo "== package-test: $* ($(date +%T))"; }

step "release build, man pages, completions"
started=$(date +%s)
make --no-print-directory dist
echo "release binary and dist built in $(( $(date +%s) - started )) s"
binary=.build/dist/gripfit-serial
version=$(sed -n 's/^ *\(public \)\{0,1\}static let version = "\(.*\)"$/\2/p' Sources/GripFitCLI/BuildInfo.swift)

step "--version: version, commit, expected bridge firmware"
"$binary" --version > "$work/version"
head -1 "$work/version" | grep -qx "gripfit-serial $version" || fail "--version first line: $(head -1 "$work/version")"
if commit=$(git rev-parse --short=12 HEAD 2>/dev/null); then
    grep -q "^commit: $commit" "$work/version" || fail "--version does not name commit $commit: $(cat "$work/version")"
fi
grep -q "^expects bridge firmware: " "$work/version" || fail "--version lacks the bridge firmware"

step "the release binary without the Swift toolchain"
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")")
[ -d "$toolchain/usr/lib/swift" ] || fail "cannot find the toolchain's libraries under $toolchain"
if ldd "$binary" | grep -i swift; then fail "the release binary links the toolchain's shared libraries"; fi
# A private mount namespace with an empty tmpfs over the toolchain: nothing of it is reachable.
$sudo unshare --mount --propagation private -- sh -c '
    mount -t tmpfs hidden "$1" || exit 99
    [ -z "$(ls -A "$1")" ] || exit 98
    "$2" --version && "$2" monitor --simulate --duration 2 --format jsonl' sh "$toolchain" "$PWD/$binary" \
    > "$work/hidden.out" || fail "the binary failed with $toolchain hidden (status $?)"
grep -q '"event":"reading"' "$work/hidden.out" || fail "no readings with the toolchain hidden: $(head -c 400 "$work/hidden.out")"

step "make install DESTDIR=… PREFIX=/usr lays out the expected tree"
root="$work/root"
make --no-print-directory install DESTDIR="$root" PREFIX=/usr > "$work/install.log"
# One man page per subcommand, found from the binary itself, so new subcommands are covered.
"$binary" --experimental-dump-help | python3 -c '
import json, sys
def walk(command, path):
    if command.get("commandName") == "help" and path:
        return
    name = "-".join(path + [command["commandName"]])
    print(f"usr/share/man/man1/{name}.1")
    for sub in command.get("subcommands", []):
        walk(sub, path + [command["commandName"]])
walk(json.load(sys.stdin)["command"], [])' > "$work/expected"
cat >> "$work/expected" <<'TREE'
usr/bin/gripfit-serial
usr/lib/udev/rules.d/70-gripfit-bridge.rules
usr/share/bash-completion/completions/gripfit-serial
usr/share/doc/gripfit-serial/README.md
usr/share/fish/vendor_completions.d/gripfit-serial.fish
usr/share/zsh/vendor-completions/_gripfit-serial
TREE
sort -o "$work/expected" "$work/expected"
(cd "$root" && find . ! -type d | sed 's|^\./||' | sort) > "$work/installed"
echo "installed tree:"; sed 's/^/  /' "$work/installed"
diff -u "$work/expected" "$work/installed" || fail "the installed tree differs from the expected one"
[ "$(stat -c %a "$root/usr/bin/gripfit-serial")" = 755 ] || fail "the binary is not 0755"
MANWIDTH=80 man -l "$root/usr/share/man/man1/gripfit-serial-monitor.1" 2>&1 | grep -q -- "--simulate" \
    || fail "gripfit-serial-monitor.1 does not render or lacks --simulate"

step "make uninstall removes exactly that"
mkdir -p "$root/usr/share/man/man1" && echo keep > "$root/usr/share/man/man1/other.1"
make --no-print-directory uninstall DESTDIR="$root" PREFIX=/usr > "$work/uninstall.log"
left=$(cd "$root" && find . ! -type d | sed 's|^\./||')
[ "$left" = "usr/share/man/man1/other.1" ] || fail "after make uninstall: expected only the foreign other.1, found: $left"
[ ! -e "$root/usr/share/doc/gripfit-serial" ] || fail "make uninstall left usr/share/doc/gripfit-serial"

step "make deb, lintian"
rm -f gripfit-serial_*.deb
make --no-print-directory deb > "$work/deb.log" || { cat "$work/deb.log"; fail "make deb"; }
deb=$(ls gripfit-serial_*.deb)
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "the .deb's version is not $version"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for library in libc6 libudev1 libsqlite3-0; do
    echo "$depends" | grep -q "$library" || fail "Depends lacks $library: $depends"
done
lintian --fail-on error "$deb" | tee "$work/lintian" || fail "lintian reports errors"

step "apt-get install ./$deb"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "./$deb" > "$work/apt.log" \
    || { cat "$work/apt.log"; fail "apt-get install ./$deb"; }
dpkg -L gripfit-serial > "$work/files"
[ "$(command -v gripfit-serial)" = /usr/bin/gripfit-serial ] || fail "gripfit-serial is not /usr/bin/gripfit-serial"
gripfit-serial --version | head -1 | grep -qx "gripfit-serial $version" || fail "installed --version"
man -w gripfit-serial-monitor | grep -qx /usr/share/man/man1/gripfit-serial-monitor.1.gz || fail "man -w gripfit-serial-monitor"
man -w gripfit-serial > /dev/null || fail "man -w gripfit-serial"
for file in /usr/share/bash-completion/completions/gripfit-serial /usr/share/zsh/vendor-completions/_gripfit-serial \
    /usr/share/fish/vendor_completions.d/gripfit-serial.fish /usr/lib/udev/rules.d/70-gripfit-bridge.rules \
    /usr/share/doc/gripfit-serial/copyright; do
    [ -s "$file" ] || fail "the package did not install $file"
done
zsh -n /usr/share/zsh/vendor-completions/_gripfit-serial || fail "zsh cannot parse its completion script"
fish --no-execute /usr/share/fish/vendor_completions.d/gripfit-serial.fish || fail "fish cannot parse its completion script"
# bash-completion finds the installed script by the command's name, as in an interactive shell.
completions=$(bash -c 'source /usr/share/bash-completion/bash_completion
    COMP_WORDS=(gripfit-serial monitor --format ""); COMP_CWORD=3; COMP_LINE="gripfit-serial monitor --format "
    COMP_POINT=${#COMP_LINE}; _completion_loader gripfit-serial
    $(complete -p gripfit-serial | sed "s/.*-F \([^ ]*\) .*/\1/") gripfit-serial "" --format
    printf "%s\n" "${COMPREPLY[@]}"')
[ "$(echo $completions)" = "text jsonl csv" ] || fail "installed bash completion of monitor --format: $completions"
gripfit-serial monitor --simulate --duration 3 --format jsonl > "$work/monitor.jsonl" || fail "installed monitor --simulate"
readings=$(grep -c '"event":"reading"' "$work/monitor.jsonl" || true)
[ "$readings" -ge 10 ] || fail "installed monitor --simulate gave $readings readings in 3 s"
echo "installed binary: $readings readings in 3 s from the simulator"

step "apt-get purge"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y gripfit-serial > "$work/purge.log" \
    || { cat "$work/purge.log"; fail "apt-get purge gripfit-serial"; }
! dpkg -s gripfit-serial > /dev/null 2>&1 || fail "gripfit-serial is still installed"
while read -r path; do
    case "$path" in /.|/usr|/usr/bin|/usr/lib|/usr/lib/udev|/usr/lib/udev/rules.d|/usr/share|/usr/share/*/) continue ;; esac
    if [ -f "$path" ] || [ -L "$path" ]; then fail "left behind after purge: $path"; fi
done < "$work/files"
[ ! -e /usr/share/doc/gripfit-serial ] || fail "left behind after purge: /usr/share/doc/gripfit-serial"
rm -f "$deb"
step "all passed"
