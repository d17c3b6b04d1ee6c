#!/usr/bin/env bash
# The browser tests: a venv with selenium from PyPI (made once, under .build), then the tests
# (`--venv-only`: just the venv, for the page-memory benchmark), the page's, every protocol's and then the roles'
# (dashboard_roles_test.py), against the built binary with Debian's chromium and chromium-driver (`make deps` installs them).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/browser-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'selenium>=4.20,<5'
fi
if [ "${1:-}" = "--venv-only" ]; then exit 0; fi
"$venv/bin/python" Tests/Browser/dashboard_browser_test.py --binary .build/debug/gripfit-serial "$@"
"$venv/bin/python" Tests/Browser/dashboard_protocols_test.py --binary .build/debug/gripfit-serial "$@"
exec "$venv/bin/python" Tests/Browser/dashboard_roles_test.py --binary .build/debug/gripfit-serial
