# gripfit-serial — the two fresh-machine entry points are `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/gripfit-serial
APT_PACKAGES := libudev-dev pkg-config umockdev libsqlite3-dev zlib1g-dev tmux ser2net libxml2-utils python3-venv
UDEV_RULES := udev/70-gripfit-bridge.rules
UDEV_RULES_DIR ?= /etc/udev/rules.d
LABGRID_VENV := .build-venv/labgrid

.PHONY: demo test build deps labgrid-venv firmware-test swift-test bench bench-deps install-udev uninstall-udev clean

## Live readings from the built-in simulated dongle (Ctrl-C to stop).
demo: deps build
	$(BIN) monitor --simulate

## Every test: the Swift suites and the bridge firmware's host-compiled core.
test: deps labgrid-venv firmware-test swift-test

build:
	$(SWIFT) build

## Everything plainly (the udev tests skip), then the XCTest cases again under umockdev's preload,
## where the udev and hotplug tests run against fake dongles; GRIPFIT_REQUIRE_UMOCKDEV makes a
## missing preload a failure, not a skip, as GRIPFIT_REQUIRE_SER2NET does for the network port tests. The udev tests are XCTest cases because they must run
## one at a time; the rest stays outside the preload, which hides /dev/pts from other users.
swift-test:
	$(SWIFT) build --build-tests
	GRIPFIT_REQUIRE_SER2NET=1 $(SWIFT) test --skip-build
	GRIPFIT_REQUIRE_UMOCKDEV=1 umockdev-wrapper $(SWIFT) test --skip-build --disable-swift-testing

firmware-test:
	$(MAKE) -C firmware-bridge test

## labgrid from PyPI in a venv of its own, for the labgrid integration test: made once, then reused.
## Without PyPI (offline) it says so and the test skips with that reason.
labgrid-venv:
	@if [ ! -x $(LABGRID_VENV)/bin/labgrid-client ]; then \
		echo "Installing labgrid from PyPI into $(LABGRID_VENV)"; \
		python3 -m venv $(LABGRID_VENV) && $(LABGRID_VENV)/bin/pip install --quiet --disable-pip-version-check labgrid \
			|| { rm -rf $(LABGRID_VENV); echo "labgrid could not be installed from PyPI: the labgrid test will be skipped"; }; \
	fi

## Benchmarks, not part of `make test`: the core (LineFramer + MessageParser) with ordo-one/benchmark,
## then `monitor --format jsonl` end to end through a pty beside a pyserial loop. Prints the table
## README "Performance" shows and fails if a target is missed. Takes a few minutes.
BENCH_VENV := Benchmarks/.venv
bench: deps bench-deps
	$(SWIFT) build -c release --product gripfit-serial
	cd Benchmarks && $(SWIFT) package benchmark --target CoreBenchmarks --no-progress
	cd Benchmarks && $(SWIFT) package --allow-writing-to-directory .build benchmark --target CoreBenchmarks \
		--format jmh --path .build --no-progress
	$(BENCH_VENV)/bin/python Benchmarks/end-to-end.py .build/release/gripfit-serial $(BENCH_VENV)/bin/python \
		Benchmarks/.build/Current_run.jmh.json

## pyserial for the comparison loop, in a venv of its own (Debian's python3-venv makes it).
bench-deps:
	@dpkg -s python3-venv >/dev/null 2>&1 || python3 -c 'import ensurepip' 2>/dev/null || { \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		$$sudo apt-get update && $$sudo apt-get install -y --no-install-recommends python3-venv; }
	@[ -x $(BENCH_VENV)/bin/python ] || python3 -m venv $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python -c 'import serial' 2>/dev/null || $(BENCH_VENV)/bin/pip install --quiet pyserial==3.5

## Installs the Debian packages the build needs, only when one is missing (sudo when not root).
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
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
	@if [ -z "$(DESTDIR)" ] && command -v udevadm >/dev/null 2>&1; then \
		udevadm control --reload && udevadm trigger --subsystem-match=tty --action=change; \
		echo "udev rules reloaded; replug the dongle if it was plugged in before"; \
	else \
		echo "udevadm not found (or DESTDIR set): the rules apply from the next udev start or replug"; \
	fi

clean:
	rm -rf .build $(LABGRID_VENV)
	$(MAKE) -C firmware-bridge clean
