"""Drives `cuda-coalesce-lint --lsp` with real LSP messages over pipes:
initialize, didOpen, (publishDiagnostics), codeAction, didSave, shutdown,
exit. Prints what the server said, for FileCheck."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspio  # noqa: E402

lint, source = sys.argv[1], sys.argv[2]
extra = sys.argv[3:]
server = lspio.Server([lint, "--lsp"] + extra)
proc, send, receive = server.proc, server.send, server.receive



uri = "file://" + source
send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": {"processId": None, "rootUri": None, "capabilities": {}}})
init = receive()
print("initialize:", init["result"]["serverInfo"]["name"],
      "codeActionProvider" in init["result"]["capabilities"])
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "cuda-cpp",
                                  "version": 1, "text": open(source).read()}}})
pub = receive()
assert pub["method"] == "textDocument/publishDiagnostics", pub
for d in pub["params"]["diagnostics"]:
    r = d["range"]["start"]
    print(f"diagnostic {r['line']}:{r['character']} {d['code']} {d['message']}")
    for rel in d["relatedInformation"]:
        print("  related:", rel["message"])
fixable = [d for d in pub["params"]["diagnostics"] if "data" in d]
line = fixable[0]["range"]["start"]["line"] if fixable else 0
send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
      "params": {"textDocument": {"uri": uri},
                 "range": {"start": {"line": line, "character": 0},
                           "end": {"line": line, "character": 0}},
                 "context": {"diagnostics": []}}})
actions = receive()["result"]
for a in actions:
    for edit in a["edit"]["changes"][uri]:
        s = edit["range"]["start"]
        print(f"action {a['kind']}: {a['title']}: {s['line']}:{s['character']} -> {edit['newText']}")
send({"jsonrpc": "2.0", "method": "textDocument/didSave",
      "params": {"textDocument": {"uri": uri}}})
print("after save:", len(receive()["params"]["diagnostics"]), "diagnostics")
send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
print("shutdown:", receive()["result"])
send({"jsonrpc": "2.0", "method": "exit"})
print("exit status:", proc.wait(timeout=30))
