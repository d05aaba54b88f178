#!/usr/bin/env python3
"""Writes test/torch's checkpoints in the tar format of torch.save before
0.4, and expected_tar.txt: what torch.load (torch 2.15) gives of each, in
expected.txt's rows (gen_files.py). torch 2.15 reads the format but no
longer writes it, so this writes it as torch's old _save did
(torch/serialization.py of torch 0.3): a tar archive (tarfile's PAX
format) of four members, each a stream of pickles of protocol 2:

  sys_info   the writer's protocol version, byte order and type sizes
  pickle     the object; each tensor (and storage) in it is a persistent
             id, the decimal str of a key
  tensors    their count, then each tensor: the pickle (key, storage key,
             tensor class), then its ndim (int32 and 4 bytes of padding),
             size and stride (int64 each) and storage offset (int64)
  storages   their count, then each storage: the pickle (key, location,
             storage class), then its element count (int64) and bytes;
             then the list of storage views (key, root key, offset, size)

torch.load refuses weights_only=True on a tar file, so these (written
here) are read with weights_only=False. Files to read are seeded;
tar_views.pt has a storage that is a view of another's elements.
"""
import collections
import io
import os
import pickle
import struct
import tarfile

import torch

import expect

here = os.path.dirname(os.path.abspath(__file__))
torch.manual_seed(11)
out = []

storage_class = {
    torch.float64: "Double", torch.float32: "Float", torch.float16: "Half",
    torch.bfloat16: "BFloat16", torch.int64: "Long", torch.int32: "Int", torch.int16: "Short",
    torch.int8: "Char", torch.uint8: "Byte", torch.bool: "Bool",
    torch.complex64: "ComplexFloat", torch.complex128: "ComplexDouble",
}


def dump(f, v):
    pickle.dump(v, f, protocol=2)


def save_tar(name, obj, views=()):
    """[obj] written as torch 0.3's torch.save wrote it. Tensors that share
    a storage (the same data_ptr of the same dtype) share its key;
    [views] are (tensor, root tensor, first element): the tensor's storage
    written as a view of the root's, from that element."""
    tensors = collections.OrderedDict()  # key -> tensor

    class Writer(pickle.Pickler):
        def persistent_id(self, o):
            if isinstance(o, torch.Tensor):
                tensors[id(o)] = o
                return str(id(o))
            return None

    b = io.BytesIO()
    Writer(b, protocol=2).dump(obj)
    roots = collections.OrderedDict()  # data_ptr -> (key, dtype, raw bytes)
    storage_of = {}  # tensor key -> (storage key, offset)
    view_rows = []
    as_view = {id(t): (id(r), first) for t, r, first in views}
    for key, t in tensors.items():
        s = t.untyped_storage()
        ptr = s.data_ptr()
        if ptr not in roots:
            roots[ptr] = (len(roots) + 1000, t.dtype, torch.empty(0, dtype=torch.uint8).set_(s).numpy().tobytes())
        skey = roots[ptr][0]
        offset = t.storage_offset()
        if key in as_view:
            root_key, first = as_view[key]
            vkey = 5000 + len(view_rows)
            n = s.nbytes() // t.element_size() - first
            view_rows.append((vkey, skey, first, n))
            skey, offset = vkey, offset - first
        storage_of[key] = (skey, offset)
    members = []
    f = io.BytesIO()
    dump(f, {"protocol_version": 1001, "little_endian": True,
             "type_sizes": {"short": 2, "int": 4, "long": 8}})
    members.append(("sys_info", f.getvalue()))
    members.append(("pickle", b.getvalue()))
    f = io.BytesIO()
    dump(f, len(tensors))
    for key, t in tensors.items():
        skey, offset = storage_of[key]
        cls = getattr(torch, storage_class[t.dtype] + "Tensor", torch.Tensor)
        dump(f, (key, skey, cls))
        f.write(struct.pack("<i", t.dim()) + b"\0\0\0\0")
        f.write(struct.pack("<%dq" % t.dim(), *t.shape))
        f.write(struct.pack("<%dq" % t.dim(), *t.stride()))
        f.write(struct.pack("<q", offset))
    members.append(("tensors", f.getvalue()))
    f = io.BytesIO()
    dump(f, len(roots))
    for key, dtype, raw in roots.values():
        dump(f, (key, "cpu", getattr(torch, storage_class[dtype] + "Storage")))
        f.write(struct.pack("<q", len(raw) // torch.empty(0, dtype=dtype).element_size()))
        f.write(raw)
    dump(f, view_rows)
    members.append(("storages", f.getvalue()))
    with tarfile.open(os.path.join(here, name), "w", format=tarfile.PAX_FORMAT) as tar:
        for member, data in members:
            info = tarfile.TarInfo(member)
            info.size = len(data)
            info.mtime = 1500000000.5  # a float, as os.stat gave it: a PAX header
            tar.addfile(info, io.BytesIO(data))


def record(name):
    expect.record(here, out, name, "tar", weights_only=False)


# Every storage class of torch 0.3's and later's that torch 2.15 reads.
dtypes = collections.OrderedDict()
for dt in storage_class:
    raw = torch.randint(0, 256, (12 * dt.itemsize,), dtype=torch.uint8)
    dtypes[str(dt)[6:]] = raw.view(dt).reshape(3, 4) if dt != torch.bool else raw.bool()[:12].reshape(3, 4)
save_tar("tar_dtypes.pt", dtypes)
record("tar_dtypes.pt")

# Views of one storage, a tied weight, a scalar and an empty tensor.
base = torch.arange(24, dtype=torch.float32).reshape(4, 6)
views = collections.OrderedDict()
views["base"] = base
views["t"] = base.t()
views["row"] = base[1]
views["slice"] = base[1:3, 2:5]
views["tied"] = base
views["scalar"] = torch.tensor(2.5)
views["empty"] = torch.zeros(0, 3)
views["other"] = torch.randn(5).double()
save_tar("tar_views.pt", views)
record("tar_views.pt")

# A storage view (torch before 0.4): a tensor over a view of the
# elements 6 to 23 of another tensor's storage.
root = torch.arange(24, dtype=torch.int32)
over = root[8:14]
save_tar("tar_storage_view.pt", collections.OrderedDict([("root", root), ("over", over)]),
         views=[(over, root, 6)])
record("tar_storage_view.pt")

with open(os.path.join(here, "expected_tar.txt"), "w") as f:
    for row in out:
        f.write("\t".join(row) + "\n")
print("wrote %d lines" % len(out))
