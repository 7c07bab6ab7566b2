"""Errors mapped to HTTP at the edge: one JSON shape, `{"error": {"type", "message"}}`.

Routes never catch; the library's exceptions carry their meaning and are translated here.
Responses never contain a stack trace; engine and store failures are logged in full and
answered with a generic message, since their text names sockets, paths and queries.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from graph_memory.api.schemas import WRITE_TAGS, ErrorDetail, ErrorOut, FieldError
from graph_memory.errors import (
    DataDirLockedError,
    GraphMemoryError,
    InvalidInputError,
    NotFoundError,
    StoreError,
)
from graph_memory.tenants import AuthError

log = logging.getLogger("graph_memory.api")

_HTTP_TYPES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
}

# For the OpenAPI document: what every /v1 operation may answer besides its success.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "Unreadable body (not UTF-8 JSON), or in local "
          "mode a Host that is not a loopback name."},
    403: {"model": ErrorOut, "description": "Local mode: a cross-origin (browser) request."},
    401: {"model": ErrorOut, "description": "Missing or unknown API key (when keys are set)."},
    404: {"model": ErrorOut, "description": "Unknown or forgotten memory, slot or route."},
    413: {"model": ErrorOut, "description": "Request body over the size limit."},
    422: {"model": ErrorOut, "description": "Invalid input; nothing was changed."},
    503: {"model": ErrorOut, "description": "The graph engine is unavailable."},
}


def error_response(
    status: int,
    kind: str,
    message: str,
    *,
    fields: list[FieldError] | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    body = ErrorOut(error=ErrorDetail(type=kind, message=message, fields=fields))
    return JSONResponse(
        body.model_dump(mode="json", exclude_none=True), status_code=status, headers=headers
    )


async def _library_error(request: Request, exc: Exception) -> JSONResponse:
    if isinstance(exc, InvalidInputError):
        return error_response(422, "invalid_input", str(exc))
    if isinstance(exc, NotFoundError):
        return error_response(404, "not_found", str(exc))
    if isinstance(exc, DataDirLockedError):
        log.error("%s %s: %s", request.method, request.url.path, exc)
        return error_response(503, "unavailable", "the data directory is locked by another process")
    if isinstance(exc, StoreError):  # EngineError included
        log.error("%s %s: %s", request.method, request.url.path, exc)
        return error_response(503, "unavailable", "the graph engine is unavailable; see the log")
    return await _unexpected(request, exc)


async def _auth_error(request: Request, exc: Exception) -> JSONResponse:
    return error_response(
        401, "unauthorized", str(exc), headers={"WWW-Authenticate": 'Bearer realm="graph-memory"'}
    )


def _location(loc: tuple[Any, ...]) -> str:
    """'body.priority': without the tag of the one-or-batch write union ('body.one.priority')."""
    parts = list(loc)
    if len(parts) > 1 and parts[0] == "body" and parts[1] in WRITE_TAGS:
        del parts[1]
    return ".".join(str(part) for part in parts) or "request"


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    fields: list[FieldError] = []
    for err in exc.errors():
        path = _location(tuple(err.get("loc", ())))
        message = str(err.get("msg", "invalid"))
        if err.get("type") == "json_invalid":
            # FastAPI's message alone ("JSON decode error") does not say what is wrong.
            message = f"{message}: {err.get('ctx', {}).get('error', 'malformed JSON')}"
        fields.append(FieldError(path=path, message=message))
    summary = "; ".join(f"{f.path}: {f.message}" for f in fields)
    return error_response(422, "invalid_input", summary, fields=fields)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    kind = _HTTP_TYPES.get(exc.status_code, "http_error")
    message = exc.detail if isinstance(exc.detail, str) else kind.replace("_", " ")
    if exc.status_code == 404 and message == "Not Found":
        message = f"no route {request.method} {request.url.path}"
    if exc.status_code == 400 and message == "There was an error parsing the body":
        message = "the body could not be read: send UTF-8 encoded JSON"
    return error_response(exc.status_code, kind, message, headers=exc.headers)


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal", "internal error; see the server log")


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers; `Exception` goes to Starlette's outermost error middleware."""
    app.add_exception_handler(GraphMemoryError, _library_error)
    app.add_exception_handler(AuthError, _auth_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
