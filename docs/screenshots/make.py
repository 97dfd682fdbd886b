#!/usr/bin/env python3
"""Regenerates the PNGs of docs/screenshots.md from the demo.

Starts `tallyd --demo` on a throwaway data directory with its HTTP listener
on a free port, and has Debian's chromium (headless, driven over the
DevTools protocol on a pipe, as tests/headless_browser.h does) shoot a
ranking, a traveller and the venue scoreboard at a phone's size (375 x 812,
as a phone) and a desktop's (1280 x 800), as PNGs beside this script.
Stops the tallyd it started and removes what it made in /tmp.

Usage: docs/screenshots/make.py [BUILD_DIR]     (default: build)
Needs BUILD_DIR/server/tallyd and /usr/bin/chromium (or $CHROMIUM);
Python's standard library only.
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = [("ranking", "t/demo/c/pairs/s/1/standings.html"),
         ("traveller", "t/demo/c/pairs/s/1/board/1.html"),
         ("scoreboard", "t/demo/scoreboard.html")]
SIZES = [("phone", 375, 812, True), ("desktop", 1280, 800, False)]


class Chromium:
    """chromium --headless --remote-debugging-pipe: fd 3 in, fd 4 out."""

    def __init__(self, binary, profile, log):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        args = [binary, "--headless", "--remote-debugging-pipe",
                "--user-data-dir=" + profile, "--no-first-run",
                "--disable-gpu", "--disable-extensions", "--hide-scrollbars",
                "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")
        self.proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=fds,
                                     stdout=log, stderr=log)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 1
        target = self.call("Target.createTarget", {"url": "about:blank"})
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target["targetId"],
                                  "flatten": True})["sessionId"]

    def call(self, method, params, page=False):
        i = self.next_id
        self.next_id += 1
        message = {"id": i, "method": method, "params": params}
        if page:
            message["sessionId"] = self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buf:
                data = os.read(self.from_r, 1 << 16)
                if not data:
                    sys.exit("chromium exited")
                self.buf += data
            raw, _, self.buf = self.buf.partition(b"\0")
            answer = json.loads(raw)
            if answer.get("id") == i:
                if "error" in answer:
                    sys.exit("%s: %s" % (method, answer["error"]))
                return answer["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True},
                           page=True)
        return result["result"].get("value")

    def shoot(self, url, width, height, mobile, path):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": mobile}, page=True)
        self.evaluate("window.tallyOldPage = true")
        self.call("Page.navigate", {"url": url}, page=True)
        deadline = time.time() + 30
        while not self.evaluate("!window.tallyOldPage && "
                                "document.readyState === 'complete'"):
            if time.time() > deadline:
                sys.exit("%s did not load" % url)
            time.sleep(0.1)
        png = self.call("Page.captureScreenshot", {"format": "png"},
                        page=True)["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(png))

    def close(self):
        try:
            os.write(self.to_w, b'{"id":0,"method":"Browser.close"}\0')
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    tallyd = os.path.join(build, "server", "tallyd")
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for binary in (tallyd, chromium):
        if not os.access(binary, os.X_OK):
            sys.exit("no %s: build tallyd / install chromium first" % binary)
    work = tempfile.mkdtemp(prefix="tally-screenshots.")
    server = browser = None
    try:
        log = open(os.path.join(work, "log"), "w")
        port_file = os.path.join(work, "http.port")
        server = subprocess.Popen(
            [tallyd, "--data_dir=" + os.path.join(work, "data"),
             "--listen=127.0.0.1:0", "--demo", "--http_listen=127.0.0.1:0",
             "--http_port_file=" + port_file], stdout=log, stderr=log)
        deadline = time.time() + 30
        while not (os.path.exists(port_file) and os.path.getsize(port_file)):
            if time.time() > deadline or server.poll() is not None:
                sys.exit("tallyd did not start: see " + log.name)
            time.sleep(0.1)
        with open(port_file) as f:
            root = "http://127.0.0.1:%d/" % int(f.read())
        browser = Chromium(chromium, os.path.join(work, "profile"), log)
        for size, width, height, mobile in SIZES:
            for name, path in PAGES:
                png = os.path.join(HERE, "%s-%s.png" % (name, size))
                browser.shoot(root + path, width, height, mobile, png)
                print("wrote %s (%d bytes)" % (png, os.path.getsize(png)))
    finally:
        if browser:
            browser.close()
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
