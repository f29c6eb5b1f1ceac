"""A small Chrome DevTools Protocol client for headless Chromium, with the standard library only.

Chromium is started with `--remote-debugging-pipe`: it reads commands on file descriptor 3 and writes
replies and events on file descriptor 4, each a JSON message terminated by a NUL byte. One browser
serves every page; each page is a target of its own, attached with `flatten: true` so that its commands
and events carry a `sessionId`.

    with Browser() as browser:
        page = browser.new_page()
        page.set_viewport(390, 844)
        page.set_color_scheme("dark")
        page.navigate("file:///tmp/changelog.html")
        width = page.evaluate("document.documentElement.scrollWidth")

Every command times out (30 s by default) with an error that names it; the browser exiting, or never
answering, is an error too, never an empty result. The browser is killed when the `with` block ends,
however it ends (and at interpreter exit, as a last resort).
"""

import atexit
import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time

DEFAULT_TIMEOUT = 30.0

# Where Chromium's real binary lives on Debian (the `chromium` on PATH is a shell wrapper around it),
# then the names it has elsewhere. CHROMIUM in the environment overrides them all.
CANDIDATES = [
    "/usr/lib/chromium/chromium",
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
]


class CDPError(RuntimeError):
    """A command failed, timed out, or the browser is gone."""


class JavaScriptError(CDPError):
    """An evaluated expression threw."""


def find_chromium():
    override = os.environ.get("CHROMIUM")
    if override:
        path = shutil.which(override) or (override if os.access(override, os.X_OK) else None)
        if not path:
            raise CDPError(f"CHROMIUM={override!r} is not an executable")
        return path
    for candidate in CANDIDATES:
        path = candidate if os.path.isabs(candidate) and os.access(candidate, os.X_OK) else shutil.which(candidate)
        if path:
            return path
    raise CDPError("no Chromium found (looked for " + ", ".join(CANDIDATES)
                   + "); install it with `make browser-deps` or set CHROMIUM")


class Browser:
    def __init__(self, executable=None, timeout=DEFAULT_TIMEOUT, extra_args=()):
        self.timeout = timeout
        self.executable = executable or find_chromium()
        self.profile = tempfile.mkdtemp(prefix="whatsnew-chromium-")
        self._next_id = 0
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._replies = {}
        self._events = []  # (sessionId or None, method, params), in arrival order
        self._closed_reason = None
        self._lost_sessions = {}  # sessionId → why (the page crashed, or was detached)
        self._stderr_tail = []

        # Our end writes commands to `to_browser_w`; the browser reads them on fd 3.
        # The browser writes replies to fd 4; our end reads them from `from_browser_r`.
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()

        # In the child, after fork and before exec, the browser's ends are dup'ed onto 3 and 4; `pass_fds`
        # keeps 3 and 4 open through exec (every other descriptor is closed). Both are open in this process
        # now, whatever they were before: os.pipe() takes the lowest free numbers, so after four of them
        # 3 and 4 are ours or were already taken, which is what subprocess needs to keep them.
        def child_fds():
            # Move both ends out of the way first, in case either already is 3 or 4.
            a = os.dup(to_browser_r)
            b = os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.close(a)
            os.close(b)

        args = [
            self.executable,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--remote-debugging-pipe",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--mute-audio",
            "--force-color-profile=srgb",
            f"--user-data-dir={self.profile}",
            *extra_args,
            "about:blank",
        ]
        try:
            self.process = subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                pass_fds=(3, 4),
                preexec_fn=child_fds,
                start_new_session=True,
            )
        except OSError as error:
            for fd in (to_browser_r, to_browser_w, from_browser_r, from_browser_w):
                os.close(fd)
            shutil.rmtree(self.profile, ignore_errors=True)
            raise CDPError(f"cannot start {self.executable}: {error}") from error
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._write_fd = to_browser_w
        self._read_fd = from_browser_r
        atexit.register(self.close)

        self._reader = threading.Thread(target=self._read_loop, name="cdp-reader", daemon=True)
        self._reader.start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, name="cdp-stderr", daemon=True)
        self._stderr_reader.start()

        # The first command proves the pipe works.
        version = self.send("Browser.getVersion")
        self.version = version.get("product", "?")

    # -- plumbing

    def _read_stderr(self):
        for line in self.process.stderr:
            text = line.decode("utf-8", "replace").rstrip()
            with self._lock:
                self._stderr_tail.append(text)
                del self._stderr_tail[:-20]

    def _read_loop(self):
        buffer = b""
        reason = "the browser closed its DevTools pipe"
        try:
            while True:
                chunk = os.read(self._read_fd, 1 << 20)
                if not chunk:
                    break
                buffer += chunk
                while b"\0" in buffer:
                    raw, buffer = buffer.split(b"\0", 1)
                    if not raw:
                        continue
                    message = json.loads(raw)
                    with self._cond:
                        if "id" in message:
                            self._replies[message["id"]] = message
                        else:
                            method, params = message.get("method"), message.get("params", {})
                            self._events.append((message.get("sessionId"), method, params))
                            if method == "Inspector.targetCrashed":
                                self._lost_sessions[message.get("sessionId")] = "the page's renderer crashed"
                            elif method == "Target.detachedFromTarget":
                                self._lost_sessions.setdefault(params.get("sessionId"), "the page was detached")
                        self._cond.notify_all()
        except Exception as error:  # a broken message is as fatal as a closed pipe
            reason = f"reading the DevTools pipe failed: {error!r}"
        with self._cond:
            self._closed_reason = reason
            self._cond.notify_all()

    def _dead(self):
        code = self.process.poll()
        tail = "\n".join(self._stderr_tail[-8:])
        message = self._closed_reason or "the browser is gone"
        if code is not None:
            message += f" (exit status {code})"
        if tail:
            message += "\nlast lines of the browser's stderr:\n" + tail
        return CDPError(message)

    def send(self, method, params=None, session_id=None, timeout=None):
        timeout = self.timeout if timeout is None else timeout
        with self._cond:
            if self._closed_reason:
                raise self._dead()
            self._next_id += 1
            message_id = self._next_id
        message = {"id": message_id, "method": method, "params": params or {}}
        if session_id:
            message["sessionId"] = session_id
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                written = os.write(self._write_fd, data)
                data = data[written:]
        except OSError as error:
            raise CDPError(f"{method}: cannot write to the browser: {error}") from error
        deadline = time.monotonic() + timeout
        with self._cond:
            while message_id not in self._replies:
                if self._closed_reason:
                    raise self._dead()
                if session_id and session_id in self._lost_sessions:
                    raise CDPError(f"{method}: {self._lost_sessions[session_id]}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise CDPError(f"{method}: no reply from the browser within {timeout:g} s")
                self._cond.wait(remaining)
            reply = self._replies.pop(message_id)
        if "error" in reply:
            error = reply["error"]
            raise CDPError(f"{method}: {error.get('message')} ({error.get('code')}) {error.get('data', '')}".rstrip())
        return reply.get("result", {})

    def event_mark(self):
        with self._cond:
            return len(self._events)

    def wait_for_event(self, method, session_id=None, since=0, timeout=None, predicate=None):
        """Waits for `method` (on `session_id`) among the events that arrived after `since`."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        index = since
        with self._cond:
            while True:
                while index < len(self._events):
                    session, name, params = self._events[index]
                    index += 1
                    if name == method and session == session_id and (predicate is None or predicate(params)):
                        return params
                if self._closed_reason:
                    raise self._dead()
                if session_id and session_id in self._lost_sessions:
                    raise CDPError(f"waiting for {method}: {self._lost_sessions[session_id]}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise CDPError(f"waited {timeout:g} s for {method} in vain")
                self._cond.wait(remaining)

    def events(self, method, session_id=None, since=0):
        with self._cond:
            return [params for session, name, params in self._events[since:]
                    if name == method and session == session_id]

    # -- pages

    def new_page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session)
        page.send("Page.enable")
        page.send("Runtime.enable")
        return page

    # -- lifetime

    def close(self):
        process = getattr(self, "process", None)
        if process is None:
            return
        try:
            # Asked politely, the browser reaps its own helper processes; killed, they would be left
            # to init. Killed all the same, as a group, if it does not exit within 5 s.
            if process.poll() is None and not self._closed_reason:
                try:
                    self.send("Browser.close", timeout=5)
                except CDPError:
                    pass
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass
        except Exception:
            pass
        self.process = None
        try:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    process.kill()
            process.wait(timeout=10)
        except Exception:
            pass
        for fd in (getattr(self, "_write_fd", None), getattr(self, "_read_fd", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class Page:
    def __init__(self, browser, target_id, session_id):
        self.browser = browser
        self.target_id = target_id
        self.session_id = session_id

    def send(self, method, params=None, timeout=None):
        return self.browser.send(method, params, session_id=self.session_id, timeout=timeout)

    def set_viewport(self, width, height, scale=1, mobile=False):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})

    def set_color_scheme(self, scheme, media=""):
        """scheme: "light" or "dark"; media: "" (screen) or "print"."""
        self.send("Emulation.setEmulatedMedia",
                  {"media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def navigate(self, url, timeout=None):
        mark = self.browser.event_mark()
        result = self.send("Page.navigate", {"url": url}, timeout=timeout)
        if result.get("errorText"):
            raise CDPError(f"cannot load {url}: {result['errorText']}")
        self.browser.wait_for_event("Page.loadEventFired", self.session_id, since=mark, timeout=timeout)
        # Measure only once every web font and the layout they cause are settled.
        self.evaluate("document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => r(true))))")

    def evaluate(self, expression, timeout=None):
        result = self.send("Runtime.evaluate", {
            "expression": expression,
            "returnByValue": True,
            "awaitPromise": True,
            "userGesture": True,
        }, timeout=timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            description = details.get("exception", {}).get("description") or details.get("text")
            raise JavaScriptError(f"JavaScript threw: {description}")
        value = result.get("result", {})
        if value.get("type") == "undefined":
            return None
        return value.get("value")

    def print_pdf(self, paper="A4", print_background=False):
        sizes = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}
        width, height = sizes[paper]
        result = self.send("Page.printToPDF", {
            "paperWidth": width,
            "paperHeight": height,
            "printBackground": print_background,
            "preferCSSPageSize": False,
        }, timeout=max(self.browser.timeout, 60))
        return base64.b64decode(result["data"])

    def screenshot(self):
        result = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})
        return base64.b64decode(result["data"])

    def close(self):
        try:
            self.browser.send("Target.closeTarget", {"targetId": self.target_id})
        except CDPError:
            pass
