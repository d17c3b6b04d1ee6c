#!/usr/bin/env python3
"""Validates FHIR R4 Bundles with two independent R4 models: fhir.resources (6.1.0, the last release of
FHIR 4.0.1; pydantic) and fhirclient's (4.x, generated from the FHIR 4.0.1 definitions by SMART on FHIR).

Usage: validate_fhir.py BUNDLE.json...  Exits 0 when every file parses as an R4 Bundle in both models and
keeps the invariants checked by hand below, 1 when one does not (its errors on stderr, naming the file and
the model), 2 on a usage error or a models release that is not R4. The venv comes from `make fhir-venv`.

Neither model checks FHIRPath invariants, so those our Bundles could break are checked here by hand:
obs-7 (trials as components beside a value), and in a transaction bdl-... (every entry has a request)
and that each conditional create's ifNoneExist names its resource's own identifier.
"""
import json
import sys
import urllib.parse

import fhir.resources
import fhirclient.models.bundle
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


def token(text):
    """A token search's system or value as FHIR escapes it: a backslash before \\, |, , and $."""
    return "".join("\\" + c if c in "\\|,$" else c for c in text or "")


def transaction_violations(bundle):
    """A transaction's entries each carry a request; a conditional create names the resource's identifier."""
    if bundle.get("type") != "transaction":
        return [f"entry[{index}] has a request, which only a batch, transaction or history may (bdl-3)"
                for index, entry in enumerate(bundle.get("entry", [])) if "request" in entry]
    problems = []
    for index, entry in enumerate(bundle.get("entry", [])):
        request = entry.get("request")
        resource = entry.get("resource") or {}
        if not request:
            problems.append(f"entry[{index}] has no request, which a transaction requires (bdl-3)")
            continue
        if request.get("method") == "POST":
            if request.get("url") != resource.get("resourceType"):
                problems.append(f"entry[{index}] POSTs to {request.get('url')!r}, not its {resource.get('resourceType')!r}")
            query = urllib.parse.parse_qs(request.get("ifNoneExist", ""))
            wanted = {f"{token(i.get('system'))}|{token(i.get('value'))}" for i in resource.get("identifier", [])}
            given = set(query.get("identifier", []))
            if not given or not given <= wanted:
                problems.append(f"entry[{index}] ifNoneExist {request.get('ifNoneExist')!r} names none of its identifiers")
    return problems


def fhirclient_release():
    """The FHIR release fhirclient's models were generated from, read from the Bundle model's header."""
    with open(fhirclient.models.bundle.__file__, encoding="utf-8") as handle:
        header = handle.read(400)
    return header.split("Generated from FHIR ", 1)[1].split("-", 1)[0].split(" ", 1)[0] if "Generated from FHIR " in header else None


def fhirclient_r4(data):
    """fhirclient's R4 Bundle, strict: an unknown element, a wrong type or a missing required one raises."""
    fhirclient.models.bundle.Bundle(data, strict=True)


def main(paths):
    if not paths:
        print("usage: validate_fhir.py BUNDLE.json...", file=sys.stderr)
        return 2
    if fhir.resources.__fhir_version__ != R4:
        print(f"fhir.resources {fhir.resources.__version__} models FHIR {fhir.resources.__fhir_version__}, "
              f"not R4 ({R4}): run `make fhir-venv`", file=sys.stderr)
        return 2
    if fhirclient_release() != R4:
        print(f"fhirclient's models are FHIR {fhirclient_release()}, not R4 ({R4}): run `make fhir-venv`", file=sys.stderr)
        return 2
    failed = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
            if data.get("resourceType") != "Bundle":
                raise ValueError(f"resourceType is {data.get('resourceType')!r}, not 'Bundle'")
            # Both models see every Bundle, so each refusal names the model that made it.
            problems = []
            for model, parse in (("fhir.resources", Bundle.parse_obj), ("fhirclient", fhirclient_r4)):
                try:
                    parse(data)
                except Exception as error:  # each model raises its own error types
                    problems.append(f"{model}: {error}")
            problems += obs7_violations(data) + transaction_violations(data)
            if problems:
                raise ValueError("\n".join(problems))
        except Exception as error:  # every refusal is reported, whatever raised it
            print(f"{path}: invalid FHIR R4 Bundle:\n{error}", file=sys.stderr)
            failed += 1
        else:
            print(f"{path}: valid FHIR R4 Bundle (fhir.resources and fhirclient)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
