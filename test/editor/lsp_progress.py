"""A client that supports window/workDoneProgress sees an analysis that
takes longer than the threshold ($CCL_LSP_PROGRESS_MS, 0 here) as a
create request, a begin and an end, around the diagnostics."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspio  # noqa: E402

lint, source = sys.argv[1], sys.argv[2]
env = dict(os.environ, CCL_LSP_PROGRESS_MS="0")
server = lspio.Server([lint, "--lsp"] + sys.argv[3:], env=env)
p, send, receive = server.proc, server.send, server.receive






uri = "file://" + source
send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": None,
                 "capabilities": {"window": {"workDoneProgress": True}}}})
receive()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "cuda-cpp",
                                  "version": 1, "text": open(source).read()}}})
seen = []
while True:
    m = receive()
    if m.get("method") == "window/workDoneProgress/create":
        seen.append("create")
        send({"jsonrpc": "2.0", "id": m["id"], "result": None})
    elif m.get("method") == "$/progress":
        seen.append(m["params"]["value"]["kind"])
    elif m.get("method") == "textDocument/publishDiagnostics":
        seen.append("diagnostics")
        if "end" in seen:
            break
    if len(seen) > 10:
        break
print(" ".join(seen))
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
send({"jsonrpc": "2.0", "method": "exit"})
p.wait(timeout=30)
