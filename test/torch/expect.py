"""What torch.load gives of a checkpoint, as the rows of expected.txt that
test_torch.ml reads (see gen_files.py for the rows): shared by the
generators of test/torch's files."""
import os
import pickle
import struct

import torch
from safetensors.torch import _find_shared_tensors, _remove_duplicate_names


def hexbytes(t):
    t = t.contiguous().reshape(-1)
    if t.numel() == 0:
        return "-"
    return bytes(t.view(torch.uint8).numpy().tobytes()).hex()


def dims(xs):
    return "x".join(str(x) for x in xs) if len(xs) else "-"


def canon(v):
    """The object as test_torch.ml prints a Torch.value."""
    if v is None:
        return "N"
    if isinstance(v, bool):
        return "T" if v else "F"
    if isinstance(v, int):
        if -(2**62) <= v < 2**62:
            return "i%d" % v
        return "L" + pickle.encode_long(v).hex()
    if isinstance(v, float):
        return "f" + struct.pack(">d", v).hex()
    if isinstance(v, str):
        return "s" + v.encode("utf-8").hex()
    if isinstance(v, bytes):
        return "b" + v.hex()
    if isinstance(v, torch.Tensor):
        return "t"
    if isinstance(v, tuple):
        return "(" + "".join(canon(x) + "," for x in v) + ")"
    if isinstance(v, list):
        return "[" + "".join(canon(x) + "," for x in v) + "]"
    if isinstance(v, dict):
        return "{" + "".join(canon(k) + ":" + canon(x) + "," for k, x in v.items()) + "}"
    if isinstance(v, torch.device):
        return "D" + str(v)
    if isinstance(v, (torch.dtype, torch.layout)):
        return "G" + str(v)
    raise TypeError(type(v))


def walk(v):
    """Every tensor with its path, each container once, as Torch.tensors."""
    seen, acc = set(), []

    def go(path, v):
        if isinstance(v, torch.Tensor):
            acc.append((".".join(path), v))
        elif isinstance(v, (tuple, list)):
            if id(v) in seen:
                return
            seen.add(id(v))
            for i, x in enumerate(v):
                go(path + [str(i)], x)
        elif isinstance(v, dict):
            if id(v) in seen:
                return
            seen.add(id(v))
            for k, x in v.items():
                if isinstance(k, bool):
                    k = "True" if k else "False"
                go(path + [str(k)], x)

    go([], v)
    return acc


def record(here, out, name, fmt, weights_only=True):
    """Appends to [out] the rows of expected.txt for the file [name] of the
    directory [here], read by torch.load."""
    path = os.path.join(here, name)
    obj = torch.load(path, map_location="cpu", weights_only=weights_only)
    out.append(["file", name, fmt])
    storages = {}
    for p, t in walk(obj):
        ptr = t.untyped_storage().data_ptr()
        rank = storages.setdefault(ptr, len(storages))
        out.append(["tensor", name, p, str(t.dtype)[6:], dims(t.shape), dims(t.stride()),
                    str(t.storage_offset()), str(rank), str(t.requires_grad),
                    str(isinstance(t, torch.nn.Parameter)), str(t.is_contiguous()),
                    hexbytes(t)])
    out.append(["root", name, canon(obj)])
    sd = obj
    if isinstance(sd, dict) and "state_dict" in sd:
        sd = sd["state_dict"]
    elif isinstance(sd, dict) and isinstance(sd.get("model"), dict):
        sd = sd["model"]
    if isinstance(sd, dict) and all(isinstance(x, torch.Tensor) for x in sd.values()):
        try:
            groups = _find_shared_tensors(sd)
            out.append(["shared", name, ";".join(sorted(",".join(sorted(g)) for g in groups))])
        except RuntimeError:
            pass  # its _end_ptr views a non-contiguous tensor as one row
        try:
            r = _remove_duplicate_names(sd)
            out.append(["dups", name, ";".join(sorted(k + ":" + ",".join(v) for k, v in r.items()))])
        except RuntimeError as e:
            if "view" not in str(e):
                out.append(["dups", name, "error"])
        except KeyError:
            pass  # a dtype safetensors has not (complex128)
