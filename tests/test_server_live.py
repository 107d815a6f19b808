"""`judge serve` as people meet it: gunicorn on a port, slow clients, hostile requests over the wire,
and an index rebuilt while it answers."""

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from .conftest import FIXTURES, ROOT

pytest.importorskip("gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(proc: subprocess.Popen) -> None:
    """Stop a server: asked first, then killed, so that it is never left running for the tests after it
    (a loaded machine once kept gunicorn stopping longer than the wait)."""
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=30)


def get(port: int, path: str, timeout: float = 30) -> tuple[int, bytes, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        res = conn.getresponse()
        return res.status, res.read(), res.getheader("Content-Type", "")
    finally:
        conn.close()


class Server:
    """`judge serve` on a free port: on a copy of the sample corpus, or on the bundled one."""

    def __init__(self, tmp: Path, bundled: bool = False) -> None:
        self.corpus = tmp / "rules"
        self.env = {**os.environ, "JUDGE_INDEX_DIR": str(tmp / "ix"), "JUDGE_INDEX_REFRESH_SECONDS": "0.2"}
        self.env.pop("JUDGE_CORPUS_DIRS", None)
        if not bundled:
            shutil.copytree(FIXTURES / "corpus" / "rules", self.corpus)
            self.env["JUDGE_CORPUS_DIRS"] = str(self.corpus)
        self.port = free_port()
        self.log = open(tmp / "server.log", "w+")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "judge.cli", "serve", "--port", str(self.port), "--workers", "2"],
            cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if get(self.port, "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
            assert self.proc.poll() is None, self.output()
        raise AssertionError("the server did not start: " + self.output())

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def stop(self) -> None:
        stop(self.proc)
        self.log.close()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path)
    yield s
    s.stop()


def test_one_log_line_per_request_and_no_traceback(server):
    get(server.port, "/api/search?q=beaming")
    get(server.port, "/api/entries/..%2f..%2fetc%2fpasswd")
    time.sleep(0.3)
    lines = [line for line in server.output().splitlines() if "GET /api/" in line]
    assert any(line.endswith("ms") and " 200 " in line and "/api/search?q=beaming" in line for line in lines)
    assert "Traceback" not in server.output()


def test_hostile_requests_over_the_wire(server):
    paths = ["/api/search?q=" + "x" * 5000, "/api/search?q=%22%28%28AND", "/api/search?q=a%00b",
             "/api/search?q=%ff%fe", "/api/search?q=beam&limit=-5&page=abc", "/api/entries/%2e%2e/%2e%2e/etc",
             "/api/entries/2e/sample/%3Cscript%3E", "/search?q=%3Cscript%3Ealert(1)%3C/script%3E",
             "/api/search?q=" + "%E2%98%83" * 800]   # 7.2 KB; gunicorn refuses request lines over 8 KB
    for path in paths:
        status, body, kind = get(server.port, path)
        assert status < 500, path[:80]
        if path.startswith("/api/") and status >= 400:
            assert kind.startswith("application/json") and "error" in json.loads(body), path[:80]
        assert b"<script>alert" not in body
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.request("POST", "/api/parse", body=b"\xff\xfe" * 1000, headers={"Content-Type": "application/json"})
    res = conn.getresponse()
    assert res.status == 400 and "error" in json.loads(res.read())
    conn.close()


def test_500_concurrent_slow_clients(server):
    """500 clients connect at once and take two seconds to send their request (most send nothing
    meanwhile, one in ten half of it): none gets a 5xx, and the server answers /healthz afterwards."""
    socks = []
    for n in range(500):
        s = socket.create_connection(("127.0.0.1", server.port), timeout=120)
        request = (f"GET /api/search?q=beaming+{n % 7} HTTP/1.1\r\nHost: x\r\n"
                   "Connection: close\r\n\r\n").encode()
        half = len(request) // 2 if n % 10 == 0 else 0
        s.sendall(request[:half])
        socks.append((s, request[half:]))
    time.sleep(2)
    for s, rest in socks:
        s.sendall(rest)
    statuses = []
    for s, _ in socks:
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        s.close()
        statuses.append(int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0)
    assert len(statuses) == 500
    assert all(200 <= st < 500 for st in statuses), sorted(set(statuses))
    assert get(server.port, "/healthz", timeout=5)[0] == 200


def test_rebuilding_the_index_while_serving(server):
    """`judge index` publishes a new index for an edited corpus while clients search: no request
    fails, and once the swap is done every worker answers from the new corpus."""
    failures: list[str] = []
    stop = threading.Event()

    def client() -> None:
        while not stop.is_set():
            for path in ("/api/search?q=beaming", "/2e/sample/glossary--beaming", "/healthz"):
                try:
                    status, _, _ = get(server.port, path)
                    if status != 200:
                        failures.append(f"{status} {path}")
                except OSError as exc:
                    failures.append(f"{exc} {path}")

    threads = [threading.Thread(target=client) for _ in range(6)]
    for t in threads:
        t.start()
    try:
        assert json.loads(get(server.port, "/api/search?q=quokkas")[1])["total"] == 0
        doc = server.corpus / "sample.md"
        doc.write_text(doc.read_text().replace("To move personnel", "To move quokkas"))
        done = subprocess.run([sys.executable, "-m", "judge.cli", "index"], cwd=ROOT, env=server.env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        time.sleep(1.5)   # the workers look for a new index every 0.2 s here
        for _ in range(10):   # whichever worker answers
            hits = json.loads(get(server.port, "/api/search?q=quokkas")[1])["results"]
            assert hits and hits[0]["id"] == "2e/sample/glossary--beaming"
            assert b"quokkas" in get(server.port, "/2e/sample/glossary--beaming")[1]
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert failures == []


def test_gunicorn_wsgi_app_serves_the_same_app(tmp_path):
    """The README's `gunicorn wsgi:app`, preloaded, answers like `judge serve`."""
    corpus = tmp_path / "rules"
    shutil.copytree(FIXTURES / "corpus" / "rules", corpus)
    env = {**os.environ, "JUDGE_CORPUS_DIRS": str(corpus), "JUDGE_INDEX_DIR": str(tmp_path / "ix")}
    port = free_port()
    # (a short graceful timeout: gunicorn's default, 30 s, is as long as the wait below, and on a
    # loaded machine a worker still starting made the stop outlast it)
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "2", "--preload", "--no-control-socket",
                             "--graceful-timeout", "5", "-b", f"127.0.0.1:{port}", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, body, _ = get(port, "/api/search?q=beaming")
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.1)
        assert status == 200 and json.loads(body)["results"][0]["id"].startswith("2e/sample/")
        assert get(port, "/healthz")[0] == 200
    finally:
        stop(proc)
