"""``/v1/fields``: the field configs jobs can ask for (from ``config/fields/*.yaml``)."""

from __future__ import annotations

from flask import Blueprint

from ..errors import NotFound
from ..models import FieldConfig
from .context import resources
from .schemas import FieldList
from .spec import Response, api, problems

__all__ = ["bp"]

bp = Blueprint("fields", __name__, url_prefix="/v1/fields")


@bp.get("")
@api.validate(resp=Response(HTTP_200=FieldList, **problems(401)), tags=["fields"],
              operation_id="list_fields")
def list_fields():
    """List the configured fields

    Every field's full config, in name order; a job's `fields` names them.
    """
    registry = resources().service.fields
    return {"fields": [registry.get(name).model_dump(mode="json") for name in registry.names()]}


@bp.get("/<name>")
@api.validate(resp=Response(HTTP_200=FieldConfig, **problems(401, 404)), tags=["fields"],
              path_parameter_descriptions={"name": "A field name, e.g. effective_date"},
              operation_id="get_field")
def get_field(name: str):
    """Read one field's config"""
    registry = resources().service.fields
    if name not in registry:
        raise NotFound("field", name)
    return registry.get(name).model_dump(mode="json")
