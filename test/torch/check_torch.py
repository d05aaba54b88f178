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
    "tar_view_past": "a storage view past its root's elements (torch's slice stops at the end)",
    "tar_storage_twice": "a storage key twice (torch keeps the last)",
    "tar_tensor_twice": "a tensor key twice (torch keeps the last)",
    "tar_tensor_past": "a tensor past its storage (torch's set_ grows the storage, uninitialized)",
    "tar_pid_module": "a module class's persistent id (a whole model saved)",
}
# Cases Torch reads and torch refuses, with the reason.
laxer = {
    "memo_huge_put": "POP, an opcode of data that torch's weights-only unpickler lacks",
}

# torch.load refuses weights_only=True on the tar format of torch before
# 0.4, and reads it only by running its pickles. A tar case is judged so
# when none of its bytes names a module that could run anything (this
# catalogue's cases are written by hand: their globals are torch's
# classes and collections.OrderedDict); the others are not judged.
unsafe = [b"posix", b"system", b"os\n", b"builtins", b"eval", b"exec", b"subprocess"]


def is_tar(path):
    import tarfile
    try:
        return tarfile.is_tarfile(path)
    except Exception:  # a header tarfile cannot list (OverflowError): torch fails on it too
        return False


d = sys.argv[1]
passed = failed = unjudged = 0
for line in open(os.path.join(d, "verdicts.txt")):
    name, ours = line.rstrip("\n").split("\t")
    path = os.path.join(d, name + ".pt")
    weights_only = True
    if name.startswith("tar_") and is_tar(path):
        with open(path, "rb") as f:
            data = f.read()
        if any(u in data for u in unsafe):
            unjudged += 1
            continue
        weights_only = False
    try:
        torch.load(path, weights_only=weights_only, map_location="cpu")
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
print("torch_python: %d passed, %d failed (%d tar cases not judged: they name a module that runs code)"
      % (passed, failed, unjudged))
sys.exit(1 if failed else 0)
