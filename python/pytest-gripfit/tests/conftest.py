# pytester runs small suites in a subprocess, to check what pytest itself reports (skips, the JUnit XML).
pytest_plugins = ["pytester"]
