#!/usr/bin/env python3
"""Validates FHIR R4 Bundles with the fhir.resources models (6.1.0, the last release of FHIR 4.0.1).

Usage: validate_fhir.py BUNDLE.json...  Exits 0 when every file parses as an R4 Bundle and keeps the
Observation invariant obs-7, 1 when one does not (its errors on stderr, naming the file), 2 on a usage
error or a models release that is not R4. The venv comes from `make fhir-venv`.

fhir.resources checks structure and datatypes, not FHIRPath invariants, so obs-7 (the one our
Observations could break: trials as components beside a value) is checked here by hand.
"""
import json
import sys

import fhir.resources
from fhir.resources.bundle import Bundle

R4 = "4.0.1"


def codings(concept):
    """The (system, code) pairs of a CodeableConcept."""
    return {(coding.get("system"), coding.get("code")) for coding in (concept or {}).get("coding", [])}


def obs7_violations(bundle):
    """obs-7: value.empty() or component.code.where(coding.intersect(%resource.code.coding).exists()).empty()."""
    problems = []
    for index, entry in enumerate(bundle.get("entry", [])):
        resource = entry.get("resource") or {}
        if resource.get("resourceType") != "Observation":
            continue
        if not any(key.startswith("value") for key in resource):
            continue
        own = codings(resource.get("code"))
        for number, component in enumerate(resource.get("component", [])):
            shared = own & codings(component.get("code"))
            if shared:
                problems.append(f"entry[{index}] Observation component[{number}] reuses the Observation's code "
                                f"{sorted(shared)} while the Observation has a value (obs-7)")
    return problems


def main(paths):
    if not paths:
        print("usage: validate_fhir.py BUNDLE.json...", file=sys.stderr)
        return 2
    if fhir.resources.__fhir_version__ != R4:
        print(f"fhir.resources {fhir.resources.__version__} models FHIR {fhir.resources.__fhir_version__}, "
              f"not R4 ({R4}): run `make fhir-venv`", file=sys.stderr)
        return 2
    failed = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
            if data.get("resourceType") != "Bundle":
                raise ValueError(f"resourceType is {data.get('resourceType')!r}, not 'Bundle'")
            Bundle.parse_obj(data)
            problems = obs7_violations(data)
            if problems:
                raise ValueError("\n".join(problems))
        except Exception as error:  # every refusal is reported, whatever raised it
            print(f"{path}: invalid FHIR R4 Bundle:\n{error}", file=sys.stderr)
            failed += 1
        else:
            print(f"{path}: valid FHIR R4 Bundle")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
