"""A server started as a process for a test, waited on by what it says rather than by the clock.

gunicorn says ``Listening at: http://…`` once its socket is bound: from then on a request waits in
the socket's queue until a worker takes it, so the test may send it at once.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading

LISTENING = "Listening at: "
# A guard against a server that hangs without a word, not a measure of its speed.
SILENCE_S = 120


def environ_without_the_app(**more: str) -> dict[str, str]:
    """This shell's environment but the app's own settings (SCOREKEEPER_*, SECRET_KEY, DATABASE_URL), and *more*."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SCOREKEEPER_", "SECRET_KEY"))}
    env.pop("DATABASE_URL", None)
    env.update(more)
    return env


class Server:
    """A process whose output (stdout and stderr together) is read line by line as it comes."""

    def __init__(self, args: list[str], **popen) -> None:
        self.process = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True, **popen
        )
        self.lines: list[str] = []
        self._new: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="server-output", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)
            self._new.put(line)
        self._new.put(None)

    def wait_for(self, text: str) -> str:
        """Return what the server said up to the first line holding *text*; fail if it stops first."""
        said = []
        while True:
            try:
                line = self._new.get(timeout=SILENCE_S)
            except queue.Empty:
                raise AssertionError(f"the server said nothing for {SILENCE_S} s:\n{self.output}") from None
            if line is None:
                raise AssertionError(f"the server stopped before saying {text!r}:\n{self.output}")
            said.append(line)
            if text in line:
                return "".join(said)

    def wait_until_listening(self) -> str:
        return self.wait_for(LISTENING)

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def stop(self) -> str:
        """Stop the server and what it started (SIGTERM, as a process manager does); return all it said."""
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:  # it had stopped already, and all it started
            pass
        self.process.wait(timeout=60)
        self._reader.join(timeout=60)
        self.process.stdout.close()
        return self.output
