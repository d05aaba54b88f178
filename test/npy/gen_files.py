#!/usr/bin/env python3
"""Writes the .npy and .npz test files with numpy (2.4.6), ml_dtypes (0.7.0)
and Python's zipfile, and what each holds:

  npy/*.npy        np.save of every dtype numpy has, in both byte orders,
                   in Fortran order, 0-d and empty; np.save of ml_dtypes
                   arrays (descr '<V2', '<V1', '<f1'); files whose descr is
                   the ml_dtypes name, written by numpy's header writer;
                   versions 2.0 and 3.0; 4-bit elements with their upper
                   bits set
  npz/*.npz        np.savez, np.savez_compressed, Zip64 records everywhere
                   (zipfile's limits lowered), data descriptors (an
                   unseekable output), zlib levels 1 and 9, a member that
                   is not .npy, a UTF-8 name, an empty archive
  expected.txt     one line an array: file, member ("-" for .npy), the
                   dtype to read it as ("-": the file's own), its dtype
                   and dimensions as Nx_array.Npy gives them, and its
                   bytes as nx_array holds them (little-endian, 4-bit
                   elements packed two a byte, low nibble first), in hex
                   (past 4 KiB, "md5:" and their MD5);
                   "same" lines name numpy's files that Nx_array.Npy must
                   write byte for byte
  malformed.txt    a catalogue of broken archives: name, the bytes in hex,
                   numpy's verdict (np.load then reading every array:
                   "reads" or "refuses"), and what Nx_array.Npy must say
  headers.txt      np.save's header (the bytes before the data) of every
                   rank from 0 to 32, its first axis 1 and 1000, for numpy's
                   dtypes: dtype, order, dims, the header in hex
  deflate.txt      zlib's raw deflate streams (levels 0, 1, 6 and 9) of
                   inputs made by a generator test_deflate.ml shares: the
                   input's recipe, its length and CRC-32, the level, the
                   stream in hex

Run by `make npy-files`; the tests read the committed output and need no
Python."""

import hashlib
import io
import os
import struct
import sys
import zipfile
import zlib

import ml_dtypes
import numpy as np
from npy_helpers import NIBBLES, numpy_verdict, nx_bytes

assert np.__version__ == "2.4.6", np.__version__
assert ml_dtypes.__version__ == "0.7.0", ml_dtypes.__version__
OUT = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20260517)

SPECIAL = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan, 1e-40, 3e38, 65504.0, 1e-7, 0.333]

# nx_array's dtype name -> numpy dtype
NUMPY = {
    "float64": np.float64, "float32": np.float32, "float16": np.float16,
    "int64": np.int64, "uint64": np.uint64, "int32": np.int32, "uint32": np.uint32,
    "int16": np.int16, "uint16": np.uint16, "int8": np.int8, "uint8": np.uint8,
    "complex128": np.complex128, "complex64": np.complex64, "bool": np.bool_,
}
ML = {
    "bfloat16": ml_dtypes.bfloat16, "float8_e4m3fn": ml_dtypes.float8_e4m3fn,
    "float8_e5m2": ml_dtypes.float8_e5m2, "float4_e2m1fn": ml_dtypes.float4_e2m1fn,
    "int4": ml_dtypes.int4, "uint4": ml_dtypes.uint4,
}


def values(name, shape):
    n = int(np.prod(shape))
    if name == "bool":
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    if name in ("int4",):
        return rng.integers(-8, 8, n).astype(ML[name]).reshape(shape)
    if name in ("uint4",):
        return rng.integers(0, 16, n).astype(ML[name]).reshape(shape)
    dt = NUMPY.get(name) or ML[name]
    if np.dtype(dt).kind in "iu":
        info = np.iinfo(dt)
        return rng.integers(info.min, info.max, n, dtype=dt, endpoint=True).reshape(shape)
    xs = np.array((SPECIAL * (n // len(SPECIAL) + 1))[:n]) * rng.choice([1, -1], n)
    with np.errstate(all="ignore"):
        if name.startswith("complex"):
            xs = xs + 1j * np.roll(xs, 1)
        return xs.astype(dt).reshape(shape)


def dims(a, fortran=False):
    s = list(a.shape)[::-1] if fortran else list(a.shape)
    return ",".join(map(str, s)) if s else "-"


def hexs(b):
    """Bytes in hex; past 4 KiB, their MD5."""
    if len(b) > 4096:
        return "md5:" + hashlib.md5(b).hexdigest()
    return b.hex() if b else "-"


lines = []


def expect(file, member, as_, name, a, fortran=False, data=None):
    data = nx_bytes(a, name, fortran) if data is None else data
    lines.append(" ".join([file, member, as_, name, dims(a, fortran), hexs(data)]))


def save(path, data):
    with open(os.path.join(OUT, path), "wb") as f:
        f.write(data)


def npy_bytes(a, version=None):
    b = io.BytesIO()
    np.lib.format.write_array(b, a, version=version, allow_pickle=False)
    return b.getvalue()


def named_descr(a, descr, version=(1, 0)):
    """A .npy file whose descr is [descr], written by numpy's header
    writer: what np.save cannot write for ml_dtypes' arrays."""
    d = np.lib.format.header_data_from_array_1_0(a)
    d["descr"] = descr
    b = io.BytesIO()
    np.lib.format.write_array_header_1_0(b, d) if version == (1, 0) else np.lib.format.write_array_header_2_0(b, d)
    return b.getvalue() + a.tobytes()


# {1 .npy files}

os.makedirs(os.path.join(OUT, "npy"), exist_ok=True)
os.makedirs(os.path.join(OUT, "npz"), exist_ok=True)
same = []
arrays = {}  # name -> a little-endian (2, 3) array, for the archives
for name, dt in NUMPY.items():
    a = values(name, (2, 3))
    arrays[name] = a
    f = "npy/le_%s.npy" % name
    save(f, npy_bytes(a))
    expect(f, "-", "-", name, a)
    same.append("same %s - le" % f)
    if np.dtype(dt).itemsize > 1:
        b = a.astype(np.dtype(dt).newbyteorder(">"))
        f = "npy/be_%s.npy" % name
        save(f, npy_bytes(b))
        expect(f, "-", "-", name, b)
        same.append("same %s - be" % f)
for name in ("float32", "int16", "complex64", "bool"):
    a = np.asfortranarray(values(name, (2, 3, 2)))
    if name == "int16":
        a = a.astype(">i2", order="F")
    f = "npy/fortran_%s.npy" % name
    save(f, npy_bytes(a))
    expect(f, "-", "-", name, a, fortran=True)
    if name != "int16":
        same.append("same %s - fortran" % f)
for name, shape in (("float64", ()), ("uint8", ()), ("float32", (0, 3)), ("int64", (3, 0, 2))):
    a = values(name, shape)
    f = "npy/shape_%s_%s.npy" % (name, "x".join(map(str, shape)) or "scalar")
    save(f, npy_bytes(a))
    expect(f, "-", "-", name, a)
    same.append("same %s - le" % f)
for version in ((2, 0), (3, 0)):
    a = values("float16", (5,))
    f = "npy/version%d_float16.npy" % version[0]
    save(f, npy_bytes(a, version))
    expect(f, "-", "-", "float16", a)

ml_arrays = {}
for name, dt in ML.items():
    a = values(name, (2, 5))
    ml_arrays[name] = a
    # np.save: the type is lost ('<V2', '<V1', '<f1'); read only as named
    f = "npy/npsave_%s.npy" % name
    save(f, npy_bytes(a))
    expect(f, "-", name, name, a)
    # the ml_dtypes name as the descr: read as it is
    f = "npy/named_%s.npy" % name
    save(f, named_descr(a, name))
    expect(f, "-", "-", name, a)
    same.append("same %s - le" % f)
    assert np.load(os.path.join(OUT, f)).dtype == dt
# 4-bit elements with their upper bits set: ml_dtypes ignores them
for name in NIBBLES:
    a = values(name, (7,))
    raw = bytearray(a.view(np.uint8).tobytes())
    for i in range(len(raw)):
        raw[i] |= (0x30 + 0x10 * i) & 0xF0
    d = np.lib.format.header_data_from_array_1_0(a)
    d["descr"] = name
    b = io.BytesIO()
    np.lib.format.write_array_header_1_0(b, d)
    f = "npy/upper_bits_%s.npy" % name
    save(f, b.getvalue() + bytes(raw))
    back = np.load(os.path.join(OUT, f))
    assert (back.view(np.uint8) & 0xF == a.view(np.uint8)).all()
    expect(f, "-", "-", name, back.astype(ML[name]))
# '|b1' read as Bit: a bit a byte
a = values("bool", (11,))
f = "npy/bits_bool.npy"
save(f, npy_bytes(a))
expect(f, "-", "bit", "bit", a)


# {1 .npz archives}

class Unseekable(io.RawIOBase):
    """An output zipfile cannot seek: it writes data descriptors."""

    def __init__(self):
        self.data = bytearray()

    def writable(self):
        return True

    def write(self, b):
        self.data += b
        return len(b)


def archive(name, members, writer):
    data = writer(members)
    save(name, data)
    z = np.load(io.BytesIO(data))
    for member, (as_, dt_name, a, fortran) in members.items():
        # numpy cannot read float8_e5m2's '<f1', which np.save writes
        if dt_name != "float8_e5m2":
            got = z[member]
            assert got.tobytes() == a.tobytes(), (name, member)
            assert got.dtype == a.dtype or dt_name in ML, (name, member)
        expect(name, member, as_, dt_name, a, fortran)


def savez(members, compressed=False):
    b = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(b, **{k: v[2] for k, v in members.items()})
    return b.getvalue()


mixed = {}
for name in ("float64", "float32", "float16", "int64", "uint8", "bool", "complex128"):
    mixed[name] = ("-", name, arrays[name], False)
mixed["be_int32"] = ("-", "int32", arrays["int32"].astype(">i4"), False)
mixed["fortran"] = ("-", "float32", np.asfortranarray(values("float32", (3, 2, 4))), True)
mixed["scalar"] = ("-", "float64", np.array(2.5), False)
mixed["empty"] = ("-", "int16", np.zeros((0, 4), np.int16), False)
for name in ML:
    mixed["ml_" + name] = (name, name, ml_arrays[name], False)
big = {"big": ("-", "float32", np.repeat(values("float32", (400,)), 100).reshape(100, 400), False),
       "noise": ("-", "float32", rng.standard_normal((100, 200)).astype(np.float32), False)}
archive("npz/savez.npz", mixed, savez)
archive("npz/savez_compressed.npz", mixed, lambda m: savez(m, True))
archive("npz/savez_compressed_big.npz", big, lambda m: savez(m, True))
native = {k: v for k, v in mixed.items()
          if v[0] == "-" and k not in ("be_int32", "fortran")}
archive("npz/savez_native.npz", native, savez)
same.append("same npz/savez_native.npz - stored")


def zip64_everywhere(members):
    saved = zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT
    zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = 0, 0
    try:
        return savez(members, compressed=True)
    finally:
        zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = saved


archive("npz/zip64.npz", mixed, zip64_everywhere)
with zipfile.ZipFile(os.path.join(OUT, "npz/zip64.npz")) as z:
    assert all(len(i.extra) >= 20 for i in z.infolist())


def descriptors(members):
    out = Unseekable()
    np.savez(out, **{k: v[2] for k, v in members.items()})
    return bytes(out.data)


archive("npz/descriptors.npz", mixed, descriptors)
with zipfile.ZipFile(os.path.join(OUT, "npz/descriptors.npz")) as z:
    assert all(i.flag_bits & 8 for i in z.infolist())


def info(name):
    """A member dated as numpy dates them, so that the files are the same
    on every run."""
    return zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))


def levels(members):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w") as z:
        for i, (k, v) in enumerate(members.items()):
            method, level = [(zipfile.ZIP_DEFLATED, 1), (zipfile.ZIP_DEFLATED, 9),
                             (zipfile.ZIP_STORED, None)][i % 3]
            z.writestr(info(k + ".npy"), npy_bytes(v[2]), compress_type=method, compresslevel=level)
    return b.getvalue()


archive("npz/levels.npz", dict(list(mixed.items()) + list(big.items())), levels)


def extras(members):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w") as z:
        z.writestr(info("readme.txt"), b"not an array\n")
        for k, v in members.items():
            z.writestr(info(k + ".npy"), npy_bytes(v[2]), compress_type=zipfile.ZIP_DEFLATED)
    return b.getvalue()


archive("npz/extras.npz", {"poids_\u00e9t\u00e9": ("-", "float32", arrays["float32"], False)}, extras)
archive("npz/empty.npz", {}, savez)

with open(os.path.join(OUT, "expected.txt"), "w") as f:
    f.write("# generated by gen_files.py: do not edit\n")
    f.write("\n".join(lines + same) + "\n")


# {1 The catalogue of broken archives}

def le(v, n):
    return v.to_bytes(n, "little")


def patch(data, pos, new):
    return data[:pos] + new + data[pos + len(new):]


two = {"a": ("-", "float32", arrays["float32"], False), "b": ("-", "int16", arrays["int16"], False)}
stored = savez(two)
deflated = savez(two, True)


def offsets(data):
    """Each member's local header offset, data offset and central entry
    offset, by Python's zipfile."""
    out = []
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        cd = data.rfind(b"PK\x05\x06")
        cd_start = struct.unpack("<I", data[cd + 16:cd + 20])[0]
        p = cd_start
        for i in z.infolist():
            n, m = struct.unpack("<HH", data[i.header_offset + 26:i.header_offset + 30])
            out.append((i.header_offset, i.header_offset + 30 + n + m, p))
            n2, m2, k2 = struct.unpack("<HHH", data[p + 28:p + 34])
            p += 46 + n2 + m2 + k2
    return out, cd, cd_start


cases = []


def case(name, data, must):
    """An archive refused with an error that says [must], or read as numpy
    reads it if [must] is "-"."""
    cases.append("%s %s %s %s" % (name, data.hex() or "-", numpy_verdict(data), must.replace(" ", "_")))


(l0, d0, c0), (l1, d1, c1) = offsets(stored)[0]
_, end, cd_start = offsets(stored)
(dl0, dd0, dc0), (dl1, dd1, dc1) = offsets(deflated)[0]
_, dend, dcd_start = offsets(deflated)

case("empty_file", b"", "too few for a zip archive's end record")
case("not_zip", b"\x93NUMPY" + b"\0" * 40, "no end of central directory record")
case("truncated_end", stored[:-5], "no end of central directory record")
case("truncated_middle", stored[:len(stored) // 2], "no end of central directory record")
# Read, as Python's zipfile reads them: the last end record of the last
# 64 KiB, whatever follows it.
case("comment_too_long", patch(stored, end + 20, le(5, 2)), "-")
case("trailing_bytes", stored + b"junk", "-")
case("multi_disk", patch(stored, end + 4, le(1, 2)), "spans several disks")
case("count_high", patch(stored, end + 8, le(3, 2) + le(3, 2)), "entries")
case("count_low", patch(stored, end + 8, le(1, 2) + le(1, 2)), "bytes after its 1 entries")
case("cd_size_off", patch(stored, end + 12, le(struct.unpack("<I", stored[end + 12:end + 16])[0] - 1, 4)),
     "does not end where the end record begins")
case("cd_offset_off", patch(stored, end + 16, le(cd_start + 1, 4)),
     "does not end where the end record begins")
case("truncated_central_directory", stored[:cd_start + 30] + stored[end:],
     "does not end where the end record begins")
case("central_signature", patch(stored, c1, b"PK\x01\x03"), "no central directory header")
case("encrypted", patch(stored, c0 + 8, le(1, 2)), "is encrypted")
case("method_bzip2", patch(stored, c0 + 10, le(12, 2)), "compression method 12")
case("local_offset_past", patch(stored, c1 + 42, le(cd_start + 2, 4)), "not before the central directory")
case("local_signature", patch(stored, l1, b"PK\x03\x05"), "no local header")
case("local_name_differs", patch(stored, l1 + 30, b"c"), "its local header names it")
case("local_method_differs", patch(stored, l1 + 8, le(8, 2)), "local header's method")
case("local_offset_inside", patch(stored, c1 + 42, le(d0 + 10, 4)), "no local header")
case("overlapping_same_header", patch(patch(stored, c1 + 42, le(l0, 4)), c1 + 46, b"a"),
     "appears twice")
# A second entry that points at the first member under another name:
# same local header, names differ.
case("overlap_two_names", patch(stored, c1 + 42, le(l0, 4)), "its local header names it")
size0 = struct.unpack("<I", stored[c0 + 20:c0 + 24])[0]
case("stored_sizes_differ", patch(stored, c0 + 20, le(size0 + 1, 4)), "sizes differ")
case("stored_lies_longer", patch(patch(stored, c0 + 20, le(size0 + 40, 4)), c0 + 24, le(size0 + 40, 4)),
     "overlap")
case("stored_lies_shorter", patch(patch(stored, c0 + 20, le(size0 - 4, 4)), c0 + 24, le(size0 - 4, 4)),
     "CRC-32")
case("stored_bad_crc", patch(stored, d0 + 130, bytes([stored[d0 + 130] ^ 1])), "CRC-32")
case("stored_crc_field", patch(stored, c1 + 16, le(0x12345678, 4)), "CRC-32")
dsize0 = struct.unpack("<I", deflated[dc0 + 24:dc0 + 28])[0]
case("deflated_lies_longer", patch(deflated, dc0 + 24, le(dsize0 + 1, 4)), "fewer than the")
case("deflated_lies_shorter", patch(deflated, dc0 + 24, le(dsize0 - 1, 4)), "more than the")
case("deflated_bomb_claim", patch(deflated, dc0 + 24, le(0xFFFFFFF0, 4)), "more than deflate can make")
case("deflated_bad_crc", patch(deflated, dc1 + 16, le(0, 4)), "CRC-32")
case("deflated_block_type_3", patch(deflated, dd0, bytes([deflated[dd0] | 0x06])), "bad deflate stream")
case("deflated_garbage", patch(deflated, dd0, b"\xff" * 12), "bad deflate stream")
dcsize0 = struct.unpack("<I", deflated[dc0 + 20:dc0 + 24])[0]
case("deflated_cut_short", patch(deflated, dc0 + 20, le(dcsize0 - 3, 4)), "bad deflate stream")
case("name_not_utf8", patch(stored, c0 + 46, b"\xff"), "neither ASCII nor flagged UTF-8")
case("extra_overrun", patch(stored, c0 + 30, le(4, 2)), "runs past the extra field")
case("zip64_extra_missing", patch(stored, c0 + 20, le(0xFFFFFFFF, 4)), "say to see a Zip64 extra field")


def with_extra(extra):
    """An archive of one member whose extra field (local and central) is
    [extra], by Python's zipfile."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        zi = zipfile.ZipInfo("a.npy", date_time=(1980, 1, 1, 0, 0, 0))
        zi.extra = extra
        z.writestr(zi, npy_bytes(arrays["float32"]))
    return buf.getvalue()


case("extra_record_past_end", with_extra(b"\x99\x99\x08\x00abcd"), "runs past the extra field")
case("extra_record_past_end_after_zip64", with_extra(b"\x01\x00\x00\x00" + b"\x99\x99\x08\x00abcd"),
     "runs past the extra field")
case("version_needed_6_4", patch(stored, c0 + 6, bytes([64])), "version 6.4")
case("flag_patched_data", patch(stored, c0 + 8, le(0x20, 2)), "patched data")
case("flag_strong_encryption", patch(stored, c0 + 8, le(0x40, 2)), "is encrypted")
case("junk_before_first_header", b"junk" + stored, "does not begin with a local header")
# The same with every offset moved past the junk: Python's zipfile reads it.
moved = patch(patch(patch(b"junk" + stored, 4 + end + 16, le(cd_start + 4, 4)), 4 + c0 + 42, le(l0 + 4, 4)),
              4 + c1 + 42, le(l1 + 4, 4))
assert zipfile.ZipFile(io.BytesIO(moved)).read("a.npy")
case("junk_before_offsets_moved", moved, "does not begin with a local header")
# numpy's verdict is the reader's promise: each of these numpy refuses.
assert all(c.split()[2] == "refuses" for c in cases[-7:]), cases[-7:]
assert numpy_verdict(with_extra(b"\x01\x00\x00\x00" + b"\x99\x99\x04\x00abcd")) == "reads"
assert numpy_verdict(patch(stored, c0 + 6, bytes([63]))) == "reads"


def recrc(data, local_at, data_at, central_at):
    """[data] with the CRC-32 of a stored member recomputed, in its local
    header and central directory entry."""
    size = struct.unpack("<I", data[central_at + 20:central_at + 24])[0]
    crc = le(zlib.crc32(data[data_at:data_at + size]), 4)
    return patch(patch(data, local_at + 14, crc), central_at + 16, crc)


case("member_not_npy", recrc(patch(stored, d0, b"XNUMPY"), l0, d0, c0), "not a .npy file")
case("member_bad_header", recrc(patch(stored, d0 + 10, b"{'descr': 3, "), l0, d0, c0),
     "its header is not a Python literal")
case("member_cut_short", recrc(patch(stored, d0 + 60, b"(9, 3), }"), l0, d0, c0),
     "need 108 bytes after the header")


def local(name, data):
    return struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, 0x21, zlib.crc32(data),
                       len(data), len(data), len(name), 0) + name


def central(name, data, offset):
    return struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 0, 0, 0x21, zlib.crc32(data),
                       len(data), len(data), len(name), 0, 0, 0, 0, 0, offset) + name


def end(count, size, offset):
    return struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, size, offset, 0)


# Member b's local header and bytes inside member a's bytes.
npy_b = npy_bytes(arrays["int16"])
inner = local(b"b.npy", npy_b) + npy_b
a_data = npy_bytes(np.frombuffer(inner, np.uint8))
b_at = 30 + 5 + a_data.index(inner)
body = local(b"a.npy", a_data) + a_data
cd = central(b"a.npy", a_data, 0) + central(b"b.npy", npy_b, b_at)
case("overlapping_members", body + cd + end(2, len(cd), len(body)), "overlap")

with open(os.path.join(OUT, "npz/zip64.npz"), "rb") as f:
    z64 = f.read()
e64 = z64.rfind(b"PK\x05\x06")
loc = e64 - 20
case("zip64_locator_wrong", patch(z64, loc + 8, le(7, 8)), "no Zip64 end record")
case("zip64_count_disagrees", patch(z64, z64.rfind(b"PK\x06\x06") + 24, le(2, 8) + le(2, 8)),
     "differs from the Zip64 end record")
case("zip64_multi_disk", patch(z64, loc + 16, le(2, 4)), "spans several disks")

with open(os.path.join(OUT, "malformed.txt"), "w") as f:
    f.write("# generated by gen_files.py: do not edit\n")
    f.write("# name hex numpy's-verdict what-Nx_array.Npy-says (underscores for spaces)\n")
    f.write("\n".join(cases) + "\n")
print("gen_files: %d arrays, %d malformed archives" % (len(lines), len(cases)), file=sys.stderr)


# {1 zlib's streams}

def lcg(seed):
    """The generator test_deflate.ml shares: glibc's rand recurrence."""
    x = seed
    while True:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        yield x >> 8


def make(recipe):
    kind, seed, n, arg = recipe.split(":")
    g, n, arg = lcg(int(seed)), int(n), int(arg)
    out = bytearray()
    if kind == "lcg":  # bytes below arg
        while len(out) < n:
            out.append(next(g) % arg)
    elif kind == "runs":  # runs of a byte, up to arg long
        while len(out) < n:
            r = next(g)
            out += bytes([r & 0xFF]) * (1 + (r >> 8) % arg)
    elif kind == "repeat":  # arg random bytes, again and again
        period = bytes(next(g) & 0xFF for _ in range(arg))
        while len(out) < n:
            out += period
    return bytes(out[:n])


# (recipe, zlib's levels): zlib matches at most 32,506 bytes back
RECIPES = [("lcg:1:0:256", (0, 1, 6, 9)), ("lcg:2:1:256", (0, 1, 6, 9)),
           ("lcg:3:100:4", (0, 1, 6, 9)), ("lcg:4:5000:256", (0, 6)),
           ("lcg:5:20000:16", (1, 9)), ("lcg:6:70000:2", (1, 9)), ("runs:7:300000:300", (1, 6, 9)),
           ("runs:8:20000:3", (6,)), ("repeat:9:100000:32000", (9,)),
           ("repeat:10:40000:32769", (9,)), ("repeat:11:70000:1", (0, 1, 9)),
           ("repeat:12:100000:258", (1, 9))]
with open(os.path.join(OUT, "deflate.txt"), "w") as f:
    f.write("# generated by gen_files.py: do not edit\n")
    f.write("# recipe length crc32 level stream\n")
    for recipe, levels in RECIPES:
        data = make(recipe)
        for level in levels:
            c = zlib.compressobj(level, zlib.DEFLATED, -15)
            stream = c.compress(data) + c.flush()
            f.write("%s %d %08x %d %s\n" % (recipe, len(data), zlib.crc32(data), level,
                                              stream.hex() or "-"))



# np.save's headers, every rank 0-32, numpy's dtypes.
HEADER_DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
                 "float16", "float32", "float64", "complex64", "complex128"]
with open(os.path.join(OUT, "headers.txt"), "w") as f:
    f.write("# generated by gen_files.py: do not edit\n# dtype order dims header-hex\n")
    for dt in HEADER_DTYPES:
        for rank in range(33):
            for order in "C":
                for grow in [1, 1000] if rank else [1]:
                    shape = [1] * rank
                    if rank:
                        shape[-1 if order == "F" else 0] = grow
                    a = np.zeros(shape, dtype=dt, order=order)
                    buf = io.BytesIO()
                    np.save(buf, a)
                    b = buf.getvalue()
                    hlen = len(b) - a.nbytes
                    f.write("%s %s %s %s\n" % (dt, order, ",".join(map(str, shape)) or "-", b[:hlen].hex()))
