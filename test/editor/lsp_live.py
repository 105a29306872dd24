"""Drives `cuda-coalesce-lint --lsp` on live buffers: the editor's text is
analyzed, not the file on disk; edits without saving update the
diagnostics; the quick fix applied in the buffer removes the warning;
untitled documents, compile errors and didClose. Prints what the server
said, for FileCheck."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspio  # noqa: E402
import time

lint, source = sys.argv[1], sys.argv[2]
server = lspio.Server([lint, "--lsp"] + sys.argv[3:])
proc, send, receive = server.proc, server.send, server.receive






def published(uri):
    """The next publishDiagnostics for uri (other messages are skipped)."""
    while True:
        m = receive()
        if m.get("method") == "textDocument/publishDiagnostics" and \
                m["params"]["uri"] == uri:
            return m["params"]


def show(tag, params):
    ds = params["diagnostics"]
    print(f"{tag}: version {params.get('version')}, {len(ds)} diagnostics")
    for d in ds:
        s, e = d["range"]["start"], d["range"]["end"]
        print(f"  {d['severity']} {s['line']}:{s['character']}-{e['line']}:"
              f"{e['character']} {d.get('code', '-')}: {d['message'][:120]}")


def change(uri, version, text):
    send({"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri, "version": version},
                     "contentChanges": [{"text": text}]}})


uri = "file://" + source
on_disk = open(source).read()
conflict = on_disk.replace("[32][33]", "[32][32]")
send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": None, "capabilities": {}}})
caps = receive()["result"]["capabilities"]
print("sync:", caps["textDocumentSync"]["change"])
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

# The buffer has the conflict, the disk does not: the buffer wins.
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "cuda-cpp",
                                  "version": 1, "text": conflict}}})
show("open", published(uri))

# Five quick edits: only the last version is published.
for v in range(2, 7):
    change(uri, v, conflict + "\n" * v)
show("burst", published(uri))

# The quick fix, applied in the buffer without saving.
send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
      "params": {"textDocument": {"uri": uri},
                 "range": {"start": {"line": 0, "character": 0},
                           "end": {"line": 99, "character": 0}},
                 "context": {"diagnostics": []}}})
actions = receive()["result"]
edit = actions[0]["edit"]["changes"][uri][0]
print("quick fix:", actions[0]["title"], "->", edit["newText"])
lines = (conflict + "\n" * 6).split("\n")
r = edit["range"]
ln = lines[r["start"]["line"]]
lines[r["start"]["line"]] = (ln[:r["start"]["character"]] + edit["newText"] +
                             ln[r["end"]["character"]:])
change(uri, 7, "\n".join(lines))
show("fixed", published(uri))

# An untitled document.
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": "untitled:Untitled-1",
                                  "languageId": "cuda-cpp", "version": 1,
                                  "text": conflict}}})
show("untitled", published("untitled:Untitled-1"))

# A compile error: the user is told the analysis is incomplete.
change(uri, 8, "\n".join(lines).replace("__syncthreads();",
                                        "__syncthreads(); undeclared_thing;"))
show("error", published(uri))

send({"jsonrpc": "2.0", "method": "textDocument/didClose",
      "params": {"textDocument": {"uri": uri}}})
show("closed", published(uri))
send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
while receive().get("id") != 3:
    pass
send({"jsonrpc": "2.0", "method": "exit"})
print("exit status:", proc.wait(timeout=30))
