"""End-to-end fixtures: contracts the tests write themselves, a service on a fresh data dir."""

from __future__ import annotations

import pytest

from intelligent_extraction import samples


@pytest.fixture(scope="session")
def contract_files(tmp_path_factory):
    """The sample services agreement written as PDF and DOCX by the project's own writers."""
    out = tmp_path_factory.mktemp("contracts")
    doc = samples.services_agreement()
    return {
        "pdf": samples.write_pdf(out / "msa.pdf", doc),
        "docx": samples.write_docx(out / "msa.docx", doc),
        "facts": doc.facts,
    }


@pytest.fixture()
def service(data_dir, embedder):
    """A service on a fresh embedded index, sharing the session's loaded model."""
    from intelligent_extraction.service import ExtractionService
    from intelligent_extraction.settings import get_settings

    svc = ExtractionService(get_settings(), embedder=embedder)
    yield svc
    svc.close()
