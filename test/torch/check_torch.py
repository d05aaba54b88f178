#!/usr/bin/env python3
"""The catalogue of test_hostile.ml judged by torch.load(weights_only=True)
(torch 2.15): every case that Torch reads, torch reads, and every case
Torch refuses, torch refuses, but for the differences listed below, each
on purpose. Usage: check_torch.py DIR, DIR holding the cases and
verdicts.txt that NX_TORCH_DUMP=DIR test_hostile.exe writes."""
import os
import sys
import warnings

import torch

warnings.simplefilter("ignore")

# Cases torch reads and Torch refuses, with the reason.
stricter = {
    "build_tensor": "BUILD on a tensor is torch's legacy set_(): a call",
    "newobj": "NEWOBJ of torch.Tensor constructs an object",
    "hooks": "backward hooks that are not empty would be set on the tensor",
    "codecs_utf16": "_codecs.encode to other codecs than latin1, which protocol 2 writes",
    "deep_key": "nested more than Python's recursion limit",
    "deep_lists": "nested more than Python's recursion limit",
    "deep_tuples": "nested more than Python's recursion limit",
    "lists_1002": "nested more than Python's recursion limit",
    "many_lists": "more values than the bound on a pickle's memory",
    "self_dict": "an object holding itself",
    "self_list": "an object holding itself",
    "legacy_big_endian": "a big-endian legacy file",
    "legacy_key_missing": "a storage without bytes in the file (torch leaves it uninitialized)",
    "overlapping_records": "records that overlap (miniz does not check)",
    "protocol_6": "a pickle protocol past 5",
    "qtensor": "quantized tensors",
    "storage_alone": "a storage outside a tensor",
    "surrogate": "a string of a surrogate, which torch reads with surrogatepass",
    "tensor_key": "a tensor as a dict key",
}
# Cases Torch reads and torch refuses, with the reason.
laxer = {
    "memo_huge_put": "POP, an opcode of data that torch's weights-only unpickler lacks",
}

d = sys.argv[1]
passed = failed = 0
for line in open(os.path.join(d, "verdicts.txt")):
    name, ours = line.rstrip("\n").split("\t")
    try:
        torch.load(os.path.join(d, name + ".pt"), weights_only=True, map_location="cpu")
        theirs = "read"
    except Exception as e:
        theirs = "refused"
        why = "%s: %s" % (type(e).__name__, str(e).split("\n")[0][:120])
    if ours == theirs:
        ok = name not in stricter and name not in laxer
        msg = "listed as a difference, yet both %s it" % ours
    elif ours == "refused":
        ok = name in stricter
        msg = "torch reads it, Torch refuses it"
    else:
        ok = name in laxer
        msg = "Torch reads it, torch refuses it (%s)" % why
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL %s: %s" % (name, msg))
print("torch_python: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
