"""The backend contract, run against the embedded backend (tantivy + numpy, no service)."""

from __future__ import annotations

import pytest

from intelligent_extraction.backends import EmbeddedBackend

from .backend_contract import BackendContract


class TestEmbeddedBackendContract(BackendContract):
    @pytest.fixture()
    def backend(self, tmp_path):
        backend = EmbeddedBackend(tmp_path / "data")
        yield backend
        backend.close()
