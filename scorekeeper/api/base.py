"""What every part of the JSON API shares: its blueprint, its error answers, its JSON body reader and links.

The API is language-neutral: every answer carries codes (an error's ``code``, a hand's ``note_codes``, a
game's ``win_reason_code``, the referee's ``reason`` / ``rule`` / ``verdict``), and beside them the sentence
in the language of the request's ``Accept-Language`` (English when none is offered), which the answer
names in ``Content-Language``.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import Response, jsonify, make_response, request
from flask.blueprints import BlueprintSetupState
from flask_openapi3.blueprint import APIBlueprint
from flask_openapi3.models.tag import Tag
from pydantic import BaseModel, Field, ValidationError
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.routing import BuildError

from scorekeeper.api.schema import Part, Schema, enum
from scorekeeper.party import Problem
from scorekeeper.platform import security
from scorekeeper.platform.extensions import csrf
from scorekeeper.platform.i18n import current_language
from scorekeeper.platform.links import answer_link
from scorekeeper.rules import Refusal
from scorekeeper.store import resends
from scorekeeper.store.games import NAME_MAX_LENGTH
from scorekeeper.words import api as said
from scorekeeper.words import refusal as refusal_words

# Each route declares its path, query, body and answers as models: the library reads the request by them and writes
# the OpenAPI document from them (``openapi.py``).
bp = APIBlueprint("api", __name__, url_prefix="/api/v1")
# Programs authenticate with tokens, not browser cookies: no CSRF form token here.
csrf.exempt(bp)
View = Callable[..., Response]
Declare = Callable[..., Callable[[View], View]]
Check = Callable[[dict[str, Any]], Mapping[str, Any] | Response]


def routes(tag: str, *methods: str, check: Check | None = None, **common: Any) -> list[Declare]:
    """The blueprint's route declarers of *methods* (``"get"``, ``"post"``…) for one part of the API: under its *tag*,
    each with *common* (a security, say); with *check*, each view behind ``door(check)``, the check of a write's
    token before its request is read."""
    tags = [Tag(name=tag)]
    declarers: list[Declare] = [functools.partial(getattr(bp, method), tags=tags, **common) for method in methods]
    return declarers if check is None else [_behind(check, declare) for declare in declarers]


def _behind(check: Check, declare: Declare) -> Declare:
    """Put each view *declare* declares behind ``door(check)``."""

    def declaring(*args: Any, **kwargs: Any) -> Callable[[View], View]:
        declared = declare(*args, **kwargs)
        return lambda view: declared(door(check)(view))

    return declaring


@bp.record_once
def _refuse_in_our_words(state: BlueprintSetupState) -> None:
    """A request the models do not take is answered ``{"error": {message, field, code}}``: the library hands its
    validation error to the app's ``validation_error_callback``."""
    vars(state.app)["validation_error_callback"] = _refused


def _refused(exc: ValidationError) -> Response:
    raise refusal(exc)


def reply(answer: BaseModel, status: int = 200) -> Response:
    """The JSON answer *answer* (the fields it was given; a field left at its default is not written)."""
    response = jsonify(answer.model_dump(mode="json", exclude_unset=True))
    response.status_code = status
    return response


def made_at(response: Response, endpoint: str, **values: Any) -> Response:
    """The answer that made something: where to read it (``Location``), and kept by no cache, as it carries its token."""
    response.headers["Location"] = answer_link(endpoint, **values)
    response.headers["Cache-Control"] = "no-store"
    return response


MESSAGES = {**said.BY_STATUS, 500: security.ERROR_TEXT[500][1]}  # 500: the page's words, of no buttons or links
# Every code an error answer may carry: the status's own, the game engine's refusals and the party engine's.
ERROR_CODES = tuple(
    sorted(set(security.API_ERROR_CODES.values()) | {str(code) for code in Refusal} | {str(code) for code in Problem})
)


def error_code(status: int, refusal: object = None) -> str:
    """The code of an error answer: the engine's refusal when it has one of its own, else the status's."""
    if isinstance(refusal, Refusal) and refusal is not Refusal.OTHER:
        return str(refusal)
    return security.api_error_code(status)


def error(message: str, field: str | None = None, status: int = 422, code: str | None = None) -> Response:
    """Return the JSON error response ``{"error": {"message", "field", "code"}}`` with *status*."""
    body = {"message": str(message), "field": field, "code": code or error_code(status)}
    return make_response(jsonify({"error": body}), status)


def input_error(message: str, field: str | None, status: int, code: str | None = None) -> Response:
    """The error answer to a request the API cannot use; to one without its token (401), the scheme to use."""
    response = error(message, field, status, code)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


def page_link(endpoint: str, **values: Any) -> str | None:
    """The link to one of the app's pages in an answer, or None in a build without that page."""
    try:
        return answer_link(endpoint, **values)
    except BuildError:
        return None


def bearer_token() -> str | None:
    """The token of the request's ``Authorization: Bearer <token>`` header, or None without one."""
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


@bp.after_app_request
def _content_language(response: Response) -> Response:
    """Name the language of the API answer's sentences (every API path, the unknown ones too)."""
    if security.wants_json():
        response.headers["Content-Language"] = current_language()
    return response


@bp.before_request
def _json_only() -> Response | None:
    """A body is read only as JSON, and only when it says so (no cross-site text/plain POSTs)."""
    if request.method in {"POST", "PUT", "PATCH"} and not request.is_json:
        return error(MESSAGES[415], None, 415)
    return None


@bp.errorhandler(HTTPException)
def _http_error(exc: HTTPException) -> Response:
    status = exc.code or 500
    retry_after = security.retry_after_seconds() if status == 429 else None
    fallback = MESSAGES.get(status, exc.description or MESSAGES[500 if status >= 500 else 400])
    message = security.too_many_message(retry_after) if status == 429 else fallback
    return security.with_next_steps(error(message, None, status), exc, retry_after)


class BadInput(ValueError):
    """A request the API cannot use: the message in a player's words, ``field`` names the part to fix,
    ``code`` the engine's refusal when it comes from one."""

    def __init__(self, message: str, field: str | None = None, status: int = 422, code: object = None):
        super().__init__(message)
        self.field = field
        self.status = status
        self.code = error_code(status, code)


@bp.errorhandler(BadInput)
def _bad_input(exc: BadInput) -> Response:
    return input_error(str(exc), exc.field, exc.status, exc.code)


M = TypeVar("M", bound=BaseModel)


# What a model says of a body that is not a JSON object at all.
NOT_AN_OBJECT = {"model_type", "model_attributes_type", "dict_type", "json_invalid", "json_type"}


def refusal(exc: ValidationError) -> Exception:
    """The refusal of a request its model did not take, in the words of the API: a body that is not an object, a key
    it does not know, else the first field at fault (a reader of the model's own that refused raised it in its
    words)."""
    errors = exc.errors()
    first = errors[0]
    if not first["loc"] and first["type"] in NOT_AN_OBJECT:
        return BadInput(said.not_an_object(first.get("input")), None, 400)
    for found in errors:
        if found["type"] == "extra_forbidden":
            key = str(found["loc"][-1])[:40]
            return BadInput(said.unknown_key(key), key)
    raised = first.get("ctx", {}).get("error")
    if isinstance(raised, Exception) and type(raised) is not ValueError:
        return raised
    field = str(first["loc"][0]) if first["loc"] else ""
    told = said.field(field, first["type"], tuple(first["loc"]), NAME_MAX_LENGTH)
    if told is None:
        return BadInput(said.cannot_take(field[:40]), field or None)
    message, field = (told, field) if isinstance(told, str) else told
    return BadInput(message, field or None)


def read_model(model: type[M], data: object = None, context: dict[str, Any] | None = None) -> M:
    """The request's JSON object (or *data*) read by *model*, its readers given *context*: a body it does not take
    is refused in the API's words (``words.api``)."""
    try:
        return model.model_validate(read_body() if data is None else data, context=context)
    except ValidationError as exc:
        raise refusal(exc) from None


def read_body(allowed: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Return the request's JSON object, refusing anything else."""
    if not request.is_json:
        raise BadInput(said.send_json(), None, 415)
    data = request.get_json(silent=True)  # None: not JSON at all
    if not isinstance(data, dict):
        raise BadInput(said.not_an_object(data), None, 400)
    for key in data:
        if allowed is not None and key not in allowed:
            raise BadInput(said.unknown_key(str(key)[:40]), str(key)[:40])
    return data


def door(check: Check = lambda values: {}) -> Callable[[View], View]:
    """Read a route's request by the models its view names, after *check*: *check* is given the path's values and
    finds what the request names (checking its token: 404, 401, 403 come before the body is read), and either answers
    at once or gives the view what it found, which the models' readers also see as their context. The body is read
    as ``read_model`` reads it (a JSON object, in the API's words); the library only writes the document."""

    def reading(view: Callable[..., Response]) -> Callable[..., Response]:
        models = {name: kind for name, kind in typing.get_type_hints(view).items() if name in _READ_FROM}

        @functools.wraps(view)
        def read(**values: Any) -> Response:
            found = check(values)
            if isinstance(found, Response):
                return found
            given = dict(found)
            body = models.get("body")
            if body is not None:
                data = read_body(tuple(body.model_fields) if body.model_config.get("extra") == "forbid" else None)
            for name, model in models.items():
                sent = data if name == "body" else _READ_FROM[name](values)
                given[name] = read_model(model, sent, context=dict(found))
            return view(**given)

        vars(read)["__delay_validate_request__"] = True  # read here, not by the library
        return read

    return reading


_READ_FROM: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "path": lambda values: values,
    "query": lambda values: request.args.to_dict(),
    "header": lambda values: dict(request.headers),
    "body": lambda values: {},
}


def idempotency_key() -> str | None:
    """The request's ``Idempotency-Key`` header (None without one); 422 for one that cannot be a key."""
    try:
        return resends.check_key(request.headers.get("Idempotency-Key"))
    except resends.ResendError as err:
        raise BadInput(refusal_words(err), err.field) from None


def check_size(max_bytes: int) -> None:
    """Refuse a body past *max_bytes* before reading it: 413, saying the cap."""
    if (request.content_length or 0) > max_bytes:
        raise BadInput(said.import_too_large(max_bytes // 2**20), None, 413)


@bp.errorhandler(resends.ResendError)
def _resend_refused(exc: resends.ResendError) -> Response:
    return input_error(refusal_words(exc), exc.field, 422)


@bp.errorhandler(InternalServerError)
def _server_error(exc: InternalServerError) -> Response:
    return error(MESSAGES[500], None, 500)


class ErrorDetail(Part):
    message: str = Field(description="What is wrong, in a player's words, in the request's Accept-Language.")
    field: str | None = Field(description="The input to fix, if one.")
    code: str = enum(
        ERROR_CODES, default="", description="What is wrong, as a code that does not change with the language."
    )


# Every error answer of the API, as ``error()`` writes it.
class Error(Schema):
    error: ErrorDetail
