# gripfit-serial — the two fresh-machine entry points are `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/gripfit-serial
APT_PACKAGES := libudev-dev pkg-config umockdev libsqlite3-dev zlib1g-dev tmux
UDEV_RULES := udev/70-gripfit-bridge.rules
UDEV_RULES_DIR ?= /etc/udev/rules.d

.PHONY: demo test build deps firmware-test swift-test bench bench-deps install-udev uninstall-udev clean fuzz fuzz-build

## Live readings from the built-in simulated dongle (Ctrl-C to stop).
demo: deps build
	$(BIN) monitor --simulate

## Every test: the Swift suites and the bridge firmware's host-compiled core.
test: deps firmware-test swift-test

build:
	$(SWIFT) build

## Everything plainly (the udev tests skip), then the XCTest cases again under umockdev's preload,
## where the udev and hotplug tests run against fake dongles; GRIPFIT_REQUIRE_UMOCKDEV makes a
## missing preload a failure, not a skip. The udev tests are XCTest cases because they must run
## one at a time; the rest stays outside the preload, which hides /dev/pts from other users.
swift-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	GRIPFIT_REQUIRE_UMOCKDEV=1 umockdev-wrapper $(SWIFT) test --skip-build --disable-swift-testing

firmware-test:
	$(MAKE) -C firmware-bridge test

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
FUZZ_STORE_SOURCES := $(filter-out Sources/GripFitStore/SessionStore.swift Sources/GripFitStore/Zlib.swift \
	Sources/GripFitStore/StoredRow.swift,$(wildcard Sources/GripFitStore/*.swift))

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_OUT)/corpus/$$target $(FUZZ_OUT)/crashes/$$target; \
		echo "== fuzz $$target: $(FUZZ_RUNS) runs"; \
		ASAN_OPTIONS=malloc_context_size=0:detect_leaks=0 \
		$(FUZZ_OUT)/fuzz-$$target -runs=$(FUZZ_RUNS) -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=2048 \
			-dict=Fuzz/$$target/dictionary -artifact_prefix=$(FUZZ_OUT)/crashes/$$target/ \
			-print_final_stats=1 $(FUZZ_OUT)/corpus/$$target Fuzz/$$target/seeds || exit 1; \
	done

## Core, Output and the store's file formats (not its SQLite half) as instrumented static modules.
fuzz-build:
	@mkdir -p $(FUZZ_OUT)
	$(FUZZ_SWIFTC) -emit-library -static -emit-module -module-name GripFitCore \
		Sources/GripFitCore/*.swift -o $(FUZZ_OUT)/libGripFitCore.a
	$(FUZZ_SWIFTC) -emit-library -static -emit-module -module-name GripFitOutput \
		Sources/GripFitOutput/*.swift -o $(FUZZ_OUT)/libGripFitOutput.a
	$(FUZZ_SWIFTC) -emit-library -static -emit-module -module-name GripFitStore \
		$(FUZZ_STORE_SOURCES) -o $(FUZZ_OUT)/libGripFitStore.a
	for target in session trace timestamp; do \
		$(FUZZ_SWIFTC) Fuzz/$$target/Harness.swift -lGripFitCore -o $(FUZZ_OUT)/fuzz-$$target || exit 1; \
	done
	$(FUZZ_SWIFTC) Fuzz/import/Harness.swift -lGripFitStore -lGripFitOutput -lGripFitCore -o $(FUZZ_OUT)/fuzz-import

clean:
	rm -rf .build
	$(MAKE) -C firmware-bridge clean
