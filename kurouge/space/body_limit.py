"""A bound on a request's body, checked before gradio reads any of it.

gradio parses a whole JSON body before the app's own limits see it: two pasted texts of 200 MB took
24 s and over a gigabyte that the process kept. ``BodyLimit`` is an ASGI middleware that answers
413 with a one-line message when a request declares (``Content-Length``) or sends more than
``limit`` bytes, without reading the rest.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class BodyLimit:
    """Refuse an HTTP request whose body is larger than ``limit`` bytes, naming ``variable``."""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int, variable: str) -> None:
        self.app = app
        self.limit = limit
        self.variable = variable

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or answer 413 if its body is (or turns out) too large."""
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            return await self._refuse(send)
        received = 0
        too_large = refused = started = False

        async def counted_receive() -> Message:
            nonlocal received, too_large
            if too_large:
                return {"type": "http.request", "body": b"", "more_body": False}
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:  # the app reads an end here; its answer is replaced by a 413
                too_large = True
                return {"type": "http.request", "body": b"", "more_body": False}
            return message

        async def checked_send(message: Message) -> None:
            nonlocal refused, started
            if not too_large or started:  # an answer begun before the body ran over goes on
                started = True
                await send(message)
            elif not refused:
                refused = True
                await self._refuse(send)

        await self.app(scope, counted_receive, checked_send)
        if too_large and not (refused or started):
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {
                "error": f"the request is larger than {self.limit:,} bytes, the limit ({self.variable}): "
                "paste fewer or shorter texts, or split the file"
            }
        ).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})
