#!/usr/bin/env python3
"""How DuckDB reads tables of `arbiter games` / `arbiter moves` (independently of arbiter).

For each FILE given (.parquet, .csv or .jsonl), DuckDB's own readers
(read_parquet, read_csv with type detection, read_json with type detection) load
it, and one JSON object is written per file:

    {"file": FILE, "types": {column: DuckDB type, ...}, "rows": N,
     "nulls": {column: null count, ...}}

With --sql SQL FILE, the SQL is run (the table as `t`) and its rows are written
as one JSON list instead.

Usage: python3 tools/expectations/duckdb_types.py FILE...
       python3 tools/expectations/duckdb_types.py --sql "select ..." FILE
Needs duckdb (pip install duckdb); used by tests/cli/tables_typed.rs.
"""

import json
import sys

import duckdb


def source(path):
    """The table function reading `path` with DuckDB's type detection."""
    quoted = "'" + path.replace("'", "''") + "'"
    if path.endswith(".parquet"):
        return f"read_parquet({quoted})"
    if path.endswith(".csv"):
        return f"read_csv({quoted})"
    return f"read_json({quoted}, format = 'newline_delimited')"


def rows(con, sql):
    return con.execute(sql).fetchall()


def main():
    args = sys.argv[1:]
    con = duckdb.connect()
    if args and args[0] == "--sql":
        sql, path = args[1], args[2]
        con.execute(f"create view t as select * from {source(path)}")
        result = rows(con, sql)
        print(json.dumps([[None if v is None else str(v) for v in row] for row in result]))
        return
    for path in args:
        con.execute(f"create or replace view t as select * from {source(path)}")
        types = {name: ty for name, ty, *_ in rows(con, "describe t")}
        nulls = {}
        for name in types:
            quoted = '"' + name.replace('"', '""') + '"'
            nulls[name] = rows(con, f"select count(*) - count({quoted}) from t")[0][0]
        count = rows(con, "select count(*) from t")[0][0]
        print(json.dumps({"file": path, "types": types, "rows": count, "nulls": nulls}))


if __name__ == "__main__":
    main()
