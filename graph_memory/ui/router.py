"""The memory explorer (/ui) and the API docs (/docs, /redoc), served from the package.

Every file comes from graph_memory/ui/static/: the page, its modules and the vendored
third-party scripts (scripts/vendor-ui), so all of it works offline. The page itself holds no
data: it reads everything through /v1 with the API key the user enters (kept in the tab's
sessionStorage), under the same key and loopback rules as any other client. A strict
Content-Security-Policy lets the page talk to this service only.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

STATIC = Path(__file__).resolve().parent / "static"
VENDOR = "/ui/static/vendor"

# The explorer loads only its own files and talks only to this service; no inline script.
UI_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
# Swagger UI and ReDoc start from an inline script and style themselves inline.
DOCS_POLICY = (
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self' data:; worker-src 'self' blob:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class ContentSecurity:
    """Adds the Content-Security-Policy (and no-sniff, no-referrer) to /ui and docs pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path == "/ui" or path.startswith("/ui/"):
            policy = UI_POLICY
        elif path in ("/docs", "/redoc"):
            policy = DOCS_POLICY
        else:
            await self.app(scope, receive, send)
            return

        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = policy
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
            await send(message)

        await self.app(scope, receive, send_with_policy)


ui = APIRouter(include_in_schema=False)


@ui.get("/ui")
def explorer() -> FileResponse:
    """The explorer's single page (its views are addressed by the URL fragment)."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@ui.get("/ui/")
def explorer_slash() -> RedirectResponse:
    return RedirectResponse("/ui")


def install_ui(app: FastAPI) -> None:
    """Serve /ui, /ui/static/*, /docs and /redoc from the package (the app is created with
    docs_url=None and redoc_url=None so that FastAPI's CDN pages are not served)."""
    title = f"{app.title} {app.version}"

    @app.get("/docs", include_in_schema=False)
    def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{title} - Swagger UI",
            swagger_js_url=f"{VENDOR}/swagger-ui/swagger-ui-bundle.js",
            swagger_css_url=f"{VENDOR}/swagger-ui/swagger-ui.css",
            swagger_favicon_url=f"{VENDOR}/swagger-ui/favicon-32x32.png",
            # No badge that sends the document to a public validator.
            swagger_ui_parameters={"validatorUrl": None},
        )

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{title} - ReDoc",
            redoc_js_url=f"{VENDOR}/redoc/redoc.standalone.js",
            redoc_favicon_url=f"{VENDOR}/swagger-ui/favicon-32x32.png",
            with_google_fonts=False,
        )

    app.include_router(ui)
    app.mount("/ui/static", StaticFiles(directory=STATIC), name="ui-static")
    app.add_middleware(ContentSecurity)
