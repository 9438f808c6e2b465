"""The shared backend contract, run against a real OpenSearch (skips without one)."""

from __future__ import annotations

import pytest

from ..contract.backend_contract import BackendContract

pytestmark = pytest.mark.integration


class TestOpenSearchBackendContract(BackendContract):
    """The default configuration: raw-DSL hybrid path with sub-scores, one shard, an index of
    its own per test (uuid prefix), dropped afterwards."""

    @pytest.fixture()
    def backend(self, make_backend):
        return make_backend(4)
