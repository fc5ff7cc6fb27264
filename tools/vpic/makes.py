#!/usr/bin/env python3
"""Writes every make name of a vPIC SQLite release, for the tests of how vspec shows makes (VehicleNames).

One line per make, sorted by name: the name as vPIC's Make table writes it, a tab, and 1 when one of the
make's WMIs registers passenger cars, MPVs or trucks (else 0). Gzipped when OUT ends in .gz.

    tools/vpic/makes.py vpic.lite.db decoder/src/test/resources/vpic-makes.tsv.gz
"""
import argparse
import gzip
import sqlite3

LIGHT_VEHICLE_TYPES = (2, 3, 7)  # Passenger Car, Truck, Multipurpose Passenger Vehicle (MPV)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sqlite")
    parser.add_argument("out")
    args = parser.parse_args()
    db = sqlite3.connect(args.sqlite)
    types = ",".join(str(t) for t in LIGHT_VEHICLE_TYPES)
    rows = db.execute(
        "select m.Name, max(case when w.VehicleTypeId in (" + types + ") then 1 else 0 end)"
        " from Make m left join Wmi_Make wm on wm.MakeId = m.Id left join Wmi w on w.Id = wm.WmiId"
        " group by m.Id, m.Name order by m.Name, m.Id").fetchall()
    text = "".join(name.replace("\t", " ").replace("\n", " ") + "\t" + str(light) + "\n" for name, light in rows)
    data = ("# vPIC Make names (NHTSA data, U.S. Government work), made by tools/vpic/makes.py\n" + text).encode()
    if args.out.endswith(".gz"):
        with gzip.GzipFile(args.out, "wb", mtime=0) as out:
            out.write(data)
    else:
        with open(args.out, "wb") as out:
            out.write(data)


if __name__ == "__main__":
    main()
