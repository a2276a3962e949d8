"""Validates CWL files with the real cwltool, in one process (its start-up costs more than a
validation), and prints per file one JSON line: whether cwltool accepts it and the steps, ports and
connections cwltool itself resolved, in the format of graphSignature() in ../graph.ts."""
import io
import json
import sys

import cwltool.main
from cwltool.context import LoadingContext
from cwltool.load_tool import load_tool
from cwltool.main import main

# main() re-reads the CWL schema on every call (setup_schema clears its cache), which costs more
# than a validation; after the first call has set it up (with --enable-ext), keep it.
_setup_schema = cwltool.main.setup_schema


def _setup_once(*args, **kwargs):
    _setup_schema(*args, **kwargs)
    cwltool.main.setup_schema = lambda *a, **k: None


cwltool.main.setup_schema = _setup_once


def frag(uri):
    return uri.split("#", 1)[1] if "#" in uri else uri


def rel(uri, base):
    f, b = frag(uri), (frag(base) + "/" if "#" in base else "")
    return f[len(b):] if b and f.startswith(b) else f


def as_list(v):
    return [] if v is None else v if isinstance(v, list) else [v]


def signature(tool):
    t = tool.tool
    base = t["id"]
    sig = []
    for i in t["inputs"]:
        n = rel(i["id"], base)
        sig.append("input:%s()->(%s)" % (n, n))
    for o in t["outputs"]:
        n = rel(o["id"], base)
        sig.append("output:%s(%s)->()" % (n, n))
        for s in as_list(o.get("outputSource")):
            sig.append("edge:%s->%s" % (rel(s, base), n))
    for step in getattr(tool, "steps", []):
        sid = rel(step.id, base)
        ins = sorted(rel(i["id"], step.id) for i in step.tool["inputs"])
        outs = sorted(rel(o["id"], step.id) for o in step.tool["outputs"])
        sig.append("step:%s(%s)->(%s)" % (sid, ",".join(ins), ",".join(outs)))
        for i in step.tool["inputs"]:
            for s in as_list(i.get("source")):
                sig.append("edge:%s->%s/%s" % (rel(s, base), sid, rel(i["id"], step.id)))
    return sorted(sig)


for path in sys.argv[1:]:
    err = io.StringIO()
    code = main(["--enable-ext", "--validate", path], stdout=io.StringIO(), stderr=err)
    result = {"file": path, "valid": code == 0, "messages": err.getvalue()[-2000:]}
    if code == 0:
        result["signature"] = signature(load_tool(path, LoadingContext()))
    print(json.dumps(result), flush=True)
