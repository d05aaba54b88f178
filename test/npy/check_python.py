#!/usr/bin/env python3
"""When python3 has numpy and ml_dtypes: the files test_npy.exe wrote
(ours/listing.txt lists them: file, member, dtype, dimensions and bytes as
nx_array holds them) read back by np.load to the same dimensions and
bytes, every archive's CRCs checked by Python's zipfile; and numpy's
verdicts on the catalogue of broken archives (malformed.txt) given
again."""

import os
import sys
import zipfile
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from check import check, finish  # noqa: E402

try:
    import ml_dtypes  # noqa: F401 (np.load knows its types once imported)
    import numpy as np
except ImportError:
    print("npy_python: skipped: no python3 with numpy and ml_dtypes")
    sys.exit(0)

from npy_helpers import numpy_verdict, nx_bytes  # noqa: E402


def fortran_order(file):
    with open(file, "rb") as f:
        version = np.lib.format.read_magic(f)
        read = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                else np.lib.format.read_array_header_2_0)
        return read(f)[1]


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


for line in open("malformed.txt"):
    if line.startswith("#"):
        continue
    name, h, verdict, _ = line.split()
    got = numpy_verdict(bytes.fromhex("" if h == "-" else h))
    check(got == verdict, "%s: numpy %s it, malformed.txt says it %s" % (name, got, verdict))

finish("npy_python")
