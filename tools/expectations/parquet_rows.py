#!/usr/bin/env python3
"""Reads a Parquet file with pyarrow (independently of arbiter) and writes it as JSON Lines.

The first line is {"schema": [[column, arrow type], ...], "rows": N, "row_groups": G}
(the columns in order);
then one JSON object per row, keys in column order. A column named
`other_tags` (the JSON text of an object, in `arbiter games`) is parsed, so that
rows compare with `arbiter games --format jsonl`, where it is an object; dates
and times are written ISO 8601 (`2024-03-02`, `12:00:05`), as JSON Lines has them.

Usage: python3 tools/expectations/parquet_rows.py FILE.parquet
Needs pyarrow (pip install pyarrow); used by tests/cli/tables.rs.
"""

import datetime
import json
import sys

import pyarrow.parquet as pq


def main():
    path = sys.argv[1]
    meta = pq.ParquetFile(path).metadata
    table = pq.read_table(path)
    schema = [[field.name, str(field.type)] for field in table.schema]
    out = sys.stdout
    out.write(json.dumps({"schema": schema, "rows": table.num_rows,
                          "row_groups": meta.num_row_groups}) + "\n")
    for row in table.to_pylist():
        if isinstance(row.get("other_tags"), str):
            row["other_tags"] = json.loads(row["other_tags"])
        for key, value in row.items():
            if isinstance(value, (datetime.date, datetime.time)):
                row[key] = value.isoformat()
        out.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
