# gripfit-serial — the two fresh-machine entry points are `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/gripfit-serial
APT_PACKAGES := libudev-dev pkg-config

.PHONY: demo test build deps firmware-test swift-test clean

## Live readings from the built-in simulated dongle (Ctrl-C to stop).
demo: deps build
	$(BIN) monitor --simulate

## Every test: the Swift suites and the bridge firmware's host-compiled core.
test: deps firmware-test swift-test

build:
	$(SWIFT) build

swift-test:
	$(SWIFT) test

firmware-test:
	$(MAKE) -C firmware-bridge test

## Installs the Debian packages the build needs, only when one is missing (sudo when not root).
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		$$sudo apt-get update && $$sudo apt-get install -y --no-install-recommends $$missing; \
	fi

clean:
	rm -rf .build
	$(MAKE) -C firmware-bridge clean
