"""textual-serve's web server, stopped at once with every tab's app.

Imported only by ``bjtrainer serve`` (:mod:`bjtrainer.commands.serve`), and
only when the ``web`` extra is installed: importing it without textual-serve
raises ImportError.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from textual_serve.server import Server


class ClosingServer(Server):
    """A textual-serve ``Server`` whose stop (Ctrl+C) first ends every open tab.

    textual-serve leaves each tab's connection open when it is stopped, and
    its web server then waits for them, tens of seconds; here the stop
    cancels every connection's handler, which makes textual-serve tell that
    tab's app to quit and wait for its process to end.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connections: set[asyncio.Task[Any]] = set()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's handler of one tab, run in a task kept in ``connections``."""
        connection = asyncio.current_task()
        assert connection is not None  # aiohttp runs every handler in a task
        self.connections.add(connection)
        try:
            return await super().handle_websocket(request)
        finally:
            self.connections.discard(connection)

    async def on_shutdown(self, app: web.Application) -> None:
        """Cancel every open tab's handler and wait until each app has quit."""
        connections = list(self.connections)
        for connection in connections:
            connection.cancel()
        await asyncio.gather(*connections, return_exceptions=True)
