"""A process's memo keeps at most its limit of entries: the venue runs for hours."""

from ingest.core.process_memo import ProcessMemo


def test_a_memo_is_emptied_whole_when_it_reaches_its_limit() -> None:
    memo: ProcessMemo[int] = ProcessMemo(3)
    for i in range(3):
        memo[f"k{i}"] = i
    assert memo == {"k0": 0, "k1": 1, "k2": 2}
    memo["k3"] = 3
    assert memo == {"k3": 3}
    memo["k3"] = 4  # a key replaced counts once
    assert memo == {"k3": 4}
