"""The Dask example of docs/src/python.md: the shards of a batch, played on a
local cluster of worker processes, merge into exactly the summary of one run
of the whole batch."""

import os

import pytest

import sowing

distributed = pytest.importorskip(
    "dask.distributed", reason="dask[distributed] is not installed (scripts/python-check installs it)"
)


def test_shards_on_a_local_dask_cluster_merge_into_the_summary_of_one_run():
    options = dict(games=400, agents="greedy,random", seed=1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        workers = client.run(os.getpid)
        shards = [
            client.submit(sowing.simulate, "modiar", shard=f"{i}/4", threads=1, **options)
            for i in range(1, 5)
        ]
        parts = client.gather(shards)
        ran_on = {address for shard in shards for address in client.who_has(shard)[shard.key]}
    # Two worker processes, neither of them this one, played the shards.
    assert len(workers) == 2 and os.getpid() not in workers.values()
    assert ran_on <= set(workers)
    assert [part["games"] for part in parts] == [100, 100, 100, 100]
    whole = sowing.simulate("modiar", **options)
    assert whole["games"] == 400
    assert sowing.merge(parts) == whole
    # A shard alone is not the whole: the merge did the adding up.
    assert parts[0] != whole
