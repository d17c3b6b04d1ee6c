# gripfit-serial — the two fresh-machine entry points are `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/gripfit-serial
APT_PACKAGES := libudev-dev pkg-config umockdev libsqlite3-dev zlib1g-dev tmux ser2net libxml2-utils python3-venv
## What `package-test` needs: dpkg-shlibdeps, lintian, man, and the three shells to try the completions.
PACKAGE_TEST_PACKAGES := dpkg-dev lintian man-db bash-completion zsh fish
## Only for the browser test (the dashboard in headless Chromium, selenium in a venv), the PDF report (pdftotext) and
## the shared history's tests (a throwaway PostgreSQL cluster of their own, on its own port, never the package's `main`).
## prometheus: its server scrapes a running dashboard and promtool checks the metrics and the alert rules.
## openssl and curl: the dashboard over HTTPS (s_client shows the TLS version and the names; curl pins the certificate).
TEST_APT_PACKAGES := chromium chromium-driver python3-venv poppler-utils postgresql prometheus openssl curl
UDEV_RULES := udev/70-gripfit-bridge.rules
LABGRID_VENV := .build-venv/labgrid
FHIR_VENV := .build-venv/fhir
NRFUTIL_VENV := .build-venv/nrfutil

## `make install [PREFIX=/usr/local] [DESTDIR=]`. With PREFIX=/usr (a package's layout) the rules go
## to /usr/lib/udev/rules.d and zsh's to Debian's vendor-completions; elsewhere udev only reads
## /etc/udev/rules.d, and zsh reads $(PREFIX)/share/zsh/site-functions.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
MAN1DIR := $(PREFIX)/share/man/man1
DOCDIR := $(PREFIX)/share/doc/gripfit-serial
BASH_COMPLETION_DIR := $(PREFIX)/share/bash-completion/completions
FISH_COMPLETION_DIR := $(PREFIX)/share/fish/vendor_completions.d
ifeq ($(PREFIX),/usr)
UDEV_RULES_DIR ?= /usr/lib/udev/rules.d
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/vendor-completions
else
UDEV_RULES_DIR ?= /etc/udev/rules.d
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
endif

## The version lives in BuildInfo.swift only; the .deb reads it from there.
VERSION := $(shell sed -n 's/^ *\(public \)\{0,1\}static let version = "\(.*\)"$$/\2/p' Sources/GripFitCLI/BuildInfo.swift)
## The commit for `--version`, "-dirty" when tracked files differ from it; empty outside git.
## safe.directory: `sudo make install` in a user's clone must see the same commit, and so the
## build `make dist` made, not rebuild as root.
GIT := git -c safe.directory='*'
COMMIT := $(shell c=$$($(GIT) rev-parse --short=12 HEAD 2>/dev/null) && { $(GIT) diff --quiet HEAD -- 2>/dev/null || c="$$c-dirty"; } && echo "$$c")
## Swift's runtime linked in: the binary runs where no Swift toolchain is installed.
RELEASE_FLAGS := -c release --static-swift-stdlib --product gripfit-serial $(if $(COMMIT),-Xcc -DGRIPFIT_COMMIT='"$(COMMIT)"')
## What the benchmarks measure: the code `make install` ships (Swift's runtime linked in), without
## the commit, whose -D would rebuild every module at each commit.
BENCH_FLAGS := -c release --static-swift-stdlib --product gripfit-serial
## What `install` and `deb` copy from: the stripped release binary, its man pages and completions.
DIST := .build/dist
DIST_STAMP := $(DIST)/.built-$(or $(COMMIT),unknown)
DEB_ARCH = $(shell dpkg --print-architecture)
DEB := gripfit-serial_$(VERSION)_$(DEB_ARCH).deb
DEB_ROOT := .build/deb/root
## The changelog's date: the commit's, so the same tree gives the same package.
DEB_DATE = $(shell date -R -d @$$($(GIT) log -1 --format=%ct 2>/dev/null || date +%s))

.PHONY: demo test build deps test-deps docs-test pytest-plugin-test labgrid-driver-test firmware-test swift-test browser-test bench bench-deps bench-dashboard bench-history install-udev uninstall-udev clean fuzz fuzz-build
.PHONY: dist install uninstall deb package-test package-test-deps labgrid-venv fhir-venv nrfutil-venv format lint

## Live readings from the built-in simulated dongle (Ctrl-C to stop).
demo: deps build
	$(BIN) monitor --simulate

## Every test: first `lint` (a second, before any build), then the docs' examples and links (under a
## minute), the Swift suites (labgrid's from a venv), the bridge firmware's host-compiled core, the dashboard in a browser, then the release
## binary, `make install` and the .deb (package-test; it builds the release binary once).
test: lint deps test-deps labgrid-venv fhir-venv nrfutil-venv docs-test pytest-plugin-test labgrid-driver-test firmware-test swift-test \
	browser-test package-test

build:
	$(SWIFT) build

## The tracked Swift files (Fuzz and Benchmarks too); `=`, so only `format` and `lint` run git.
SWIFT_FILES = $(shell $(GIT) ls-files '*.swift')

## Rewrites the Swift files in place by .swift-format (swift-nio's rules, 4 spaces, 140 columns),
## with the swift-format the toolchain ships.
format:
	$(SWIFT) format --in-place --parallel $(SWIFT_FILES)

## .swift-format's rules strictly (a warning fails too), then no Swift line over its 140 columns
## counted in characters (swift-format lets a long string literal pass). `make format` fixes most.
lint:
	@$(SWIFT) format lint --strict --parallel $(SWIFT_FILES)
	@if LC_ALL=C.utf8 grep -nE '^.{141,}' $(SWIFT_FILES); then \
		echo "make lint: the lines above are over 140 columns; wrap them (make format wraps most)" >&2; exit 1; fi

## Everything plainly (the udev tests skip), then the XCTest cases again under umockdev's preload,
## where the udev and hotplug tests run against fake dongles; GRIPFIT_REQUIRE_UMOCKDEV makes a
## missing preload a failure, not a skip, as GRIPFIT_REQUIRE_SER2NET does for the network port tests,
## GRIPFIT_REQUIRE_POSTGRES for the PostgreSQL ones and, as root, GRIPFIT_REQUIRE_TMPFS for the full-disk
## tests. The udev tests are XCTest cases because they must run one at a time; the rest stays outside
## the preload, which hides /dev/pts from other users.
## repeat-failures.sh repeats any failure at the end, where CI's tail of the output shows it.
swift-test:
	$(SWIFT) build --build-tests
	GRIPFIT_REQUIRE_SER2NET=1 GRIPFIT_REQUIRE_POSTGRES=1 GRIPFIT_REQUIRE_PROMETHEUS=1 $(if $(filter 0,$(shell id -u)),GRIPFIT_REQUIRE_TMPFS=1) Tests/repeat-failures.sh $(SWIFT) test --skip-build
	GRIPFIT_REQUIRE_UMOCKDEV=1 Tests/repeat-failures.sh umockdev-wrapper $(SWIFT) test --skip-build --disable-swift-testing

## The docs' runnable examples (against the simulator, in scratch homes), their links and anchors, and
## every `gripfit-serial CMD --option` they name against that command's help (Tests/Docs/docs_test.py).
docs-test: build labgrid-venv
	Tests/Docs/docs_test.py --binary $(BIN)

## The pytest plugin (python/pytest-gripfit) with pytest from PyPI in a venv of its own under .build, then its
## example suite (tests/) against the simulator (readings, commands, a fault, the version marker, the JUnit XML),
## then again against the native bridge (the unchanged sketch built for the host, serving the simulated GripFit).
PYTEST_VENV := .build/pytest-venv
NATIVE_BRIDGE := firmware-bridge/build/native/plain/gripfit-bridge-native
pytest-plugin-test: build
	$(MAKE) -C firmware-bridge build/native/plain/gripfit-bridge-native
	@if ! $(PYTEST_VENV)/bin/python -c 'import pytest, setuptools.command.bdist_wheel' 2>/dev/null; then \
		echo "Installing pytest from PyPI into $(PYTEST_VENV)"; \
		rm -rf $(PYTEST_VENV); python3 -m venv $(PYTEST_VENV) && $(PYTEST_VENV)/bin/pip install --quiet \
			--disable-pip-version-check pytest 'setuptools>=70.1'; \
	fi
	$(PYTEST_VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall \
		./python/pytest-gripfit
	cd python/pytest-gripfit && $(CURDIR)/$(PYTEST_VENV)/bin/python -m pytest -p no:cacheprovider -rs tests \
		--gripfit-binary $(CURDIR)/$(BIN) --gripfit-port simulate
	cd python/pytest-gripfit && $(CURDIR)/$(PYTEST_VENV)/bin/python tests/native_bridge.py $(CURDIR)/$(NATIVE_BRIDGE) \
		$(CURDIR)/$(BIN) -p no:cacheprovider -rs tests

## The labgrid driver (python/labgrid-gripfit, with pytest-gripfit's session code) in the labgrid venv, found
## through PYTHONPATH as an environment file's `imports:` finds it: tests/rack.py puts two simulators behind
## Debian's ser2net and runs tests/test_rack.py with tests/rack.yaml as --lg-env (check, readings, commands,
## export); then GripFitBridge's udev match against a fake bridge under umockdev. Skipped, saying so, without labgrid.
LABGRID_DRIVER_PATH := PYTHONPATH=$(CURDIR)/python/pytest-gripfit:$(CURDIR)/python/labgrid-gripfit
labgrid-driver-test: build labgrid-venv
	@if [ ! -x $(LABGRID_VENV)/bin/python ]; then echo "labgrid-driver-test skipped: no labgrid venv (make labgrid-venv)"; \
	else set -e; cd python/labgrid-gripfit; \
		$(LABGRID_DRIVER_PATH) $(CURDIR)/$(LABGRID_VENV)/bin/python tests/rack.py $(CURDIR)/$(BIN) -p no:cacheprovider -rs \
			tests/test_rack.py; \
		$(LABGRID_DRIVER_PATH) umockdev-run --device $(CURDIR)/Tests/UmockdevTestSupport/Fixtures/raytac-bridge.umockdev -- \
			$(CURDIR)/$(LABGRID_VENV)/bin/python -m pytest -p no:cacheprovider -rs tests/test_bridge.py; \
	fi

## The dashboard in headless Chromium through WebDriver (selenium from PyPI in a venv under .build).
browser-test: build
	Tests/Browser/run.sh

## Not part of `make test`: the dashboard's CPU at 50 Hz with one and four event streams, the
## page's memory over 10 minutes in headless Chromium (MINUTES=1 for a quick look), and the
## history tab over 20,000 sessions (under 1 s).
MINUTES ?= 10
bench-dashboard: test-deps
	$(SWIFT) build $(BENCH_FLAGS)
	Benchmarks/Dashboard/dashboard_cpu.py --clients 1 --target 1
	Benchmarks/Dashboard/dashboard_cpu.py --clients 4
	Tests/Browser/run.sh --venv-only
	.build/browser-venv/bin/python Benchmarks/Dashboard/page_memory.py --minutes $(MINUTES)
	.build/browser-venv/bin/python Benchmarks/Dashboard/history_pages.py

## The bridge core's host tests, then the unchanged sketch built natively against a fake radio and
## driven by the real gripfit-serial (check, and two minutes of radio faults; ASan+UBSan, TSan).
firmware-test: build
	$(MAKE) -C firmware-bridge test
	$(MAKE) -C firmware-bridge native-test GRIPFIT_SERIAL=$(CURDIR)/$(BIN)
	$(MAKE) -C firmware-bridge dfu-test GRIPFIT_SERIAL=$(CURDIR)/$(BIN) NRFUTIL=$(CURDIR)/$(NRFUTIL_VENV)/bin/adafruit-nrfutil
	$(MAKE) -C firmware-bridge gate-test GRIPFIT_SERIAL=$(CURDIR)/$(BIN)

## labgrid from PyPI in a venv of its own, for the labgrid integration test: made once, then reused.
## Without PyPI (offline) it says so and the test skips with that reason.
labgrid-venv:
	@if [ ! -x $(LABGRID_VENV)/bin/labgrid-client ]; then \
		echo "Installing labgrid from PyPI into $(LABGRID_VENV)"; \
		python3 -m venv $(LABGRID_VENV) && $(LABGRID_VENV)/bin/pip install --quiet --disable-pip-version-check labgrid \
			|| { rm -rf $(LABGRID_VENV); echo "labgrid could not be installed from PyPI: the labgrid test will be skipped"; }; \
	fi

## adafruit-nrfutil from PyPI (0.5.3.post16, its last release, 2021; not in Debian) in a venv of its
## own, for the fake bootloader's test: the real DFU sender proves the fake speaks the real protocol.
## Without it the DFU test fails and says how to make it.
nrfutil-venv:
	@if ! $(NRFUTIL_VENV)/bin/adafruit-nrfutil version 2>/dev/null | grep -q '0\.5\.3\.post16'; then \
		echo "Installing adafruit-nrfutil 0.5.3.post16 from PyPI into $(NRFUTIL_VENV)"; \
		rm -rf $(NRFUTIL_VENV); python3 -m venv $(NRFUTIL_VENV) && $(NRFUTIL_VENV)/bin/pip install --quiet \
			--disable-pip-version-check adafruit-nrfutil==0.5.3.post16 \
			|| { rm -rf $(NRFUTIL_VENV); echo "adafruit-nrfutil could not be installed from PyPI: the DFU test will fail"; }; \
	fi

## Two independent FHIR R4 models from PyPI in a venv of their own, for the FHIR Bundle tests:
## fhir.resources 6.1.0, the last release whose models are FHIR R4 (4.0.1) (6.5.0 models R4B, 4.3.0;
## 7.x and 8.x R5; it needs pydantic 1), and fhirclient 4.x, whose models are generated from R4 (4.0.1).
## Without them the FHIR tests fail (GRIPFIT_SKIP_FHIR=1 skips them).
fhir-venv:
	@if ! $(FHIR_VENV)/bin/python -c 'import fhir.resources as r, fhirclient.models.bundle; assert r.__fhir_version__ == "4.0.1"' \
		2>/dev/null; then \
		echo "Installing fhir.resources 6.1.0 and fhirclient 4.x (FHIR R4) from PyPI into $(FHIR_VENV)"; \
		rm -rf $(FHIR_VENV); python3 -m venv $(FHIR_VENV) && $(FHIR_VENV)/bin/pip install --quiet --disable-pip-version-check \
			'fhir.resources==6.1.0' 'pydantic>=1.10,<2' 'fhirclient>=4.3,<5' \
			|| { rm -rf $(FHIR_VENV); echo "fhir.resources or fhirclient could not be installed: the FHIR tests will fail (GRIPFIT_SKIP_FHIR=1 skips them)"; }; \
	fi

## Benchmarks, not part of `make test`: the core (LineFramer + MessageParser) with ordo-one/benchmark,
## then `monitor --format jsonl` end to end through a pty beside a pyserial loop (its 50 Hz figures judged
## as ratios to a C poll loop measured in the same run), then bench-history. Every part runs even when
## one misses; it prints the tables Benchmarks/README.md shows, and exits non-zero at the end if any target
## was missed or any part failed. Takes a few minutes (bench-history at 100,000 sessions: longer).
BENCH_VENV := Benchmarks/.venv
bench: deps bench-deps
	$(SWIFT) build $(BENCH_FLAGS)
	@missed=""; \
	(cd Benchmarks && $(SWIFT) package benchmark --target CoreBenchmarks --no-progress) || missed="$$missed core"; \
	(cd Benchmarks && $(SWIFT) package --allow-writing-to-directory .build benchmark --target CoreBenchmarks \
		--format jmh --path .build --no-progress) || missed="$$missed core-export"; \
	$(BENCH_VENV)/bin/python Benchmarks/end-to-end.py .build/release/gripfit-serial $(BENCH_VENV)/bin/python \
		Benchmarks/.build/Current_run.jmh.json || missed="$$missed end-to-end"; \
	$(MAKE) --no-print-directory bench-history || missed="$$missed bench-history"; \
	if [ -n "$$missed" ]; then echo "make bench: missed a target or failed in:$$missed (every part ran)" >&2; exit 1; fi; \
	echo "make bench: every part ran and met its targets"

## Not part of `make test`: the history at 1,000, 20,000 and 100,000 sessions of 10 s at 10 Hz (import,
## `export --all` with its RSS, `history --json`, the dashboard's first page), the table Benchmarks/README.md
## "Scale" shows, then the same on a throwaway PostgreSQL cluster and four stations recording into one history
## at once (shared_history.py); both run, and it fails at the end if either did. SIZES=1000,20000 for a quicker
## look; BACKEND=postgresql://host/db runs the first against a server. Then the audit trail's cost: 1,000 sessions
## saved with it and without (Benchmarks/AuditCost).
SIZES ?= 1000,20000,100000
bench-history: test-deps
	$(SWIFT) build $(BENCH_FLAGS)
	@failed=""; \
	Benchmarks/History/history_scale.py --binary .build/release/gripfit-serial --sizes $(SIZES) \
		$(if $(BACKEND),--backend '$(BACKEND)') || failed="$$failed history_scale"; \
	Benchmarks/History/shared_history.py --binary .build/release/gripfit-serial --sizes $(SIZES) || failed="$$failed shared_history"; \
	(cd Benchmarks && $(SWIFT) run -c release AuditCost) || failed="$$failed audit_cost"; \
	if [ -n "$$failed" ]; then echo "make bench-history: failed in:$$failed" >&2; exit 1; fi

## pyserial for the comparison loop, in a venv of its own (Debian's python3-venv makes it), and
## a C compiler for the poll loop's floor (Benchmarks/poll-floor.c).
bench-deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="python3-venv gcc libc6-dev"
	@[ -x $(BENCH_VENV)/bin/python ] || python3 -m venv $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python -c 'import serial' 2>/dev/null || $(BENCH_VENV)/bin/pip install --quiet pyserial==3.5

## Installs the Debian packages the build needs, only when one is missing (sudo when not root).
deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES)"

## And those the tests need on top.
test-deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(TEST_APT_PACKAGES)"

package-test-deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(PACKAGE_TEST_PACKAGES)"

.PHONY: apt-install
apt-install:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		$$sudo apt-get update && $$sudo apt-get install -y --no-install-recommends $$missing; \
	fi

## The udev rules: the dongle for the seat's user (uaccess) and dialout, a stable
## /dev/gripfit-bridge-<serial> name, ModemManager kept off. Run as root.
install-udev:
	install -D -m 0644 $(UDEV_RULES) $(DESTDIR)$(UDEV_RULES_DIR)/$(notdir $(UDEV_RULES))
	$(MAKE) --no-print-directory reload-udev

uninstall-udev:
	rm -f $(DESTDIR)$(UDEV_RULES_DIR)/$(notdir $(UDEV_RULES))
	$(MAKE) --no-print-directory reload-udev

.PHONY: reload-udev
reload-udev:
	@if [ -z "$(DESTDIR)" ] && [ -S /run/udev/control ] && command -v udevadm >/dev/null 2>&1; then \
		udevadm control --reload && udevadm trigger --subsystem-match=tty --action=change; \
		echo "udev rules reloaded; replug the dongle if it was plugged in before"; \
	else \
		echo "udev not running here (or DESTDIR set): the rules apply from the next udev start or replug"; \
	fi

## The release binary, built once with Swift's runtime linked in, stripped, with its man pages
## (one per subcommand) and bash/zsh/fish completions, all generated from the binary itself.
## The pages come from argument-parser's generate-manual, the tool its plugin runs: the plugin
## would build the whole package again in a configuration of its own.
## `dist` is a file target (named after the commit, so a new commit rebuilds): `make dist &&
## sudo make install` builds as the user and only copies as root.
dist: $(DIST_STAMP)

$(DIST_STAMP): Package.swift $(shell find Sources -type f) packaging/name-man-pages.sh
	$(SWIFT) build $(RELEASE_FLAGS)
	rm -rf $(DIST) && mkdir -p $(DIST)/man $(DIST)/completions
	install -m 0755 -s "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/gripfit-serial" $(DIST)/gripfit-serial
	$(SWIFT) build --product generate-manual
	"$$($(SWIFT) build --show-bin-path)/generate-manual" $(DIST)/gripfit-serial --multi-page \
		--output-directory $(DIST)/man --authors "the gripfit-serial authors"
	packaging/name-man-pages.sh $(DIST)/man
	@# A completion file is sourced, not run: no #! line (lintian).
	$(DIST)/gripfit-serial --generate-completion-script bash | sed '1{/^#!/d}' > $(DIST)/completions/gripfit-serial
	$(DIST)/gripfit-serial --generate-completion-script zsh > $(DIST)/completions/_gripfit-serial
	$(DIST)/gripfit-serial --generate-completion-script fish > $(DIST)/completions/gripfit-serial.fish
	touch $@

## Installs what `dist` made. The rules are reloaded only when installing to / (no DESTDIR).
install: $(DIST_STAMP)
	install -D -m 0755 $(DIST)/gripfit-serial $(DESTDIR)$(BINDIR)/gripfit-serial
	install -d -m 0755 $(DESTDIR)$(MAN1DIR)
	install -m 0644 $(DIST)/man/*.1 $(DESTDIR)$(MAN1DIR)/
	install -D -m 0644 $(DIST)/completions/gripfit-serial $(DESTDIR)$(BASH_COMPLETION_DIR)/gripfit-serial
	install -D -m 0644 $(DIST)/completions/_gripfit-serial $(DESTDIR)$(ZSH_COMPLETION_DIR)/_gripfit-serial
	install -D -m 0644 $(DIST)/completions/gripfit-serial.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/gripfit-serial.fish
	install -D -m 0644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -D -m 0644 $(UDEV_RULES) $(DESTDIR)$(UDEV_RULES_DIR)/$(notdir $(UDEV_RULES))
	@$(MAKE) --no-print-directory reload-udev

## Removes what `install` put there and the directory of its own, nothing else (the man pages
## are the ones named gripfit-serial and gripfit-serial-<subcommand>); needs no build.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gripfit-serial
	rm -f $(DESTDIR)$(MAN1DIR)/gripfit-serial.1 $(DESTDIR)$(MAN1DIR)/gripfit-serial-*.1
	rm -f $(DESTDIR)$(BASH_COMPLETION_DIR)/gripfit-serial
	rm -f $(DESTDIR)$(ZSH_COMPLETION_DIR)/_gripfit-serial
	rm -f $(DESTDIR)$(FISH_COMPLETION_DIR)/gripfit-serial.fish
	rm -f $(DESTDIR)$(DOCDIR)/README.md
	rmdir --ignore-fail-on-non-empty $(DESTDIR)$(DOCDIR) 2>/dev/null || true
	rm -f $(DESTDIR)$(UDEV_RULES_DIR)/$(notdir $(UDEV_RULES))
	@$(MAKE) --no-print-directory reload-udev

## The Debian package, with dpkg-deb: `make install` into a staging root with Debian's paths,
## man pages and docs gzipped, Depends from the binary's real shared libraries (dpkg-shlibdeps).
deb:
	rm -rf .build/deb && mkdir -p $(DEB_ROOT)/DEBIAN .build/deb/debian
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_ROOT) PREFIX=/usr
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/*.1 $(DEB_ROOT)/usr/share/doc/gripfit-serial/README.md
	install -m 0644 packaging/debian/copyright $(DEB_ROOT)/usr/share/doc/gripfit-serial/copyright
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@DATE@/$(DEB_DATE)/' packaging/debian/changelog \
		 | gzip -9n > $(DEB_ROOT)/usr/share/doc/gripfit-serial/changelog.gz
	install -m 0755 packaging/debian/postinst packaging/debian/postrm $(DEB_ROOT)/DEBIAN/
	printf 'Source: gripfit-serial\n\nPackage: gripfit-serial\nArchitecture: any\n' > .build/deb/debian/control
	cd .build/deb && dpkg-shlibdeps -O root/usr/bin/gripfit-serial > substvars
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@ARCH@/$(DEB_ARCH)/' \
		-e "s/@DEPENDS@/$$(sed -n 's/^shlibs:Depends=//p' .build/deb/substvars)/" \
		-e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)/" \
		packaging/debian/control > $(DEB_ROOT)/DEBIAN/control
	cd $(DEB_ROOT) && find usr -type f -exec md5sum {} + | sort -k2 > DEBIAN/md5sums
	chmod -R u=rwX,go=rX $(DEB_ROOT)
	@# xz level 1: a fifth of the default level's time (10 s, not 46 s) for a package 17% larger.
	dpkg-deb --root-owner-group -Zxz -z1 --build $(DEB_ROOT) $(DEB)

## The version the .deb gets (VersionTests checks it is BuildInfo.version).
.PHONY: print-version
print-version:
	@echo $(VERSION)

## After the Swift tests: the release binary without the toolchain, `make install`'s tree and
## `make uninstall`, then the .deb through lintian, apt-get install, use and removal.
package-test: package-test-deps
	packaging/test-package.sh

## libFuzzer targets (not part of `make test`): each runs FUZZ_RUNS executions from its committed
## seeds and dictionary (Fuzz/<target>/); new corpus entries and crashes go to .build/fuzz/.
## A crash is a bug: add its input as a regression test. `make fuzz FUZZ_TARGETS=trace FUZZ_RUNS=1000`.
## Allocation stacks are not recorded (Swift allocates a lot; ASan's stack depot would dominate)
## and leak checking is off (the Swift runtime keeps its metadata caches to the end).
FUZZ_TARGETS ?= session trace import timestamp
FUZZ_RUNS ?= 2000000
FUZZ_MAX_LEN ?= 2048
FUZZ_OUT := .build/fuzz
FUZZ_SWIFTC := swiftc -O -parse-as-library -sanitize=fuzzer,address -I $(FUZZ_OUT) -L $(FUZZ_OUT)

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_OUT)/corpus/$$target $(FUZZ_OUT)/crashes/$$target; \
		echo "== fuzz $$target: $(FUZZ_RUNS) runs"; \
		ASAN_OPTIONS=malloc_context_size=0:detect_leaks=0 \
		$(FUZZ_OUT)/fuzz-$$target -runs=$(FUZZ_RUNS) -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=2048 \
			-dict=Fuzz/$$target/dictionary -artifact_prefix=$(FUZZ_OUT)/crashes/$$target/ \
			-print_final_stats=1 $(FUZZ_OUT)/corpus/$$target Fuzz/$$target/seeds || exit 1; \
	done

## Core, Output and the exchange formats (with the clinical layer and the records they read) as
## instrumented static modules.
fuzz-build:
	@mkdir -p $(FUZZ_OUT)
	$(FUZZ_SWIFTC) -emit-library -static -emit-module -module-name GripFitCore \
		$(shell find Sources/GripFitCore -name "*.swift") -o $(FUZZ_OUT)/libGripFitCore.a
	$(FUZZ_SWIFTC) -emit-library -static -emit-module -module-name GripFitOutput \
		Sources/GripFitOutput/*.swift -o $(FUZZ_OUT)/libGripFitOutput.a
	for module in GripFitClinical GripFitRecords GripFitExchange; do \
		$(FUZZ_SWIFTC) -emit-library -static -emit-module -module-name $$module \
			$$(find Sources/$$module -name "*.swift") -o $(FUZZ_OUT)/lib$$module.a || exit 1; \
	done
	for target in session trace timestamp; do \
		$(FUZZ_SWIFTC) Fuzz/$$target/Harness.swift -lGripFitCore -o $(FUZZ_OUT)/fuzz-$$target || exit 1; \
	done
	$(FUZZ_SWIFTC) Fuzz/import/Harness.swift -lGripFitExchange -lGripFitRecords -lGripFitClinical -lGripFitOutput -lGripFitCore \
		-o $(FUZZ_OUT)/fuzz-import

clean:
	rm -rf .build $(LABGRID_VENV) $(NRFUTIL_VENV)
	$(MAKE) -C firmware-bridge clean
