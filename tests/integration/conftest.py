"""A real OpenSearch for the integration tests, or a skip that says how to get one.

Where the server comes from, in order:

1. ``OPENSEARCH_URL`` (optionally ``OPENSEARCH_USER`` / ``OPENSEARCH_PASSWORD`` /
   ``OPENSEARCH_VERIFY_CERTS=false``): used as is. If it does not answer the tests *fail*: the
   variable says a server was meant to be there. ``export "$(scripts/opensearch-local.sh
   start [--version 2.19])"`` starts a real local node (3.6.0 by default) and sets it.
2. A Docker engine that answers: testcontainers starts ``OPENSEARCH_IMAGE`` (default
   ``opensearchproject/opensearch:2.19.1``, single node, security plugin off) for the session.
3. Neither: every test here skips with ``SKIP_REASON``.

Each test gets its own uuid-named index prefix, and its backends drop their index and search
pipelines afterwards, so runs never see each other's data.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

SKIP_REASON = (
    "no OpenSearch: set OPENSEARCH_URL (export \"$(scripts/opensearch-local.sh start)\") "
    "or run Docker for testcontainers"
)
DEFAULT_IMAGE = "opensearchproject/opensearch:2.19.1"


@dataclass(frozen=True)
class OpenSearchServer:
    url: str
    user: str | None = None
    password: str | None = None
    verify_certs: bool = True


def _client(server: OpenSearchServer):
    from opensearchpy import OpenSearch

    auth = (server.user, server.password or "") if server.user else None
    return OpenSearch(
        hosts=[server.url], http_auth=auth, verify_certs=server.verify_certs, timeout=10
    )


def _docker_answers() -> bool:
    try:
        import docker

        client = docker.from_env(timeout=5)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except Exception:  # noqa: BLE001 -- no SDK, no socket, no daemon: all mean "no Docker"
        return False


def _opensearch_container_class():
    try:
        from testcontainers.community.opensearch import OpenSearchContainer  # testcontainers >= 4.9
    except ImportError:
        from testcontainers.opensearch import OpenSearchContainer
    return OpenSearchContainer


@pytest.fixture(scope="session")
def opensearch_server() -> Iterator[OpenSearchServer]:
    url = os.environ.get("OPENSEARCH_URL")
    if url:
        server = OpenSearchServer(
            url=url,
            user=os.environ.get("OPENSEARCH_USER") or None,
            password=os.environ.get("OPENSEARCH_PASSWORD") or None,
            verify_certs=os.environ.get("OPENSEARCH_VERIFY_CERTS", "true").lower() != "false",
        )
        client = _client(server)
        try:
            info = client.info()
        except Exception as exc:  # noqa: BLE001 -- whatever it is, the server is not usable
            pytest.fail(
                f"OPENSEARCH_URL={url} is set but OpenSearch does not answer there: {exc}",
                pytrace=False,
            )
        finally:
            client.close()
        if info.get("version", {}).get("distribution") != "opensearch":
            pytest.fail(
                f"OPENSEARCH_URL={url} answers, but it is not OpenSearch: {info.get('version')}"
            )
        yield server
        return
    if not _docker_answers():
        pytest.skip(SKIP_REASON)
    container = _opensearch_container_class()(
        image=os.environ.get("OPENSEARCH_IMAGE", DEFAULT_IMAGE)
    ).with_env("OPENSEARCH_JAVA_OPTS", "-Xms512m -Xmx512m")
    with container:  # start() waits until the cluster is green
        config = container.get_config()
        yield OpenSearchServer(url=f"http://{config['host']}:{config['port']}")


@pytest.fixture(scope="session")
def opensearch_url(opensearch_server: OpenSearchServer) -> str:
    """The URL of a reachable OpenSearch (see the module docstring)."""
    return opensearch_server.url


@pytest.fixture()
def index_prefix() -> str:
    """A prefix no other test (or run) uses."""
    return f"it-{uuid.uuid4().hex[:12]}"


@pytest.fixture()
def settings(opensearch_server: OpenSearchServer, index_prefix: str):
    from intelligent_extraction.settings import Settings

    return Settings.load(
        opensearch_url=opensearch_server.url,
        opensearch_user=opensearch_server.user,
        opensearch_password=opensearch_server.password,
        opensearch_verify_certs=opensearch_server.verify_certs,
        index_prefix=index_prefix,
    )


@pytest.fixture()
def make_backend(settings):
    """Build OpenSearchBackends on this test's prefix; all are dropped and closed afterwards."""
    from intelligent_extraction.backends.opensearch import OpenSearchBackend

    made = []

    def make(dimension: int = 4, **options):
        options.setdefault("number_of_replicas", 0)  # a single node stays green
        backend = OpenSearchBackend.from_settings(settings, dimension, **options)
        made.append(backend)
        return backend

    yield make
    for backend in made:
        try:
            backend.drop()
        finally:
            backend.close()


@pytest.fixture()
def opensearch_client(opensearch_server: OpenSearchServer):
    """A raw opensearch-py client, to look at what the backend created."""
    client = _client(opensearch_server)
    yield client
    client.close()
