"""What the parts of the OpenAPI document share: the base of their models, which give the document its schemas and
check the request bodies, and small builders of the paths."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, model_validator
from pydantic.json_schema import (
    DEFAULT_REF_TEMPLATE,
    GenerateJsonSchema,
    JsonSchemaMode,
    JsonSchemaValue,
    models_json_schema,
)
from pydantic_core import core_schema

from scorekeeper.rules import REFUSED_NAME_CATEGORIES
from scorekeeper.store.games import NAME_MAX_LENGTH

REF = "#/components/schemas/"


class Documented(BaseModel):
    """An object the document describes, its schema written as the document writes it (``DocumentSchema``), also
    when the library asks for it (a long description of a field is the text under it)."""

    model_config = ConfigDict(defer_build=True, use_attribute_docstrings=True)

    @classmethod
    def model_json_schema(
        cls,
        by_alias: bool | None = None,
        ref_template: str = DEFAULT_REF_TEMPLATE,
        schema_generator: type[GenerateJsonSchema] = GenerateJsonSchema,
        mode: JsonSchemaMode = "validation",
        *,
        union_format: Literal["any_of", "primitive_type_array"] = "any_of",
    ) -> dict[str, Any]:
        # Asked for on every request by the library (to read a query): made once per model and way of asking.
        key = (cls, by_alias, ref_template, mode, union_format)
        if key not in _SCHEMAS:
            _SCHEMAS[key] = super().model_json_schema(
                by_alias, ref_template, DocumentSchema, mode, union_format=union_format
            )
        return _SCHEMAS[key]


_SCHEMAS: dict[tuple[Any, ...], dict[str, Any]] = {}


class Answer(Documented):
    """An answer: built by the view from the engine's answer, and written out as the document says it."""


class Schema(Documented):
    """A part of a request that may hold other keys too."""

    model_config = ConfigDict(strict=True)


class Closed(Schema):
    """A JSON object a request sends: the fields named, no others."""

    model_config = ConfigDict(extra="forbid")


class Read(Closed):
    """A request body whose fields are each read by a reader of their own (``read_as``), which refuses in its own
    words: a field left out is read as null, a field given is read as sent."""

    @model_validator(mode="before")
    @classmethod
    def _left_out_is_null(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        return {**{name: None for name, field in cls.model_fields.items() if field.is_required()}, **data}


def _as_sent(value: Any) -> Any:
    return value


def read_as(kind: Any, read: Callable[[Any], Any] = _as_sent) -> PlainValidator:
    """A field read by *read* (which refuses what it cannot use in the API's words), described as *kind*; without
    *read*, the value as sent, for the view or the store to read where what it needs is at hand."""
    return PlainValidator(read, json_schema_input_type=kind)


class Asked(Schema):
    """A query or a body whose fields are each read by a reader of their own, which refuses in its own words: a
    field left out is read as null (the reader says what that means), a field given is read as sent."""

    @model_validator(mode="before")
    @classmethod
    def _left_out_is_null(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        return {**dict.fromkeys(cls.model_fields), **data}


# The models the document writes inside the schema that holds them, not as components of their own.
PARTS: set[str] = set()


class _InPlace:
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        PARTS.add(cls.__name__)


class Part(_InPlace, Schema):
    """An object the document writes inside the schema that holds it, not as a component of its own."""


class AnswerPart(_InPlace, Answer):
    """A part of an answer the document writes inside the schema that holds it."""


class DocumentSchema(GenerateJsonSchema):
    """JSON Schema 2020-12 as the document writes it: no generated titles or defaults (a default the document
    names is given in the field's ``json_schema_extra``)."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        found = super().model_schema(schema)
        found.pop("title", None)
        return found

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])


def enum(values: Iterable[Any], **field: Any) -> Any:
    """A field of an answer that holds one of *values* (it is not read from requests: its kind says what it holds)."""
    extra = {"enum": list(values), **field.pop("json_schema_extra", {})}
    return Field(**field, json_schema_extra=extra)


def one_of(values: Iterable[object]) -> Any:
    """The type of a value that is one of *values* (a preset's name, an option's choices...)."""
    return Literal.__getitem__(tuple(values))


def _hidden_characters() -> str:
    """A regex class body of every character a name may not hold (the engine's has_hidden_character)."""
    ranges: list[list[int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in REFUSED_NAME_CATEGORIES:
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])

    def esc(code: int) -> str:
        # Beyond the first plane the character itself: \U escapes are not in every regex dialect.
        return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)

    return "".join(esc(a) if a == b else f"{esc(a)}-{esc(b)}" for a, b in ranges)


_HIDDEN = _hidden_characters()
# Surrounding spaces are trimmed; inside, no control or invisible character; at least one visible one.
NAME_PATTERN = rf"^\s*[^\s{_HIDDEN}](?:[^{_HIDDEN}]*[^\s{_HIDDEN}])?\s*$"
# A name as the document describes it (the readers of each part of the API check it in their words).
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX_LENGTH, json_schema_extra={"pattern": NAME_PATTERN})]


def schemas(models: Iterable[type[BaseModel]]) -> dict[str, Any]:
    """The document's component schemas of *models*, by class name, each part they hold written in place."""
    _keys, found = models_json_schema(
        [(model, "validation") for model in models], ref_template=REF + "{model}", schema_generator=DocumentSchema
    )
    return in_place(found.get("$defs", {}))


def in_place(defined: dict[str, Any]) -> dict[str, Any]:
    """The component schemas *defined*, each part written in place where it is used (not a component itself)."""
    parts = PARTS & set(defined)

    def inline(node: Any) -> Any:
        if isinstance(node, list):
            return [inline(item) for item in node]
        if not isinstance(node, dict):
            return node
        name = str(node.get("$ref", "")).removeprefix(REF)
        if name in parts:
            return {**inline(defined[name]), **{key: inline(v) for key, v in node.items() if key != "$ref"}}
        return {key: inline(value) for key, value in node.items()}

    return {name: inline(schema) for name, schema in defined.items() if name not in parts}


def error_body(description: str) -> dict[str, Any]:
    """An error answer: ``{"error": {"message", "field", "code"}}``."""
    return {"description": description, "content": {"application/json": {"schema": {"$ref": REF + "Error"}}}}


# Answers several parts of the API give alike.
NOT_JSON = error_body("The body was not sent as `application/json`.")
NO_EDIT_TOKEN = error_body("No `Authorization: Bearer <edit_token>` header.")
NOT_AN_OBJECT = error_body("The body is not a JSON object.")
