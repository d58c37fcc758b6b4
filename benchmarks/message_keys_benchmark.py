"""What `mirror import` pays to know the messages a home holds (`cli.pipeline._known`), on a warehouse of N evidence
rows: the keys computed (md5 + regexp over every row, before session 10) against read from `evidence.message_key`.

python benchmarks/message_keys_benchmark.py 1000000
"""

from __future__ import annotations

import sys
import time

import duckdb

from mirror_pipeline.adapters.warehouse import _MESSAGE_KEY, held_message_keys


def main(n: int) -> None:
    path = f"/tmp/mirror-bench-keys-{n}.duckdb"
    with duckdb.connect(path) as con:
        con.execute("set TimeZone = 'UTC'")
        con.execute("drop table if exists evidence")
        con.execute(
            f"""create table evidence as select 'ev_' || i as evidence_id, 'chatgpt' as source_format,
                timestamp '2024-01-01' + to_seconds(i) as "timestamp",
                'a message of the user, number ' || i || ', about work [secret:password:sec_abcdefghijklmnop]'
                as raw_content from range({n}) t(i)"""
        )
        con.execute("alter table evidence add column message_key varchar")
        con.execute(f"update evidence set message_key = {_MESSAGE_KEY}")
    with duckdb.connect(path, read_only=True) as con:
        computed = f'select {_MESSAGE_KEY} from evidence where "timestamp" is not null'
        for name, read in (
            ("computed", lambda: frozenset(r[0] for r in con.execute(computed).fetchall())),
            ("read", lambda: held_message_keys(con)),
        ):
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                keys = read()
                best = min(best, time.perf_counter() - start)
            print(f"{n:,} rows, keys {name}: {best:.2f} s ({len(keys):,} keys)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
