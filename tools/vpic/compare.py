#!/usr/bin/env python3
"""Compares vspec's VIN decodes with corgi's, field by field, and says for every kind of disagreement
which decoder follows NHTSA's rules, judged from the vPIC release itself (explain.py).

    tools/vpic/compare.py --vins /tmp/vpic-vins.tsv --vspec /tmp/vpic-vspec.jsonl --corgi /tmp/vpic-corgi.jsonl \\
        [--db vpic.lite.db] [--out /tmp/vpic-comparison.md]

Inputs: the comparison set of generate-vins.py (TSV), `vspec bench decode --out` (JSON lines of vspec's
VinDecoding, or {vin, error} for what is no VIN) and corgi-decode.mjs (JSON lines). The report is markdown.

Fields: make, model, model year, trim, series, body class, fuel (primary), doors, cylinders, displacement
(L), engine model, manufacturer, plant country, plant city. Only cosmetic differences are normalised: case,
runs of white space, numbers written differently ("2" and "2.0"), and vPIC's "Not Applicable", which vspec
leaves out and corgi passes on. corgi's body style (Sedan, SUV, Pickup, ...) is a lossy mapping of vPIC's
Body Class, so the body class compared is the vPIC value corgi's body style came from; corgi's fuel type
turns Gasoline + Electric into "Hybrid", so the fuel compared is its primary fuel.

Each disagreement is put into a class by looking at the vPIC data: which patterns of the WMI's VIN schemas
for that model year match the VIN (positions 4-8, '|', 10-17; '*', '[..]' classes, prefix match), which
one NHTSA's ranking picks (higher schema YearFrom, then the newer pattern, then fewer literal characters),
which pattern each decoder's value came from, and what corgi's own matching and confidence make of it.
"""
import argparse
import collections
import datetime
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import explain  # noqa: E402

# field: (vspec getter, corgi field, vPIC element id, label)
FIELDS = [
    ("make", lambda v: v.get("make"), "make", 26, "make"),
    ("model", lambda v: v.get("model"), "model", 28, "model"),
    ("year", lambda v: v.get("model_year"), "year", 29, "model year"),
    ("trim", lambda v: v.get("trim"), "trim", 38, "trim"),
    ("series", lambda v: v.get("series"), "series", 34, "series"),
    ("body_class", lambda v: v.get("body_class"), "body_class", 5, "body class"),
    ("fuel", lambda v: v.get("fuel_type"), "fuel_primary", 24, "fuel (primary)"),
    ("doors", lambda v: v.get("doors"), "doors", 14, "doors"),
    ("cylinders", lambda v: v.get("cylinders"), "cylinders", 9, "cylinders"),
    ("displacement", lambda v: v.get("displacement_l"), "displacement", 13, "displacement (L)"),
    ("engine_model", lambda v: v.get("engine_model"), "engine_model", 18, "engine model"),
    ("manufacturer", lambda v: v.get("manufacturer"), "manufacturer", 27, "manufacturer"),
    ("plant_country", lambda v: (v.get("plant") or {}).get("country"), "plant_country", 75, "plant country"),
    ("plant_city", lambda v: (v.get("plant") or {}).get("city"), "plant_city", 31, "plant city"),
]
ELEMENT_NAMES = {26: "Make", 28: "Model", 29: "Model Year", 38: "Trim", 34: "Series", 5: "Body Class",
                 24: "Fuel Type - Primary", 14: "Doors", 9: "Engine Number of Cylinders", 13: "Displacement (L)",
                 18: "Engine Model", 27: "Manufacturer Name", 75: "Plant Country", 31: "Plant City"}
PLANT = {75, 31}
NUMERIC = {"doors", "cylinders", "displacement", "year"}

VSPEC, CORGI, NEITHER, UNSURE = "vspec", "corgi", "neither", "unsure"


def norm(field, value):
    if value is None:
        return None
    text = re.sub(r"\s+", " ", str(value)).strip()
    if text == "" or text.lower() == "not applicable":
        return None
    if field in NUMERIC:
        try:
            number = float(text)
            return f"{number:g}"
        except ValueError:
            pass
    return text.upper()


def read_jsonl(path, what):
    try:
        with open(path) as f:
            out = {}
            for n, line in enumerate(f, 1):
                if line.strip():
                    try:
                        row = json.loads(line)
                    except json.JSONDecodeError as e:
                        sys.exit(f"compare: {path} line {n} is not JSON ({e.msg}): is it {what}'s output?")
                    out[row["vin"]] = row
            return out
    except OSError as e:
        sys.exit(f"compare: cannot read {what}'s decodes {path}: {e.strerror}")


def read_set(path):
    rows = {}
    try:
        with open(path) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    parts = line.rstrip("\n").split("\t")
                    rows[parts[0].strip()] = (parts[1] if len(parts) > 1 else "listed",
                                              parts[2] if len(parts) > 2 else "")
    except OSError as e:
        sys.exit(f"compare: cannot read the comparison set {path}: {e.strerror}")
    return rows


class Judge:
    """Classifies one field's disagreement on one VIN and says which decoder follows NHTSA's rules."""

    def __init__(self, release, current_year):
        self.release = release
        self.current_year = current_year

    def element_source(self, vspec, element_id):
        """vspec's own record of where an element came from: (source, schema, keys)."""
        name = ELEMENT_NAMES.get(element_id)
        for e in vspec.get("elements") or []:
            if e.get("name") == name:
                return e.get("source"), e.get("vin_schema_id"), e.get("keys")
        return None, None, None

    def year_class(self, vin, v_year, c_year, wmi):
        release = self.release
        light = release.light_vehicle(wmi)
        type_name = release.vehicle_types.get(wmi["vehicle_type"], "?")
        if c_year in (None, 0) or v_year is None:
            return ("model year: position 10 holds no year code (0, U or Z)", VSPEC,
                    "NHTSA reads no model year (code 11) and decodes with every year's schemas; corgi reads '0' as"
                    " year 0 and stops at U or Z", {})
        if not light:
            candidates = [y for y in (v_year, c_year)]
            values = {y: release.error_value(vin, y) for y in candidates}
            detail = {y: f"{values[y][1] or 'no codes 2-5/8'} (error value {values[y][0]})" for y in candidates}
            if values[v_year][0] != values[c_year][0]:
                nhtsa = max(candidates, key=lambda y: values[y][0])
                if nhtsa == v_year:
                    return (f"model year: {type_name.lower()} WMI, position 7 does not settle the year, NHTSA's error"
                            f" value picks vspec's; corgi applies the position-7 rule anyway", VSPEC,
                            "49 CFR 565.15's position-7 rule covers passenger cars, MPVs and light trucks only; for"
                            " this WMI spVinDecode decodes both years of the cycle and keeps the better pass, and"
                            " NHTSA's error value (codes 2-5 from the characters the year's keys allow) ranks"
                            " vspec's year first", detail)
                return ("model year: open year, vspec keeps the pass NHTSA's error value ranks lower (codes 2-5"
                        " not computed)", CORGI,
                        "spVinDecode ranks the two passes by ErrorValue first (fErrorValue: ErrorCode weights, -100"
                        " to -300 for codes 2-5, computed by spVinDecode_ErrorCode from the characters the keys"
                        " of the WMI's schemas for that year name, fExtractValidCharsPerWmiYear); vspec ranks by"
                        " codes 8 and 14 only, then element weight, and so keeps the other year. corgi's year is"
                        " right here only because its position-7 reading happens to give it", detail)
            return (f"model year: {type_name.lower()} WMI, position 7 does not settle the year, both passes have"
                    f" the same error value; corgi applies the position-7 rule anyway", VSPEC,
                    "49 CFR 565.15's position-7 rule covers passenger cars, MPVs and light trucks only; both years'"
                    " passes have the same NHTSA error value, so spVinDecode's next criterion, the weight of the"
                    " elements decoded, decides, as vspec does", detail)
        if c_year > self.current_year + 1 or v_year > self.current_year + 1:
            return ("model year: a year after next year", VSPEC,
                    "fVinModelYear2 goes back 30 years only after current year + 2; corgi already after current"
                    " year + 1", {})
        has = {y: any(f <= y <= (t or 2999) for _, f, t in wmi["links"]) for y in (v_year, c_year)}
        if not has[c_year] and has[v_year]:
            return ("model year: the position-7 year has no VIN schema, the other cycle has", VSPEC,
                    "spVinDecode reads a settled year the WMI has no schema for in the other 30-year cycle when that"
                    " one has schemas (the altMY swap); corgi keeps the year it read", {})
        return ("model year: other", UNSURE, "", {})

    def classify(self, vin, field, element, v_value, c_value, vspec, corgi):
        """(class, verdict, explanation, evidence) for one disagreement; values normalised."""
        release = self.release
        wmi = release.wmis.get(explain.wmi_of(vin))
        v_year, c_year = vspec.get("model_year"), corgi.get("year")
        corgi_codes = {e["code"] for e in corgi.get("errors") or []}
        if wmi is None:
            if field == "year":
                later = explain.later_cycle(vin[9])
                if later is not None and later > self.current_year + 2:
                    later -= 30
                return ("model year: WMI unknown to vPIC, position 7 cannot settle the year", VSPEC if v_year == later
                        else UNSURE, "fVinModelYear2 applies the position-7 rule only to WMIs vPIC registers as"
                        " passenger car, MPV or light truck; for an unknown WMI both passes end in code 7 and"
                        " spVinDecode keeps the later year (its last criterion); corgi applies the position-7 rule",
                        {"later year": later})
            return ("WMI unknown to vPIC", UNSURE, "", {})
        if field == "year":
            return self.year_class(vin, v_year, c_year, wmi)
        if "201" in corgi_codes:
            return ("corgi stops before the patterns: position 10 is no year code (its error 201)", VSPEC,
                    "NHTSA reports code 11 (no valid model year) and still decodes, with the schemas of every year;"
                    " corgi gives up", {})
        if v_year != c_year:
            return ("any field: follows from the model-year disagreement", None,
                    "the two decoders read different model years, so they consult different VIN schemas; see the"
                    " model-year classes for which year NHTSA's rules give", {})
        year = v_year
        if "400" in corgi_codes:
            return ("corgi keeps no pattern at all (its error 400)", VSPEC,
                    "every pattern NHTSA's rules match is dropped by corgi's own matching and confidence filter"
                    " (see the other classes), so corgi reports no matching patterns", {})
        if element == 27:
            return ("manufacturer: other", UNSURE, "", {})
        source, v_schema, v_keys = self.element_source(vspec, element)
        c_source = (corgi.get("sources") or {}).get(FIELD_TO_CORGI_SOURCE.get(field, field))
        if element == 26:
            return self.make_class(vin, year, v_value, c_value, wmi, corgi)
        if v_value is not None and c_value is None and source == "engine_model":
            return ("vspec adds the engine model's attributes (EngineModelPattern), corgi does not", VSPEC,
                    "spVinDecode_Core inserts the attributes of the decoded Engine Model from EngineModelPattern"
                    " (below any pattern's); corgi never reads that table", {"engine model": vspec.get("engine_model")})
        if v_value is not None and c_value is None and source == "conversion":
            return ("vspec converts units (vPIC's Conversion table), corgi does not", VSPEC,
                    "spVinDecode_Core fills an element from another through the Conversion table (cc to litres);"
                    " corgi reads Displacement (L) only where a pattern gives it", {})
        ranked = release.candidates(vin, year, element)
        usable = [c for c in ranked if c["unusable"] is None]
        winner = usable[0] if usable else None
        n_value = norm(field, winner["value"]) if winner else None
        evidence = {"NHTSA's pick": describe(winner) if winner else "no matching pattern",
                    "matching patterns": len(ranked)}
        if c_source:
            evidence["corgi's pattern"] = f"key {c_source.get('key')} ({c_source.get('schema')}, confidence" \
                                          f" {c_source.get('confidence'):.2f})"
        if v_value == n_value and c_value != n_value:
            if c_value is None:
                return self.corgi_dropped(vin, field, element, winner, corgi, corgi_codes, evidence)
            return self.corgi_other(vin, field, element, ranked, winner, c_source, evidence)
        if c_value == n_value and v_value != n_value:
            return ("vspec's value is not the one NHTSA's ranking picks", CORGI,
                    "NHTSA's ranking (explain.py) picks corgi's value: a possible vspec bug", evidence)
        if v_value is None and n_value is None and c_value is not None:
            return self.corgi_unmatched(vin, field, c_source, evidence)
        return ("neither value is the one NHTSA's ranking picks", NEITHER, "", evidence)

    def make_class(self, vin, year, v_value, c_value, wmi, corgi):
        release = self.release
        model = release.winner(vin, year, 28)
        makes = [m for m in wmi["makes"] if m]
        if v_value is None and c_value is not None and model is None:
            return ("make: no model decoded and the WMI has several makes", VSPEC,
                    "spVinDecode takes the make from the decoded model, else from the WMI only when it has exactly"
                    " one make; corgi names one of the WMI's makes (the first its SQL meets)",
                    {"WMI makes": ", ".join(makes)})
        if v_value is not None and c_value is None:
            return ("make: corgi decodes nothing beyond the WMI", VSPEC, "", {})
        return ("make: the model's make differs", UNSURE,
                "corgi takes the make of the last Model match it walks (its lowest-ranked), vspec the make of the"
                " model NHTSA's ranking picks", {"NHTSA's model": describe(model) if model else None,
                                                  "WMI makes": ", ".join(makes)})

    def corgi_dropped(self, vin, field, element, winner, corgi, corgi_codes, evidence):
        key = winner["key"]
        confidence = explain.corgi_confidence(key, vin)
        evidence["corgi's confidence in NHTSA's pick"] = f"{confidence:.2f}"
        if element == 31 and corgi.get("plant_country") is None and confidence > 0.3:
            return ("corgi reports a plant only when it found the plant country", VSPEC,
                    "NHTSA decodes each plant element on its own; corgi drops city and company when its plant"
                    " country match is missing (here dropped for one of the other reasons)", evidence)
        if element in PLANT:
            model_schema = ((corgi.get("sources") or {}).get("model") or {}).get("schema")
            if confidence > 0.3 and model_schema and model_schema != winner["schema_name"]:
                return ("plant: corgi keeps plant values only from the schema of its Model match", VSPEC,
                        "spVinDecode takes every element from whichever linked schema's pattern matches; the plant"
                        " patterns of most WMIs live in a plant schema of their own, whose matches corgi scores 0",
                        evidence)
        if confidence == 0:
            if "|" in key:
                return ("corgi judges a key with '|' by position 11 alone (a class there never matches)", VSPEC,
                        "NHTSA matches the whole key over positions 4-8, '|', 10-17; corgi compares position 11 with"
                        " the key's character there, and a class such as [A-C] is not a character", evidence)
            return ("corgi's matcher rejects a key that matches", VSPEC,
                    "NHTSA's prefix match accepts the key; corgi's does not (it matches keys without '|' over"
                    " positions 4-17 with the check digit in position 9's place)", evidence)
        threshold = 0.3 if element in PLANT else 0.5
        if confidence <= threshold:
            return ("corgi drops a match of low confidence (a key of mostly wildcards)", VSPEC,
                    "NHTSA keeps every matching pattern and ranks them; corgi drops matches whose confidence (literal"
                    f" 1, class 0.7-0.8, '*' 0.5, averaged) is {threshold} or less", evidence)
        return ("corgi drops the value for another reason", UNSURE, "", evidence)

    def corgi_other(self, vin, field, element, ranked, winner, c_source, evidence):
        key = (c_source or {}).get("key")
        if key is None:
            return ("corgi's value has no pattern it names", UNSURE, "", evidence)
        k = self.release.key(key)
        if not k.matches(explain.keys_of(vin)):
            if "|" in key:
                return ("corgi takes a key with '|' that does not match (judged by position 11 alone)", VSPEC,
                        "NHTSA matches the whole key over positions 4-8, '|', 10-17; corgi checks position 11 only"
                        " (any key whose position 11 is '*' matches every VIN)", evidence)
            return ("corgi takes a key that does not match by NHTSA's rules", VSPEC, "", evidence)
        if element == 28:
            return ("model: corgi ranks Model matches by its confidence, not by NHTSA's order", VSPEC,
                    "NHTSA ranks matches by the schema link's first year, then the newer pattern, then the key with"
                    " fewer literal characters; corgi takes the Model match with the highest confidence (the most"
                    " literal characters) and, on a tie, whichever its SQL returned first", evidence)
        return ("corgi lets a lower-ranked match win", VSPEC,
                "NHTSA keeps the best-ranked pattern per element (higher schema YearFrom, then the newer pattern,"
                " then the key with fewer literal characters); corgi sorts by its schema counts and confidence and"
                " keeps the last value it walks, the lowest-ranked", evidence)

    def corgi_unmatched(self, vin, field, c_source, evidence):
        key = (c_source or {}).get("key")
        if key and not self.release.key(key).matches(explain.keys_of(vin)):
            if "|" in key:
                return ("corgi takes a key with '|' that does not match (judged by position 11 alone)", VSPEC,
                        "NHTSA matches the whole key over positions 4-8, '|', 10-17; corgi checks position 11 only",
                        evidence)
            return ("corgi takes a key that does not match by NHTSA's rules", VSPEC, "", evidence)
        return ("only corgi has a value, from a key that matches", UNSURE,
                "the key matches; NHTSA's pattern may belong to an element it does not decode or a schema to be QCed",
                evidence)


FIELD_TO_CORGI_SOURCE = {"fuel": "fuel_primary", "year": "model"}


def audit_vspec(judge, vins, vspec):
    """vspec against explain.py's reading of NHTSA's rules on every decoded VIN, whatever corgi says: the
    open model years (NHTSA's error value of both passes) and each field's winning pattern."""
    release = judge.release
    years = collections.Counter()
    year_bad = []
    checks = collections.Counter()
    bad = collections.defaultdict(list)
    for vin in vins:
        v = vspec.get(vin)
        if not v or "error" in v:
            continue
        wmi = release.wmis.get(explain.wmi_of(vin))
        if wmi is None:
            continue
        year = v.get("model_year")
        later = explain.later_cycle(vin[9])
        if later is not None and not release.light_vehicle(wmi):
            candidates = [y for y in (later, later - 30) if y <= judge.current_year + 2]
            if len(candidates) == 2:
                years["open"] += 1
                value = {y: release.error_value(vin, y) for y in candidates}
                best = max(candidates, key=lambda y: value[y][0])
                if value[candidates[0]][0] == value[candidates[1]][0]:
                    years["tie"] += 1
                elif year == best:
                    years["right"] += 1
                else:
                    years["wrong"] += 1
                    year_bad.append((vin, year, best, {y: f"{value[y][1] or 'none'} ({value[y][0]})" for y in candidates}))
        for field, get, _, element, label in FIELDS:
            if element in (27, 29):
                continue
            mine = norm(field, get(v))
            if element == 26:
                w = release.winner(vin, year, 26)
                theirs = norm(field, w["value"]) if w else None
            else:
                source, _, _ = judge.element_source(v, element)
                ranked = [c for c in release.candidates(vin, year, element) if c["unusable"] is None and not c["formula"]]
                theirs = norm(field, ranked[0]["value"]) if ranked else None
                if source not in (None, "pattern") and theirs is None:
                    continue  # from the engine model or a conversion, where no pattern gives the element
                w = ranked[0] if ranked else None
            if mine is None and theirs is None:
                continue
            checks[(label, mine == theirs)] += 1
            if mine != theirs:
                bad[label].append((vin, mine, theirs, describe(w) if w else None))
    return years, year_bad, checks, bad


def describe(c):
    if not c:
        return None
    if c.get("key") is None:
        return f"{c.get('value')} (from the {c.get('via')})"
    return (f"{c['value']!r}: key {c['key']}, schema {c['schema']} ({c['schema_name']}), links from {c['year_from']},"
            f" changed {str(c['changed'])[:19]}, {c['literal_length']} literal characters")


def outcome_vspec(row):
    if row is None:
        return "missing"
    if "error" in row:
        return f"refused ({row['error']})"
    codes = row.get("nhtsa_error_codes") or []
    if 7 in codes:
        return "unknown WMI (code 7)"
    if row.get("model"):
        return "decoded with model"
    if row.get("model_year") is None:
        return "no model year (code 11)"
    return "decoded, no model"


def outcome_corgi(row):
    if row is None:
        return "missing"
    codes = sorted({e["code"] for e in row.get("errors") or []})
    fatal = [c for c in codes if c in ("100", "101", "201", "300", "400", "501", "exception")]
    if fatal:
        return "error " + "/".join(fatal)
    if row.get("model"):
        return "decoded with model" + (" (warnings " + "/".join(codes) + ")" if codes else "")
    return "decoded, no model" + (" (warnings " + "/".join(codes) + ")" if codes else "")


def table(out, header, rows):
    out.append("| " + " | ".join(header) + " |")
    out.append("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
    for r in rows:
        out.append("| " + " | ".join(str(x) for x in r) + " |")
    out.append("")


def md(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vins", required=True, help="the comparison set (generate-vins.py's TSV)")
    parser.add_argument("--vspec", required=True, help="vspec bench decode --out JSON lines")
    parser.add_argument("--corgi", required=True, help="corgi-decode.mjs JSON lines")
    parser.add_argument("--db", default=explain.DEFAULT_DB, help="the vPIC release both decoded with (default: %(default)s)")
    parser.add_argument("--out", default="/tmp/vpic-comparison.md", help="the report (default: %(default)s)")
    parser.add_argument("--current-year", type=int, default=datetime.date.today().year,
                        help="the year the decodes ran in (default: this year)")
    parser.add_argument("--examples", type=int, default=3, help="examples per class (default: %(default)s)")
    args = parser.parse_args()

    vins = read_set(args.vins)
    vspec = read_jsonl(args.vspec, "vspec bench decode")
    corgi = read_jsonl(args.corgi, "corgi-decode.mjs")
    if not vins:
        sys.exit(f"compare: {args.vins} holds no VINs")
    missing_v = [v for v in vins if v not in vspec]
    missing_c = [v for v in vins if v not in corgi]
    release = explain.Release(args.db)
    release.load_patterns({explain.wmi_of(v) for v in vins if len(v) >= 3},
                          element_ids=set(ELEMENT_NAMES) | {28})
    judge = Judge(release, args.current_year)

    out = [f"# vspec and corgi on {len(vins):,} VINs", ""]
    release_row = next((r.get("release") for r in vspec.values() if r.get("release")), None) or {}
    out.append(f"vPIC release: {release_row.get('data_date', '?')} (sha256 {str(release_row.get('sha256', '?'))[:12]}),"
               f" the same SQLite file for both. Set: `{args.vins}`; vspec: `{args.vspec}`; corgi: `{args.corgi}`."
               f" Generated {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC by tools/vpic/compare.py.")
    out.append("")
    if missing_v or missing_c:
        out.append(f"**Missing decodes**: {len(missing_v)} VINs have no vspec line, {len(missing_c)} no corgi line;"
                   " they are left out below.")
        out.append("")

    # outcomes by class of input
    out.append("## Outcome by kind of VIN")
    out.append("")
    by_class = collections.defaultdict(collections.Counter)
    for vin, (cls, _) in vins.items():
        by_class[cls][(outcome_vspec(vspec.get(vin)), outcome_corgi(corgi.get(vin)))] += 1
    rows = []
    for cls in sorted(by_class):
        for (ov, oc), n in by_class[cls].most_common():
            rows.append((cls, ov, oc, n))
    table(out, ["input class", "vspec", "corgi", "VINs"], rows)
    out.append("VINs with I, O or Q, or of another length than 17, are no VINs: vspec refuses them before decoding"
               " (the API answers 400 `invalid_vin`); corgi returns errors 101 and 100.")
    out.append("")

    # what the generated VINs were built to be
    built = collections.Counter()
    generated = 0
    for vin, (cls, note) in vins.items():
        if cls != "generated":
            continue
        meant = dict(part.split("=", 1) for part in note.split("; ") if "=" in part)
        if not {"make", "model", "year"} <= meant.keys():
            continue
        generated += 1
        for who, row, year_field in (("vspec", vspec.get(vin), "model_year"), ("corgi", corgi.get(vin), "year")):
            if not row or "error" in row:
                continue
            year_ok = str(row.get(year_field)) == meant["year"]
            model_ok = norm("model", row.get("model")) == norm("model", meant["model"])
            make_ok = norm("make", row.get("make")) == norm("make", meant["make"])
            built[(who, "year")] += year_ok
            built[(who, "make")] += make_ok
            built[(who, "model")] += model_ok
            built[(who, "all")] += year_ok and make_ok and model_ok
    if generated:
        out.append(f"## What the {generated:,} generated VINs were built to be")
        out.append("")
        out.append("Each generated VIN satisfies the key of one Model pattern of a schema its WMI links for the model"
                   " year it was built for. That pattern need not be the one NHTSA's ranking picks (another Model"
                   " pattern of the schemas may rank higher) and, where position 7 does not settle the year, the other"
                   " year of the cycle may decode better by NHTSA's rules; so this is a plausibility check, not the"
                   " verdict (the classes below are).")
        out.append("")
        table(out, ["decoder", "model year as built", "make as built", "model as built", "all three"],
              [(who, *(f"{built[(who, k)]:,} ({100 * built[(who, k)] / generated:.1f}%)"
                       for k in ("year", "make", "model", "all"))) for who in ("vspec", "corgi")])

    # field by field
    counts = collections.defaultdict(collections.Counter)
    classes = collections.defaultdict(list)
    compared = 0
    for vin, (cls, note) in vins.items():
        v, c = vspec.get(vin), corgi.get(vin)
        if v is None or c is None or "error" in v:
            continue
        compared += 1
        for field, get, c_field, element, label in FIELDS:
            a, b = norm(field, get(v)), norm(field, c.get(c_field))
            if a == b:
                counts[field]["agree" if a is not None else "neither"] += 1
                continue
            kind = "only vspec" if b is None else "only corgi" if a is None else "differ"
            counts[field][kind] += 1
            name, verdict, why, evidence = judge.classify(vin, field, element, a, b, v, c)
            classes[name].append(dict(vin=vin, field=label, kind=kind, vspec=a, corgi=b, verdict=verdict, why=why,
                                      evidence=evidence, input=cls, note=note))
    out.append(f"## Field by field ({compared:,} VINs both decoded)")
    out.append("")
    rows = []
    for field, _, _, _, label in FIELDS:
        k = counts[field]
        rows.append((label, k["agree"], k["differ"], k["only vspec"], k["only corgi"], k["neither"]))
    table(out, ["field", "agree", "disagree", "only vspec has a value", "only corgi has a value", "neither"], rows)

    # classes
    out.append("## Disagreements by class")
    out.append("")
    out.append("Verdict: which decoder follows NHTSA's rules (spVinDecode) on this class, from the vPIC data:"
               " the matching patterns of the WMI's schemas for the model year, ranked as NHTSA ranks them.")
    out.append("")
    ordered = sorted(classes.items(), key=lambda kv: -len(kv[1]))
    rows = []
    for name, items in ordered:
        verdicts = collections.Counter(i["verdict"] for i in items)
        fields = collections.Counter(i["field"] for i in items)
        rows.append((md(name), len(items), ", ".join(f"{f} {n}" for f, n in fields.most_common()),
                     ", ".join(f"{v or 'see year'} {n}" for v, n in verdicts.most_common())))
    table(out, ["class", "cases", "fields", "follows NHTSA's rules"], rows)
    for name, items in ordered:
        verdicts = collections.Counter(i["verdict"] for i in items)
        out.append(f"### {md(name)} ({len(items)})")
        out.append("")
        verdict = verdicts.most_common(1)[0][0]
        label = {VSPEC: "vspec follows NHTSA's rules", CORGI: "corgi's value is NHTSA's; vspec deviates",
                 NEITHER: "neither follows NHTSA's ranking", UNSURE: "not settled by this helper",
                 None: "as the model-year classes say"}[verdict]
        out.append(f"**Verdict: {label}.** {items[0]['why']}")
        out.append("")
        seen = set()
        shown = 0
        for item in items:
            if shown >= args.examples:
                break
            if (item["vin"], item["field"]) in seen:
                continue
            seen.add((item["vin"], item["field"]))
            shown += 1
            out.append(f"- `{item['vin']}` ({item['input']}: {md(item['note'][:90])}): {item['field']}: vspec"
                       f" **{md(item['vspec'])}**, corgi **{md(item['corgi'])}**")
            for k, val in item["evidence"].items():
                out.append(f"  - {k}: {md(val)}")
        out.append("")

    years, year_bad, checks, bad = audit_vspec(judge, vins, vspec)
    out.append("## vspec against the rules on every VIN")
    out.append("")
    out.append("Independently of corgi: every field vspec decoded from a pattern (and the make) against the pattern"
               " NHTSA's ranking picks among the matches of the WMI's schemas for vspec's model year (explain.py),"
               " and every open model year (a WMI the position-7 rule does not cover) against NHTSA's error value of"
               " the two passes (codes 2-5 from the characters the year's keys name, and 8).")
    out.append("")
    rows = []
    for field, _, _, element, label in FIELDS:
        if (label, True) in checks or (label, False) in checks:
            rows.append((label, checks[(label, True)], checks[(label, False)]))
    table(out, ["field", "vspec's value is NHTSA's pick", "differs"], rows)
    out.append(f"Open model years: {years['open']:,} VINs; the two passes tie on NHTSA's error value in"
               f" {years['tie']:,} (the element weight decides, as vspec does); vspec keeps the pass with the better"
               f" error value in {years['right']:,} and the worse in **{years['wrong']:,}**.")
    out.append("")
    for label, items in bad.items():
        out.append(f"- {label}: {len(items)} differ, e.g. " + "; ".join(
            f"`{vin}` vspec {md(a)}, NHTSA's pick {md(b)} ({md(w)})" for vin, a, b, w in items[:3]))
    if bad:
        out.append("")

    suspects = [i for items in classes.values() for i in items if i["verdict"] in (CORGI, NEITHER)]
    out.append("## Where vspec seems to break NHTSA's rules")
    out.append("")
    if year_bad:
        out.append(f"**Open model years**: on {len(year_bad)} VINs vspec keeps the pass that NHTSA's error value ranks"
                   " lower. spVinDecode orders the passes by ErrorValue (the sum of ErrorCode weights: -100 for codes"
                   " 2 and 3, -200 for 4, -300 for 5, -1000 for 8), then ElementsWeight, Patterns, ModelYear;"
                   " spVinDecode_ErrorCode computes codes 2-5 from the characters the keys of the WMI's schemas for"
                   " the pass's year name in positions 4-8 and 11-14 (fExtractValidCharsPerWmiYear, used when the"
                   " WMIYearValidChars cache is empty, as in the lite release). vspec does not compute codes 2-5 and"
                   " ranks by codes 8 and 14, then element weight, so a year whose schemas do not know the VIN's"
                   " characters can win on weight (plant elements, say) over the year that decodes the model:")
        out.append("")
        for vin, year, best, detail in year_bad:
            out.append(f"- `{vin}` ({md(vins[vin][1][:70])}): vspec {year}, NHTSA's error value picks {best};"
                       f" codes 2-5/8 by year: {md(detail)}")
        out.append("")
    if not suspects:
        out.append("None found: on every classified disagreement vspec's value is the one NHTSA's rules give.")
    else:
        out.append(f"Disagreements with corgi where corgi's value is the one NHTSA's rules give, or neither is:"
                   f" {len(suspects)}, with the evidence (`tools/vpic/explain.py VIN` shows the ranked patterns).")
        out.append("")
        for i in suspects[:60]:
            out.append(f"- `{i['vin']}` {i['field']}: vspec {md(i['vspec'])}, corgi {md(i['corgi'])} ({md(i['note'][:80])})")
            for k, val in i["evidence"].items():
                out.append(f"  - {k}: {md(val)}")
    out.append("")
    out.append("## Normalisation")
    out.append("")
    out.append("Compared after upper-casing, collapsing white space, reading numbers as numbers and treating vPIC's"
               " \"Not Applicable\" as no value. Not normalised, because they are not cosmetic: corgi's body style"
               " (a lossy mapping: its Body Class source value is compared instead) and corgi's \"Hybrid\" fuel type"
               " (its primary fuel is compared instead).")
    out.append("")
    try:
        with open(args.out, "w") as f:
            f.write("\n".join(out) + "\n")
    except OSError as e:
        sys.exit(f"compare: cannot write {args.out}: {e.strerror}")
    print(f"compare: {compared:,} VINs compared; {sum(len(i) for i in classes.values()):,} disagreements in"
          f" {len(classes)} classes; report: {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
