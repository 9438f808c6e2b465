"""``/v1/documents``: upload a document (indexing runs on a worker), read its state, delete it.

Uploads are multipart only. A JSON body is refused without being read for a path: the service
never opens a file a client names, it stores the bytes it was sent (by their SHA-256).
"""

from __future__ import annotations

import re

from flask import Blueprint, request, url_for
from werkzeug.exceptions import UnsupportedMediaType

from ..errors import InvalidRequest, NotFound
from ..jobs.requests import DOC_ID_PATTERN
from .context import resources
from .schemas import DocumentView, UploadForm
from .spec import Response, api, problems

__all__ = ["bp"]

bp = Blueprint("documents", __name__, url_prefix="/v1/documents")

_ID = {"doc_id": "The document's id (letters, digits, '.', '_', '-')"}
_DOC_ID = re.compile(DOC_ID_PATTERN)


def _known_id(doc_id: str) -> str:
    # An id no upload could have is not looked up anywhere (the backend or the database
    # would reject some such strings as errors of their own).
    if not _DOC_ID.fullmatch(doc_id):
        raise NotFound("document", doc_id)
    return doc_id


def _uploaded_file():
    files = request.files.getlist("file")
    if not files:
        raise InvalidRequest([{"loc": "file", "msg": "no file: send the document in the "
                                                     "multipart form field 'file'"}])
    if len(files) > 1:
        raise InvalidRequest([{"loc": "file", "msg": "one file per upload"}])
    return files[0]


@bp.post("")
@api.validate(
    form=UploadForm,
    resp=Response(HTTP_201=DocumentView, **problems(401, 413, 415, 422, 503)),
    tags=["documents"],
    operation_id="upload_document",
)
def upload():
    """Upload a document

    Stores the file and queues its indexing; the answer is the document in state `queued`.
    The bytes decide the format: a `.pdf` that is not a PDF is a 415. Uploading to an existing
    `doc_id` replaces that document.
    """
    if request.mimetype != "multipart/form-data":
        raise UnsupportedMediaType(
            f"uploads are multipart/form-data with the document in the field 'file' "
            f"(got {request.mimetype or 'no content type'}); the API never reads a "
            "server-side path")
    form: UploadForm = request.context.form
    file = _uploaded_file()
    doc = resources().submissions.upload(file.filename or "upload", file.read(), form.doc_id)
    location = url_for("documents.get_document", doc_id=doc["doc_id"])
    return doc, 201, {"Location": location}


@bp.get("/<doc_id>")
@api.validate(resp=Response(HTTP_200=DocumentView, **problems(401, 404, 503)),
              tags=["documents"], path_parameter_descriptions=_ID,
              operation_id="get_document")
def get_document(doc_id: str):
    """Read a document's indexing state

    `queued`, `indexing`, `indexed` or `failed` (with `error`), and its chunk and page counts.
    """
    doc = resources().store.get_document(_known_id(doc_id))
    if doc is None:
        raise NotFound("document", doc_id)
    return doc


@bp.delete("/<doc_id>")
@api.validate(resp=Response("HTTP_204", **problems(401, 404, 503)),
              tags=["documents"], path_parameter_descriptions=_ID,
              operation_id="delete_document")
def delete_document(doc_id: str):
    """Delete a document

    Removes its chunks from the search index, its record and (when no other document shares
    the same bytes) its stored file.
    """
    res = resources()
    res.submissions.delete_document(_known_id(doc_id), res.service.backend)
    return "", 204
