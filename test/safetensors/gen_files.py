#!/usr/bin/env python3
"""Writes the safetensors test files with the reference, the Python
`safetensors` package (0.8.0), and numpy/ml_dtypes for the values:

  ref_all.safetensors     every dtype its `serialize` takes, from seeded
                          random bytes, with one metadata pair
  ref_misaligned.safetensors
                          hand-made (another writer's layout): F32, BF16,
                          F64 and C64 tensors at odd offsets, F6 tensors
  expected.txt            what each holds: tensors (name, dtype, shape,
                          offsets, bytes), float values decoded by ml_dtypes
                          and numpy, metadata; names and bytes in hex
  malformed.txt           a catalogue of edge cases, each with the
                          reference's verdict (`refused` or `accepted`)

Run by `make safetensors-files`; the tests read the committed output and
need no Python."""

import json
import os
import struct
import sys

import ml_dtypes
import numpy as np
import safetensors
from safetensors import TensorSpec, deserialize, serialize

assert safetensors.__version__ == "0.8.0", safetensors.__version__
OUT = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20240617)

# (name, dtype as TensorSpec takes it, shape, element bytes)
TENSORS = [
    ("bool", "bool", [5], 1),
    ("u8", "uint8", [3], 1),
    ("i8", "int8", [2, 3], 1),
    ("u16", "uint16", [3], 2),
    ("i16", "int16", [2, 2], 2),
    ("u32", "uint32", [3], 4),
    ("i32", "int32", [1, 3], 4),
    ("u64", "uint64", [2], 8),
    ("i64", "int64", [3], 8),
    ("f16", "float16", [5], 2),
    ("bf16", "bfloat16", [2, 3], 2),
    ("f32", "float32", [3], 4),
    ("scalar", "float32", [], 4),
    ("empty", "bfloat16", [0, 3], 2),
    ("f64", "float64", [2], 8),
    ("c64", "complex64", [2], 8),
    ("f8_e4m3", "float8_e4m3fn", [7], 1),
    ("f8_e5m2", "float8_e5m2", [9], 1),
    ("f8_e4m3fnuz", "float8_e4m3fnuz", [3], 1),
    ("f8_e5m2fnuz", "float8_e5m2fnuz", [3], 1),
    ("e8m0_scales", "float8_e8m0fnu", [4], 1),
    # storage shape: two elements a byte; the reference doubles the last
    # dimension into the header's shape, [2, 6]
    ("f4", "float4_e2m1fn_x2", [2, 3], 1),
    # names the writer escapes, or not
    ("\u00e9t\u00e9/\u00df.weight", "float32", [2], 4),
    ('quote"back\\slash\nnl\x01', "int16", [1], 2),
]

# numpy's or ml_dtypes' reading of each float dtype string's elements
DECODE = {
    "F16": np.float16, "BF16": ml_dtypes.bfloat16, "F32": np.float32,
    "F64": np.float64, "F8_E4M3": ml_dtypes.float8_e4m3fn,
    "F8_E5M2": ml_dtypes.float8_e5m2,
}


def hexs(b):
    return bytes(b).hex() if len(b) else "-"


def values(dtype, data):
    """The elements as float64 hex, decoded by numpy/ml_dtypes."""
    if dtype == "F4":
        # element 2i in the low nibble, 2i+1 in the high one; ml_dtypes
        # keeps one float4_e2m1fn a byte
        nib = np.array([n for b in data for n in (b & 15, b >> 4)], np.uint8)
        xs = nib.view(ml_dtypes.float4_e2m1fn).astype(np.float64)
    elif dtype == "C64":
        xs = np.frombuffer(bytes(data), np.float32).astype(np.float64)
    else:
        xs = np.frombuffer(bytes(data), DECODE[dtype]).astype(np.float64)
    return " ".join(float(x).hex() for x in xs)


def describe(path, out):
    raw = open(path, "rb").read()
    n = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8:8 + n])
    name = os.path.basename(path)
    out.append(f"file {name} {8 + n}")
    for k, v in (header.get("__metadata__") or {}).items():
        out.append(f"metadata {name} {k.encode().hex()} {v.encode().hex()}")
    by_name = dict(deserialize(raw))
    for k, info in sorted(
        ((k, v) for k, v in header.items() if k != "__metadata__"),
        key=lambda kv: kv[1]["data_offsets"],
    ):
        t = by_name[k]
        assert t["dtype"] == info["dtype"] and list(t["shape"]) == info["shape"]
        b, e = info["data_offsets"]
        assert bytes(t["data"]) == raw[8 + n + b:8 + n + e]
        shape = ",".join(map(str, info["shape"])) or "-"
        out.append(f"tensor {name} {k.encode().hex()} {info['dtype']} {shape} {b} {e} "
                   f"{hexs(t['data'])}")
        if info["dtype"] in DECODE or info["dtype"] in ("F4", "C64"):
            if len(t["data"]):
                out.append(f"values {name} {k.encode().hex()} {values(info['dtype'], t['data'])}")


def ref_all():
    keep, specs = [], {}
    for name, dt, shape, size in TENSORS:
        count = int(np.prod(shape)) if shape else 1
        a = rng.integers(0, 256, count * size, dtype=np.uint8)
        if dt == "bool":
            a = (a & 1).astype(np.uint8)
        keep.append(a)
        specs[name] = TensorSpec(dtype=dt, shape=shape, data_ptr=a.ctypes.data, data_len=a.nbytes)
    # one metadata pair: the reference writes several in a random order
    data = serialize(specs, metadata={"format": "pt"})
    with open(os.path.join(OUT, "ref_all.safetensors"), "wb") as f:
        f.write(data)
    data = serialize(specs, metadata={'k\x01"\u00e9': 'v\\\n\t/\u00df'})
    with open(os.path.join(OUT, "ref_meta_escapes.safetensors"), "wb") as f:
        f.write(data)
    # (not metadata={}: with no tensor, the reference then writes
    # `{},"__metadata__":{}}`, which it cannot read back)
    data = serialize({}, metadata=None)
    with open(os.path.join(OUT, "ref_empty.safetensors"), "wb") as f:
        f.write(data)


def file_of(header, data, pad=b""):
    h = header if isinstance(header, bytes) else json.dumps(header, separators=(",", ":")).encode()
    h += pad
    return struct.pack("<Q", len(h)) + h + data


def ref_misaligned():
    """Tensors where another writer puts them: a U8 byte first, so that the
    wider tensors after it start at odd offsets; F6 tensors (which the
    reference's serialize does not take) at the end."""
    layout = [("a_u8", "U8", [1], 1), ("b_f32", "F32", [3], 12), ("c_bf16", "BF16", [2, 2], 8),
              ("d_u8", "U8", [2], 2), ("e_f64", "F64", [1], 8), ("f_c64", "C64", [1], 8),
              ("g_f6_e2m3", "F6_E2M3", [4], 3), ("h_f6_e3m2", "F6_E3M2", [2, 4], 6),
              ("i_i16", "I16", [3], 6)]
    header, data = {}, b""
    for name, dt, shape, n in layout:
        header[name] = {"dtype": dt, "shape": shape, "data_offsets": [len(data), len(data) + n]}
        data += rng.integers(0, 256, n, dtype=np.uint8).tobytes()
    h = json.dumps(header, separators=(",", ":")).encode()
    raw = file_of(h, data, pad=b" " * (-len(h) % 8))
    deserialize(raw)  # the reference reads it
    with open(os.path.join(OUT, "ref_misaligned.safetensors"), "wb") as f:
        f.write(raw)


T = {"dtype": "U8", "shape": [2], "data_offsets": [0, 2]}
TJ = '"dtype":"U8","shape":[2],"data_offsets":[0,2]'


def t(dtype, shape, b, e):
    return {"dtype": dtype, "shape": shape, "data_offsets": [b, e]}


def catalogue():
    """(name, file bytes). Each is judged by the reference below."""
    c = []

    def raw(name, header, data=b"xy", n=None):
        h = header.encode() if isinstance(header, str) else header
        c.append((name, struct.pack("<Q", len(h) if n is None else n) + h + data))

    def js(name, header, data=b"xy"):
        c.append((name, file_of(header, data)))

    raw("good", "{%s}" % ('"a":{%s}' % TJ))
    raw("empty_file", b"", b"", n=None)
    c[-1] = ("empty_file", b"")
    c.append(("short_length", b"\x02\x00\x00"))
    raw("header_past_end", '{"a":{%s}}' % TJ, b"", n=100)
    raw("header_too_large", "{}", b"", n=100_000_001)
    raw("header_huge", "{}", b"", n=2**64 - 1)
    raw("header_empty", "", b"")
    raw("not_json", "{", b"")
    raw("not_object", "[]", b"")
    raw("bad_utf8_name", b'{"\xff":{' + TJ.encode() + b"}}")
    raw("overlong_utf8", b'{"\xc0\x80":{' + TJ.encode() + b"}}")
    raw("surrogate_utf8", b'{"\xed\xa0\x80":{' + TJ.encode() + b"}}")
    raw("lone_high_surrogate", '{"\\ud800":{%s}}' % TJ)
    raw("lone_low_surrogate", '{"\\udc00":{%s}}' % TJ)
    raw("surrogate_pair", '{"\\ud83d\\ude00":{%s}}' % TJ)
    raw("control_in_string", '{"a\x01":{%s}}' % TJ)
    raw("bad_escape", '{"a\\x":{%s}}' % TJ)
    raw("escapes", '{"a\\/\\b\\f\\n\\r\\t\\"\\\\\\u00C9\\u0000":{%s}}' % TJ)
    raw("trailing_comma", '{"a":{%s},}' % TJ)
    raw("trailing_garbage", '{"a":{%s}}x' % TJ)
    raw("trailing_nul", '{"a":{%s}}\x00' % TJ)
    raw("trailing_whitespace", '{"a":{%s}} \t\r\n' % TJ)
    raw("leading_whitespace", ' \t\r\n{"a":{%s}}' % TJ)
    raw("leading_form_feed", '\x0c{"a":{%s}}' % TJ)
    raw("byte_order_mark", b'\xef\xbb\xbf{"a":{' + TJ.encode() + b"}}")
    raw("comment", '{"a":{%s}/**/}' % TJ)
    raw("single_quotes", "{'a':{%s}}" % TJ)
    raw("nan", '{"a":{"dtype":"U8","shape":[NaN],"data_offsets":[0,0]}}', b"")
    raw("deep_nesting", '{"a":{%s,"x":%s%s}}' % (TJ, "[" * 200, "]" * 200))
    raw("nesting_100", '{"a":{%s,"x":%s%s}}' % (TJ, "[" * 100, "]" * 100))
    raw("extra_field", '{"a":{%s,"extra":{"x":[1,2.5e3,null,true]}}}' % TJ)
    raw("fields_reordered", '{"a":{"data_offsets":[0,2],"shape":[2],"dtype":"U8"}}')
    raw("duplicate_field", '{"a":{%s,"dtype":"U8"}}' % TJ)
    raw("missing_dtype", '{"a":{"shape":[2],"data_offsets":[0,2]}}')
    raw("missing_shape", '{"a":{"dtype":"U8","data_offsets":[0,2]}}')
    raw("missing_offsets", '{"a":{"dtype":"U8","shape":[2]}}')
    raw("duplicate_tensor_same", '{"a":{%s},"a":{%s}}' % (TJ, TJ))
    raw("duplicate_tensor", '{"a":{%s},"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}' % TJ)
    raw("duplicate_metadata", '{"__metadata__":{"k":"v"},"__metadata__":{"k":"w"},"a":{%s}}' % TJ)
    raw("duplicate_metadata_key", '{"__metadata__":{"k":"v","k":"w"},"a":{%s}}' % TJ)
    raw("metadata_null", '{"__metadata__":null,"a":{%s}}' % TJ)
    raw("metadata_empty", '{"__metadata__":{},"a":{%s}}' % TJ)
    raw("metadata_number", '{"__metadata__":{"k":1},"a":{%s}}' % TJ)
    raw("metadata_null_value", '{"__metadata__":{"k":null},"a":{%s}}' % TJ)
    raw("metadata_object_value", '{"__metadata__":{"k":{}},"a":{%s}}' % TJ)
    raw("metadata_array", '{"__metadata__":[],"a":{%s}}' % TJ)
    raw("metadata_string", '{"__metadata__":"x","a":{%s}}' % TJ)
    raw("tensor_number", '{"a":1}', b"")
    raw("tensor_null", '{"a":null}', b"")
    raw("unknown_dtype", '{"a":{"dtype":"X8","shape":[2],"data_offsets":[0,2]}}')
    raw("lowercase_dtype", '{"a":{"dtype":"u8","shape":[2],"data_offsets":[0,2]}}')
    raw("dtype_number", '{"a":{"dtype":8,"shape":[2],"data_offsets":[0,2]}}')
    raw("shape_null", '{"a":{"dtype":"U8","shape":null,"data_offsets":[0,2]}}')
    raw("shape_float", '{"a":{"dtype":"U8","shape":[2.0],"data_offsets":[0,2]}}')
    raw("shape_exponent", '{"a":{"dtype":"U8","shape":[2e0],"data_offsets":[0,2]}}')
    raw("shape_negative", '{"a":{"dtype":"U8","shape":[-2],"data_offsets":[0,2]}}')
    raw("shape_minus_zero", '{"a":{"dtype":"U8","shape":[-0],"data_offsets":[0,0]}}', b"")
    raw("shape_leading_zero", '{"a":{"dtype":"U8","shape":[02],"data_offsets":[0,2]}}')
    raw("shape_string", '{"a":{"dtype":"U8","shape":["2"],"data_offsets":[0,2]}}')
    raw("offsets_three", '{"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2,2]}}')
    raw("offsets_one", '{"a":{"dtype":"U8","shape":[2],"data_offsets":[2]}}')
    raw("offsets_float", '{"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2.0]}}')
    raw("offsets_huge", '{"a":{"dtype":"U8","shape":[2],"data_offsets":[0,18446744073709551616]}}')
    js("empty_header", {}, b"")
    js("hole", {"a": t("U8", [1], 0, 1), "b": t("U8", [1], 2, 3)}, b"xyz")
    js("hole_at_start", {"a": t("U8", [1], 1, 2)}, b"xy")
    js("overlap", {"a": t("U8", [2], 0, 2), "b": t("U8", [2], 1, 3)}, b"xyz")
    # (not two equal ranges: the reference then names either tensor)
    js("same_begin", {"a": t("U8", [2], 0, 2), "b": t("U8", [1], 0, 1)}, b"xy")
    js("end_before_begin", {"a": t("U8", [0], 0, 0), "b": t("U8", [0], 2, 1)}, b"xy")
    js("zero_sized", {"a": t("U8", [0], 0, 0), "b": t("U8", [0], 0, 0)}, b"")
    js("zero_sized_between", {"a": t("U8", [1], 0, 1), "b": t("I32", [2, 0], 1, 1),
                               "c": t("U8", [1], 1, 2)}, b"xy")
    js("unsorted_offsets", {"b": t("U8", [1], 1, 2), "a": t("U8", [1], 0, 1)}, b"xy")
    js("bytes_off_by_one", {"a": t("I32", [2, 2], 0, 15)}, bytes(15))
    js("bytes_one_more", {"a": t("I32", [2, 2], 0, 17)}, bytes(17))
    js("scalar", {"a": t("I32", [], 0, 4)}, bytes(4))
    js("f4_odd", {"a": t("F4", [3], 0, 2)}, b"xy")
    js("f4_even", {"a": t("F4", [2, 2], 0, 2)}, b"xy")
    js("f6_four", {"a": t("F6_E2M3", [4], 0, 3)}, b"xyz")
    js("f6_two", {"a": t("F6_E3M2", [2], 0, 2)}, b"xy")
    js("data_missing_byte", {"a": t("I32", [2, 2], 0, 16)}, bytes(15))
    js("data_trailing_bytes", {"a": t("I32", [2, 2], 0, 16)}, bytes(16) + b"polyglot")
    js("data_empty_trailing", {}, b"x")
    js("shape_overflow", {"a": t("I32", [2, 2**64 - 2], 0, 16)}, bytes(16))
    js("shape_bits_overflow", {"a": t("I32", [2, 2**63 - 1], 0, 16)}, bytes(16))
    js("shape_overflow_then_zero", {"a": t("U8", [2**32, 2**32, 0], 0, 0)}, b"")
    js("shape_huge_dim_zero", {"a": t("U8", [2**63, 0], 0, 0)}, b"")
    js("shape_int_overflow_then_zero", {"a": t("U8", [2**31, 2**31, 0], 0, 0)}, b"")
    js("n_huge", {"a": t("U8", [10**30], 0, 2)})
    js("tensor_named_metadata_like", {"__metadata": t("U8", [2], 0, 2)})
    js("many_dims", {"a": t("U8", [1] * 40 + [2], 0, 2)})
    raw("whitespace_inside", '{ "a" : { "dtype" : "U8" , "shape" : [ 2 ] , "data_offsets" : [ 0 , 2 ] } }')
    raw("empty_name", '{"":{%s}}' % TJ)
    raw("true_literal_bad", '{"a":{%s,"x":tru}}' % TJ)
    raw("unterminated_string", '{"a', b"")
    raw("number_trailing_dot", '{"a":{%s,"x":1.}}' % TJ)
    raw("number_plus", '{"a":{%s,"x":+1}}' % TJ)
    raw("number_exp_no_digits", '{"a":{%s,"x":1e}}' % TJ)
    raw("number_big_ignored", '{"a":{%s,"x":1e999}}' % TJ)
    return c


def judge(data):
    try:
        deserialize(data)
        return "accepted", "-"
    except Exception as e:  # the reference's refusal, its message kept
        return "refused", str(e).replace("\n", " ")


def main():
    ref_all()
    ref_misaligned()
    out = []
    for f in ("ref_all.safetensors", "ref_meta_escapes.safetensors", "ref_empty.safetensors",
              "ref_misaligned.safetensors"):
        describe(os.path.join(OUT, f), out)
    with open(os.path.join(OUT, "expected.txt"), "w") as f:
        f.write("# generated by gen_files.py: do not edit\n")
        f.write("\n".join(out) + "\n")
    with open(os.path.join(OUT, "malformed.txt"), "w") as f:
        f.write("# generated by gen_files.py: do not edit\n"
                "# name, the reference's verdict, the file in hex, the reference's message\n")
        for name, data in catalogue():
            verdict, msg = judge(data)
            f.write(f"{name} {verdict} {data.hex() or '-'} {msg}\n")


if __name__ == "__main__":
    sys.exit(main())
