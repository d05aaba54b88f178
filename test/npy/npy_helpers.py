"""What gen_files.py and check_python.py share: the bytes nx_array holds of
an array numpy read, and numpy's verdict on an archive."""

import io

import numpy as np

NIBBLES = ("int4", "uint4", "float4_e2m1fn")


def nx_bytes(a, name, fortran=False):
    """The bytes nx_array holds of the array numpy read from a file, in the
    file's order (a Fortran-order file's array is read transposed):
    little-endian, 4-bit elements two a byte (the low nibble first), bits
    eight a byte (the first lowest)."""
    flat = a.ravel(order="F" if fortran else "C")
    if name in NIBBLES:
        b = flat.view(np.uint8) & 0x0F
        if len(b) % 2:
            b = np.append(b, 0)
        return bytes((b[0::2] | (b[1::2] << 4)).astype(np.uint8))
    if name == "bit":
        return np.packbits(flat, bitorder="little").tobytes()
    if flat.dtype.itemsize == 1 or flat.dtype.kind not in "iufcb":
        return flat.tobytes()
    return flat.astype(flat.dtype.newbyteorder("<")).tobytes()


def numpy_verdict(data):
    """Whether np.load reads the archive [data] and every array in it."""
    try:
        with np.load(io.BytesIO(data)) as z:
            for k in z.files:
                z[k]
        return "reads"
    except Exception:
        return "refuses"
