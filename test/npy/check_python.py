#!/usr/bin/env python3
"""When python3 has numpy and ml_dtypes: the files test_npy.exe wrote
(ours/listing.txt lists them: file, member, dtype, dimensions and bytes as
nx_array holds them) read back by np.load to the same dimensions and
bytes, every archive's CRCs checked by Python's zipfile; and numpy's
verdicts on the catalogue of broken archives (malformed.txt) given
again."""

import io
import sys
import zipfile
import zlib

try:
    import ml_dtypes
    import numpy as np
except ImportError:
    print("npy_python: skipped: no python3 with numpy and ml_dtypes")
    sys.exit(0)

passed = failed = 0


def check(ok, msg):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 40:
            print("FAIL " + msg, file=sys.stderr)


NIBBLES = ("int4", "uint4", "float4_e2m1fn")


def fortran_order(file):
    with open(file, "rb") as f:
        version = np.lib.format.read_magic(f)
        read = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                else np.lib.format.read_array_header_2_0)
        return read(f)[1]


def nx_bytes(a, name, fortran):
    """The bytes nx_array holds of the array numpy read, in the file's
    order (a Fortran-order file's array is read transposed)."""
    flat = a.ravel(order="F" if fortran else "C")
    if name in NIBBLES:
        b = flat.view(np.uint8) & 0x0F
        if len(b) % 2:
            b = np.append(b, 0)
        return bytes((b[0::2] | (b[1::2] << 4)).astype(np.uint8))
    if name == "bit":
        return np.packbits(flat, bitorder="little").tobytes()
    if flat.dtype.itemsize == 1 or flat.dtype.kind == "V":
        return flat.tobytes()
    return flat.astype(flat.dtype.newbyteorder("<")).tobytes()


archives = {}
for line in open("ours/listing.txt"):
    file, member, name, dims, data = line.split()
    if file.endswith(".npz"):
        if file not in archives:
            archives[file] = np.load(file)
            with zipfile.ZipFile(file) as z:
                check(z.testzip() is None, "%s: a CRC differs" % file)
        a = archives[file][member]
        fortran = False
    else:
        a = np.load(file)
        fortran = fortran_order(file)
    want_dtype = "bool" if name == "bit" else name
    got_dtype = str(a.dtype.newbyteorder("=")) if a.dtype.kind in "iufcb" else str(a.dtype)
    check(got_dtype == want_dtype, "%s %s: numpy reads %s, not %s" % (file, member, a.dtype, want_dtype))
    got = nx_bytes(a, name, fortran)
    shape = list(a.shape)[::-1] if fortran else list(a.shape)
    want = [] if dims == "-" else [int(x) for x in dims.split(",")]
    check(shape == want, "%s %s: dimensions %s, not %s" % (file, member, shape, want))
    check(got.hex() == ("" if data == "-" else data), "%s %s: bytes %s, not %s" % (file, member, got.hex(), data))


# Our deflate streams, inflated by zlib.
for line in open("ours/deflate.txt"):
    file, recipe, n, crc = line.split()
    try:
        got = zlib.decompress(open(file, "rb").read(), -15)
        check(len(got) == int(n) and "%08x" % zlib.crc32(got) == crc, "%s (%s): other bytes" % (file, recipe))
    except zlib.error as e:
        check(False, "%s (%s): zlib: %s" % (file, recipe, e))


def numpy_verdict(data):
    try:
        with np.load(io.BytesIO(data)) as z:
            for k in z.files:
                z[k]
        return "reads"
    except Exception:
        return "refuses"


for line in open("malformed.txt"):
    if line.startswith("#"):
        continue
    name, h, verdict, _ = line.split()
    got = numpy_verdict(bytes.fromhex("" if h == "-" else h))
    check(got == verdict, "%s: numpy %s it, malformed.txt says it %s" % (name, got, verdict))

print("npy_python: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
