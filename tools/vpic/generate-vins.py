#!/usr/bin/env python3
"""Writes a comparison set of VINs for two VIN decoders, built from an NHTSA vPIC release (SQLite).

Output: TSV, one VIN a line, `vin<TAB>class<TAB>note`, with a header line starting with '#'.

Classes:
  generated         built from a Model pattern of vPIC (note: make=..; model=..; year=..; kind=..; wmi=..;
                    schema=..; keys=..: what it was built to be, and from which keys); positions 4-8 and 10-17 satisfy the pattern's key, position
                    10 is the year's code, position 9 the check digit 49 CFR 565.15 computes
  fixture           a real VIN from public test fixtures, as published
  fixture_corrected a fixture whose published check digit does not calculate, with the digit corrected
  bad_check_digit   a generated VIN with another check digit
  unknown_wmi       a generated VIN under a WMI vPIC does not hold (check digit recomputed)
  bad_year_char     a generated VIN with 0, U or Z in position 10 (check digit recomputed)
  invalid_char_ioq  a generated VIN with I, O or Q somewhere: no VIN at all, refused before decoding
                    (vspec answers 400 invalid_vin)
  wrong_length      16 or 18 characters: refused before decoding as well (400 invalid_vin)

Generated VINs come from the WMIs of about 60 popular makes (passenger cars, MPVs, trucks, motorcycles,
buses), for model years 1997-2026 that the WMI's VIN schemas cover. For passenger cars, MPVs and trucks
position 7 is chosen so that the position-7 rule of 49 CFR 565.15 (a digit: 1980-2009, a letter:
2010-2039) gives the intended year; for motorcycles and buses, to which the rule does not apply, it is
whatever the keys allow. Positions a key leaves open take characters that some key of the WMI's schemas for
that year names there (NHTSA reports any other character in positions 4-8 and 11-14 as an error, codes 2-5),
else random VIN characters; positions 13-17 are digits. Most VINs also satisfy one or two further
patterns of the same schema (trim, series, engine, body, drive), so that more elements decode. The same
--seed and --count give the same file.

    tools/vpic/generate-vins.py --db vpic.lite.db --out /tmp/vpic-vins.tsv [--count 5000] [--seed 1]
"""
import argparse
import collections
import os
import random
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from explain import DEFAULT_DB, YEAR_CODES, Key, check_digit  # noqa: E402  (one reading of keys and check digits)

VIN_CHARS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
DIGITS = "0123456789"
FIRST_YEAR, LAST_YEAR = 1997, 2026

# Real VINs from public test fixtures (decoder test suites, NHTSA examples, documentation).
FIXTURES = [
    "1HGCM82633A004352", "KM8K2CAB4PU001140", "19XFC2F52KE715372", "1FTFW1ET5BFC10312",
    "2GCEC13C981202392", "2D4RN6DX5AR939562", "2FTCF15F2ECA55516", "1N4AL3AP8JC231503",
    "JH4KA7561PC008269", "5YJ3E1EA7KF317000", "WDC1668731A298010", "3AKJHHDR1KSKX6688",
    "1G1ZT53826F109149", "JTDKB20U093500000", "1C4RJFBG0FC625797",
]

# Popular makes by kind of vehicle; a make's WMIs of other kinds are not used for it.
KINDS = {
    # passenger cars, MPVs and trucks: vPIC vehicle types 2, 7 and 3
    "light": (["ACURA", "ALFA ROMEO", "AUDI", "BMW", "BUICK", "CADILLAC", "CHEVROLET", "CHRYSLER", "DODGE",
               "FIAT", "FORD", "GENESIS", "GMC", "HONDA", "HUMMER", "HYUNDAI", "INFINITI", "JAGUAR", "JEEP",
               "KIA", "LAND ROVER", "LEXUS", "LINCOLN", "MASERATI", "MAZDA", "MERCEDES-BENZ", "MERCURY", "MINI",
               "MITSUBISHI", "NISSAN", "PONTIAC", "PORSCHE", "RAM", "RIVIAN", "SATURN", "SUBARU", "TESLA",
               "TOYOTA", "VOLKSWAGEN", "VOLVO"], (2, 7, 3), 0.80),
    "heavy truck": (["FREIGHTLINER", "INTERNATIONAL", "KENWORTH", "MACK", "PETERBILT", "WESTERN STAR", "HINO",
                     "ISUZU"], (3,), 0.07),
    "motorcycle": (["HARLEY-DAVIDSON", "HONDA", "YAMAHA", "KAWASAKI", "SUZUKI", "DUCATI", "TRIUMPH", "KTM",
                    "BMW", "POLARIS"], (1,), 0.08),
    "bus": (["BLUE BIRD", "IC BUS", "NEW FLYER", "PREVOST", "MOTOR COACH INDUSTRIES", "GILLIG", "FREIGHTLINER",
             "INTERNATIONAL"], (5,), 0.05),
}
POSITION_7_RULE_TYPES = {2, 3, 7}
# Elements whose patterns a generated VIN also tries to satisfy, besides its Model pattern
EXTRA_ELEMENTS = [38, 34, 18, 13, 9, 5, 15, 24]
BROKEN_SHARE = {"bad_check_digit": 0.016, "unknown_wmi": 0.012, "bad_year_char": 0.012, "invalid_char_ioq": 0.008,
                "wrong_length": 0.006}


def with_check_digit(vin):
    return vin[:8] + check_digit(vin) + vin[9:]


def year_code(year):
    return YEAR_CODES[(year - 1980) % 30]


class Release:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        q = self.db.execute
        self.makes = {i: n for i, n in q("select Id, Name from Make")}
        self.models = {i: n for i, n in q("select Id, Name from Model")}
        self.model_makes = collections.defaultdict(set)
        for make, model in q("select MakeId, ModelId from Make_Model"):
            self.model_makes[model].add(make)
        self.all_wmis = {w for (w,) in q("select upper(trim(Wmi)) from Wmi")}
        self.wmis = {}
        for wid, code, vtype, ttype, public in q(
                "select Id, upper(trim(Wmi)), VehicleTypeId, TruckTypeId, PublicAvailabilityDate from Wmi"):
            self.wmis[wid] = (code, vtype, ttype, public)
        self.wmi_makes = collections.defaultdict(set)
        for wid, make in q("select WmiId, MakeId from Wmi_Make"):
            self.wmi_makes[wid].add(make)
        self.links = collections.defaultdict(list)
        for wid, schema, year_from, year_to in q("select WmiId, VinSchemaId, YearFrom, YearTo from Wmi_VinSchema"):
            self.links[wid].append((schema, year_from, year_to if year_to is not None else 2999))
        self.schema_names = {i: n for i, n in q("select Id, Name from VinSchema")}
        self._patterns = None
        self._schema_keys = None
        self._valid = {}

    def patterns(self, schema):
        """(model patterns, extra patterns by element) of a schema: lists of (key text, attribute)."""
        if self._patterns is None:
            self._patterns = collections.defaultdict(lambda: ([], collections.defaultdict(list)))
            elements = ",".join(str(e) for e in [28] + EXTRA_ELEMENTS)
            for schema_id, keys, element, attribute in self.db.execute(
                    f"select VinSchemaId, Keys, ElementId, AttributeId from Pattern where ElementId in ({elements})"
                    " order by Id"):
                models, extra = self._patterns[schema_id]
                (models if element == 28 else extra[element]).append((keys.strip(), attribute))
        return self._patterns[schema]


    def valid_chars(self, wid, year):
        """NHTSA's fExtractValidCharsPerWmiYear: per position, the characters the keys of the WMI's schemas
        for the year name there ('*' names none)."""
        if (wid, year) in self._valid:
            return self._valid[(wid, year)]
        if self._schema_keys is None:
            self._schema_keys = collections.defaultdict(set)
            for schema_id, keys in self.db.execute("select distinct VinSchemaId, Keys from Pattern"):
                self._schema_keys[schema_id].add(keys.strip())
        chars = collections.defaultdict(set)
        anything = set(VIN_CHARS) | {"|"}
        for schema, y_from, y_to in self.links[wid]:
            if y_from <= year <= y_to:
                for text in self._schema_keys.get(schema, ()):
                    for index, allowed in enumerate(Key(text).sets):
                        if allowed != anything:
                            chars[index + 4] |= allowed - {"|"}
        self._valid[(wid, year)] = chars
        return chars


def candidates(release, kind, makes, vehicle_types, now):
    """(make id, make name, wmi id) for every public WMI of these makes and vehicle types with a schema link
    in the years asked for."""
    wanted = {n.upper(): i for i, n in release.makes.items() if n.upper() in makes}
    out = collections.defaultdict(list)
    for wid, (code, vtype, ttype, public) in sorted(release.wmis.items()):
        if vtype not in vehicle_types or (public is not None and public > now):
            continue
        if len(code) != 3 and len(code) != 6:
            continue
        if not any(y_from <= LAST_YEAR and y_to >= FIRST_YEAR for _, y_from, y_to in release.links[wid]):
            continue
        for make_id in sorted(release.wmi_makes[wid]):
            name = release.makes[make_id].upper()
            if name in wanted:
                out[name].append((make_id, wid))
    missing = sorted(set(makes) - set(out))
    return out, missing


def build_vin(rng, wmi_code, year, rule7, keys, valid=None):
    """A VIN for this WMI and year whose keys string satisfies every key in `keys`, or None. Where `valid`
    (position -> characters some key of the WMI's schemas for the year names there) allows, the other
    positions take characters the year's keys know, as a real VIN's would: NHTSA reports any other
    character in positions 4-8 and 11-14 as an error (codes 2-5)."""
    allowed = {}
    for position in list(range(4, 9)) + list(range(10, 18)):
        if position == 10:
            chars = {year_code(year)}
        elif position >= (15 if len(wmi_code) == 6 else 13):
            chars = set(DIGITS)
        else:
            chars = set(VIN_CHARS)
        if position == 7 and rule7:
            chars &= set(DIGITS) if year < 2010 else set(LETTERS)
        if len(wmi_code) == 6 and 12 <= position <= 14:
            chars &= {wmi_code[position - 9]}
        allowed[position] = chars
    for key in keys:
        if len(key.sets) > 5 and "|" not in key.sets[5]:
            return None
        for index, chars in enumerate(key.sets):
            if index == 5:
                continue
            position = index + 4
            if position > 17:
                return None
            allowed[position] = allowed[position] & chars
            if not allowed[position]:
                return None
    for position, chars in (valid or {}).items():
        if position in allowed and chars and allowed[position] & chars:
            allowed[position] = allowed[position] & chars
    vin = list(wmi_code[:3] + "?" * 14)
    for position, chars in allowed.items():
        vin[position - 1] = rng.choice(sorted(chars))
    vin[8] = "0"
    return with_check_digit("".join(vin))


def generate(release, rng, count, now):
    generated = []
    spread = []
    seen = set()
    plan = []
    for kind, (makes, vehicle_types, share) in KINDS.items():
        wmis, missing = candidates(release, kind, makes, vehicle_types, now)
        if missing:
            print(f"generate-vins: no {kind} WMIs with VIN schemas for {', '.join(missing)}", file=sys.stderr)
        plan.append((kind, wmis, max(1, round(count * share))))
    for kind, wmis, wanted in plan:
        makes = sorted(wmis)
        made = 0
        attempts = 0
        while made < wanted and attempts < wanted * 200:
            attempts += 1
            make_name = makes[attempts % len(makes)] if attempts <= len(makes) else rng.choice(makes)
            make_id, wid = rng.choice(wmis[make_name])
            code, vtype, _, _ = release.wmis[wid]
            years = sorted({y for schema, y_from, y_to in release.links[wid]
                            for y in range(max(y_from, FIRST_YEAR), min(y_to, LAST_YEAR) + 1)})
            if not years:
                continue
            year = rng.choice(years)
            schemas = sorted({s for s, y_from, y_to in release.links[wid] if y_from <= year <= y_to})
            schema = rng.choice(schemas)
            models, extra = release.patterns(schema)
            mine = [(k, a) for k, a in models if a.strip().isdigit()
                    and make_id in release.model_makes.get(int(a), ())]
            if not mine:
                continue
            key_text, model_id = rng.choice(mine)
            key = Key(key_text)
            if key.formula:
                continue
            keys = [key]
            used = [key_text]
            for _ in range(rng.choice([0, 1, 1, 2])):
                element = rng.choice([e for e in EXTRA_ELEMENTS if extra.get(e)] or [None])
                if element is None:
                    break
                extra_text, _ = rng.choice(extra[element])
                if extra_text in used:
                    continue
                extra_key = Key(extra_text)
                if not extra_key.formula and build_vin(random.Random(0), code, year, vtype in POSITION_7_RULE_TYPES,
                                                       keys + [extra_key]):
                    keys.append(extra_key)
                    used.append(extra_text)
            vin = build_vin(rng, code, year, vtype in POSITION_7_RULE_TYPES, keys, release.valid_chars(wid, year))
            if vin is None or vin in seen:
                continue
            seen.add(vin)
            model = release.models.get(int(model_id), model_id)
            note = (f"make={release.makes[make_id]}; model={model}; year={year}; kind={kind}; wmi={code};"
                    f" schema={schema} ({release.schema_names.get(schema, '?').strip().replace(';', ',')});"
                    f" keys={' + '.join(used)}")
            generated.append((vin, "generated", note.replace("\t", " ")))
            spread.append((release.makes[make_id].upper(), year))
            made += 1
        if made < wanted:
            print(f"generate-vins: only {made} of {wanted} {kind} VINs could be built", file=sys.stderr)
    return generated, spread


def fixtures():
    out = []
    for vin in FIXTURES:
        expected = check_digit(vin)
        if vin[8] == expected:
            out.append((vin, "fixture", "public test fixture"))
        else:
            out.append((vin, "fixture", f"public test fixture; its check digit does not calculate (49 CFR gives {expected})"))
            out.append((with_check_digit(vin), "fixture_corrected", f"{vin} with the check digit corrected"))
    return out


def broken(release, rng, generated, count):
    out = []
    sample = [vin for vin, _, _ in generated]
    notes = {vin: " ".join(part.split("=", 1)[1] for part in note.split("; ")[:3]) for vin, _, note in generated}
    n = {cls: max(5, round(count * share)) for cls, share in BROKEN_SHARE.items()}
    for vin in rng.sample(sample, n["bad_check_digit"]):
        wrong = rng.choice([c for c in DIGITS + "X" if c != vin[8]])
        out.append((vin[:8] + wrong + vin[9:], "bad_check_digit", f"{vin} with check digit {wrong}; {notes[vin]}"))
    made = 0
    while made < n["unknown_wmi"]:
        wmi = rng.choice("123456789JKLSTVWXYZ") + rng.choice(VIN_CHARS) + rng.choice(VIN_CHARS.replace("9", ""))
        if wmi in release.all_wmis:
            continue
        vin = rng.choice(sample)
        out.append((with_check_digit(wmi + vin[3:]), "unknown_wmi", f"WMI {wmi} is not in vPIC; rest of {vin}"))
        made += 1
    for vin in rng.sample(sample, n["bad_year_char"]):
        c = rng.choice("0UZ")
        out.append((with_check_digit(vin[:9] + c + vin[10:]), "bad_year_char",
                    f"{vin} with position 10 = {c}; {notes[vin]}"))
    for vin in rng.sample(sample, n["invalid_char_ioq"]):
        position = rng.choice([p for p in range(4, 18) if p != 9])
        c = rng.choice("IOQ")
        bad = vin[:position - 1] + c + vin[position:]
        out.append((bad, "invalid_char_ioq", f"{vin} with {c} in position {position}: refused before decoding (400 invalid_vin)"))
    for vin in rng.sample(sample, n["wrong_length"]):
        if rng.random() < 0.5:
            out.append((vin[:16], "wrong_length", f"{vin} without its last character: 16 characters (400 invalid_vin)"))
        else:
            out.append((vin + rng.choice(DIGITS), "wrong_length", f"{vin} with one character more: 18 characters (400 invalid_vin)"))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=DEFAULT_DB,
                        help="the vPIC release, SQLite (default: %(default)s)")
    parser.add_argument("--out", default="-", help="the TSV to write (default: standard output)")
    parser.add_argument("--count", type=int, default=5000, help="about this many VINs in all (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: %(default)s)")
    parser.add_argument("--now", default="2026-11-24",
                        help="WMIs public after this date are left out (default: %(default)s; fixed, so that"
                             " a seed always gives the same set)")
    args = parser.parse_args()
    if args.count < 100:
        parser.error("--count must be at least 100")
    try:
        with open(args.db, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                parser.error(f"{args.db} is not a SQLite database")
    except OSError as e:
        parser.error(f"cannot read the vPIC release {args.db}: {e.strerror}")
    release = Release(args.db)
    rng = random.Random(args.seed)
    fixed = fixtures()
    broken_count = sum(max(5, round(args.count * share)) for share in BROKEN_SHARE.values())
    generated, spread = generate(release, rng, args.count - len(fixed) - broken_count, args.now)
    rows = fixed + generated + broken(release, rng, generated, args.count)
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    out.write(f"# vin\tclass\tnote (generate-vins.py --count {args.count} --seed {args.seed} --now {args.now})\n")
    for row in rows:
        out.write("\t".join(row) + "\n")
    if out is not sys.stdout:
        out.close()
    by_class = collections.Counter(cls for _, cls, _ in rows)
    makes = {make for make, _ in spread}
    years = {year for _, year in spread}
    print(f"generate-vins: {len(rows)} VINs ({', '.join(f'{c} {n}' for c, n in sorted(by_class.items()))});"
          f" generated ones span {len(makes)} makes and {len(years)} model years ({min(years)}-{max(years)})",
          file=sys.stderr)


if __name__ == "__main__":
    main()
