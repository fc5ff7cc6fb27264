#!/usr/bin/env python3
"""Writes a small extract of a vPIC SQLite release for the decoder's unit tests.

The extract keeps, for the WMIs and model years asked for, every row decoding needs: the WMIs, their
makes and schema links, those schemas and all their patterns, the engine models the patterns name,
the makes, models and manufacturers they refer to, and every element, lookup table and conversion.
One line per row: the table name, then the values, tab-separated; \\N for NULL.

    tools/vpic/extract.py vpic.lite.db out.tsv --wmi 1HG --wmi KM8 --years 2003-2024
"""
import argparse
import hashlib
import sqlite3
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sqlite")
    parser.add_argument("out")
    parser.add_argument("--wmi", action="append", required=True, help="a WMI to keep (repeat)")
    parser.add_argument("--years", default="1980-2039",
                        help="model years of the schema links to keep: years and ranges, comma-separated (2003,2015-2019)")
    args = parser.parse_args()
    spans = []
    for part in args.years.split(","):
        first, _, last = part.partition("-")
        spans.append((int(first), int(last or first)))

    db = sqlite3.connect(args.sqlite)
    rows = []

    def emit(table, values):
        text = []
        for v in values:
            if v is None:
                text.append("\\N")
            else:
                s = str(v)
                # vPIC's decoder answers tabs and line breaks in values as spaces, as this does
                s = s.replace("\t", " ").replace("\r", " ").replace("\n", " ")
                text.append(s)
        rows.append(table + "\t" + "\t".join(text))

    sha = hashlib.sha256()
    with open(args.sqlite, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            sha.update(chunk)
    data_date = db.execute("select substr(max(ProcessedOn), 1, 10) from Wmi").fetchone()[0]
    emit("release", [sha.hexdigest(), data_date, "extract of " + args.sqlite.split("/")[-1] + " for " + ",".join(args.wmi)])

    q = ",".join("?" * len(args.wmi))
    wmis = db.execute(f"select Id, Wmi, ManufacturerId, MakeId, VehicleTypeId, TruckTypeId, CountryId, PublicAvailabilityDate"
                      f" from Wmi where Wmi in ({q})", args.wmi).fetchall()
    wmi_ids = [w[0] for w in wmis]
    for w in wmis:
        emit("wmi", w)
    wq = ",".join("?" * len(wmi_ids))
    makes = set(w[3] for w in wmis if w[3] is not None)
    manufacturers = set(w[2] for w in wmis if w[2] is not None)
    for wm in db.execute(f"select WmiId, MakeId from Wmi_Make where WmiId in ({wq})", wmi_ids):
        emit("wmi_make", wm)
        makes.add(wm[1])
    links = [l for l in db.execute(f"select Id, WmiId, VinSchemaId, YearFrom, YearTo from Wmi_VinSchema where WmiId in ({wq})",
                                   wmi_ids)
             if any(l[3] <= last and (l[4] if l[4] is not None else 2999) >= first for first, last in spans)]
    schema_ids = sorted(set(l[2] for l in links))
    for l in links:
        emit("wmi_vin_schema", l)
    sq = ",".join("?" * len(schema_ids))
    for s in db.execute(f"select Id, Name, coalesce(TobeQCed, 0), Notes from VinSchema where Id in ({sq})", schema_ids):
        emit("vin_schema", s)
    models = set()
    engines = set()
    for p in db.execute(f"select Id, VinSchemaId, Keys, ElementId, AttributeId, coalesce(UpdatedOn, CreatedOn)"
                        f" from Pattern where VinSchemaId in ({sq}) order by Id", schema_ids):
        emit("pattern", p)
        if p[3] == 28:
            models.add(int(p[4]))
        if p[3] == 18:
            engines.add(p[4].strip().lower())
    for e in db.execute("select Id, Name, Code, LookupTable, DataType, Decode, weight, coalesce(IsPrivate, 0) from Element"):
        emit("element", e)
        table = e[3]
        if table and table not in ("Make", "Model", "Manufacturer"):
            exists = db.execute("select 1 from sqlite_master where type = 'table' and name = ?", [table]).fetchone()
            if exists:
                for r in db.execute(f'select Id, Name from "{table}"'):
                    emit("lookup", [table, r[0], r[1]])
    for em in db.execute("select Id, Name from EngineModel"):
        if em[1].strip().lower() in engines:
            emit("engine_model", em)
            for ep in db.execute("select Id, EngineModelId, ElementId, AttributeId, coalesce(UpdatedOn, CreatedOn)"
                                 " from EngineModelPattern where EngineModelId = ?", [em[0]]):
                emit("engine_model_pattern", ep)
    mq = ",".join("?" * len(models))
    for mm in db.execute(f"select MakeId, ModelId from Make_Model where ModelId in ({mq})", sorted(models)):
        emit("make_model", mm)
        makes.add(mm[0])
    for m in db.execute(f"select Id, Name from Model where Id in ({mq})", sorted(models)):
        emit("model", m)
    kq = ",".join("?" * len(makes))
    for m in db.execute(f"select Id, Name from Make where Id in ({kq})", sorted(makes)):
        emit("make", m)
    fq = ",".join("?" * len(manufacturers))
    for m in db.execute(f"select Id, Name from Manufacturer where Id in ({fq})", sorted(manufacturers)):
        emit("manufacturer", m)
    for c in db.execute("select Id, FromElementId, ToElementId, Formula from Conversion"):
        emit("conversion", c)

    with open(args.out, "w", encoding="utf-8") as out:
        out.write("# vPIC extract (NHTSA data, U.S. Government work) for vspec's decoder tests; made by tools/vpic/extract.py\n")
        out.write("# wmis=" + ",".join(args.wmi) + " years=" + args.years + "\n")
        out.write("\n".join(rows) + "\n")
    print(f"{len(rows)} rows, {len(schema_ids)} schemas -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
