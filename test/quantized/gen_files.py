#!/usr/bin/env python3
"""Writes test/quantized/: small quantized checkpoints as published
models lay them out, one directory per quantization method, and
expected.txt, what dequantizing them gives, computed here with exact
rational arithmetic (fractions) and rounded once, to nearest even, into
float32, bfloat16 and float16 by the rounding written below.

- fp8/: DeepSeek-V3's "fp8" (weight F8_E4M3, weight_scale_inv F32 of
  128x128 blocks), odd shapes so that the blocks at the edges are
  partial, two shards and an index (a weight's scale in the other shard),
  modules_to_not_convert.
- ct_fp8/: compressed-tensors "float-quantized" with four config groups
  (an exact name, two re: targets, "Linear") of the strategies block,
  channel, group and tensor, and an ignore list; input_scale dropped.
- ct_nvfp4/: compressed-tensors "nvfp4-pack-quantized" (weight_packed,
  weight_scale, weight_global_scale dividing).
- modelopt_nvfp4/, modelopt_fp8/: ModelOpt (weight_scale_2 multiplying).
- mxfp4/: gpt-oss (NAME_blocks, NAME_scales), a 3-D expert weight
  (transposed, as transformers dequantizes it) and a 2-D one.

Each expected.txt line: DIR NAME DTYPE DIMS MD5 of the little-endian
values, then INDEX:BITS for sampled elements (every element of a small
tensor; corners, the block edges and random ones of a large one); and
DIR keep|drop NAMES. The references' own decompressions are run too
(compressed-tensors 0.20's decompress; DeepSeek's formula x.float() * s)
and their agreement printed: bit for bit where their arithmetic rounds
once (a float32 scale into float32).
(make quantized-files; needs torch, safetensors, ml_dtypes, compressed-tensors)"""
import hashlib
import json
import math
import os
import shutil
from fractions import Fraction

import ml_dtypes
import numpy as np
import torch
from safetensors.torch import save_file

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(11)
lines = []

# {1 Exact rounding}

FORMATS = {  # precision, least normal exponent, largest finite
    "float32": (24, -126, Fraction((2 ** 24 - 1) * 2 ** 104)),
    "bfloat16": (8, -126, Fraction((2 ** 8 - 1) * 2 ** 120)),
    "float16": (11, -14, Fraction(65504)),
}
NP = {"float32": np.float32, "bfloat16": ml_dtypes.bfloat16, "float16": np.float16}
UINT = {"float32": np.uint32, "bfloat16": np.uint16, "float16": np.uint16}


def round_once(x, neg_zero, fmt):
    """The value nearest the rational x in fmt, ties to even; past the
    largest finite value an infinity (IEEE's overflow)."""
    p, emin, maxv = FORMATS[fmt]
    if x == 0:
        return -0.0 if neg_zero else 0.0
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - p + 1)
    q = a / ulp
    n = math.floor(q)
    r = q - n
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and n % 2 == 1):
        n += 1
    v = n * ulp
    f = math.inf if v > maxv else float(v)
    return -f if x < 0 else f


def expect(d, name, exact, zsign, dims):
    """Lines of expected.txt for the weight `name` whose exact values are
    `exact` (a flat list of Fractions; zsign: the zeros that are -0)."""
    n = len(exact)
    if n <= 256:
        idx = list(range(n))
    else:
        rows, cols = dims[-2], dims[-1]
        pick = {0, n - 1}
        for r in (0, 1, 126, 127, 128, 129, rows - 1):
            for c in (0, 1, 126, 127, 128, 129, cols - 1):
                if 0 <= r < rows and 0 <= c < cols:
                    pick.add(r * cols + c)
        pick.update(int(i) for i in rng.integers(0, n, 40))
        idx = sorted(pick)
    for fmt in FORMATS:
        vals = np.array([round_once(x, z, fmt) for x, z in zip(exact, zsign)], dtype=np.float64)
        arr = vals.astype(NP[fmt])  # exact: every value is one of fmt's
        assert np.array_equal(arr.astype(np.float64), vals, equal_nan=True)
        bits = arr.view(UINT[fmt])
        md5 = hashlib.md5(arr.tobytes()).hexdigest()
        samples = " ".join(f"{i}:{int(bits[i]):x}" for i in idx)
        lines.append(f"{d} {name} {fmt} {'x'.join(map(str, dims))} {md5} {samples}")
    return {fmt: np.array([round_once(x, z, fmt) for x, z in zip(exact, zsign)]) for fmt in ("float32",)}


def write_dir(d, config, tensors, shards=None, keep=(), drop=()):
    out = os.path.join(here, d)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    if shards is None:
        save_file(tensors, os.path.join(out, "model.safetensors"), metadata={"format": "pt"})
    else:
        weight_map = {}
        for k, names in enumerate(shards):
            fn = f"model-{k + 1:05d}-of-{len(shards):05d}.safetensors"
            save_file({n: tensors[n] for n in names}, os.path.join(out, fn), metadata={"format": "pt"})
            weight_map.update({n: fn for n in names})
        total = sum(t.numel() * t.element_size() for t in tensors.values())
        with open(os.path.join(out, "model.safetensors.index.json"), "w") as f:
            json.dump({"metadata": {"total_size": total}, "weight_map": weight_map}, f, indent=2)
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")
    with open(os.path.join(out, "tokenizer_config.json"), "w") as f:
        f.write('{"model_max_length": 16}\n')
    lines.append(f"{d} keep {' '.join(sorted(keep))}")
    lines.append(f"{d} drop {' '.join(sorted(drop))}")


def base_config(q):
    return {"architectures": ["TestForCausalLM"], "hidden_size": 16, "torch_dtype": "bfloat16",
            "quantization_config": q}


# {1 Elements and scales}

def e4m3_bytes(shape):
    """Random E4M3 codes, no NaN, with -0 and subnormals."""
    b = rng.integers(0, 256, size=shape, dtype=np.uint8)
    b[(b & 0x7F) == 0x7F] = 0x80
    return b


def e4m3_values(b):
    return b.view(ml_dtypes.float8_e4m3fn).astype(np.float64)


def f32_scales(shape, lo=-12, hi=4):
    m = rng.uniform(1, 2, size=shape)
    e = rng.integers(lo, hi, size=shape)
    return (m * np.exp2(e)).astype(np.float32)


def t_u8(b):
    return torch.from_numpy(np.ascontiguousarray(b))


def t_f8(b):
    return torch.from_numpy(np.ascontiguousarray(b)).view(torch.float8_e4m3fn)


def frac(x):
    return Fraction(float(x))


def scaled(elements, scale_of):
    """The exact products, and which zeros are -0."""
    ex, zs = [], []
    for idx, e in np.ndenumerate(elements):
        s = scale_of(idx)
        ex.append(frac(e) * s)
        zs.append(e == 0 and math.copysign(1, e) < 0)
    return ex, zs


E2M1 = [0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6]


def unpack_e2m1(packed):
    """Two E2M1 a byte, the lower-indexed in the low nibble."""
    lo = packed & 15
    hi = packed >> 4
    codes = np.stack([lo, hi], axis=-1).reshape(*packed.shape[:-1], packed.shape[-1] * 2)
    return np.array(E2M1, dtype=np.float64)[codes]


summary = []

# {1 fp8: DeepSeek-V3}

w1 = e4m3_bytes((129, 130))
s1 = f32_scales((2, 2))
w2 = e4m3_bytes((3, 5))
s2 = f32_scales((1, 1))
tensors = {
    "model.layers.0.mlp.down_proj.weight": t_f8(w1),
    "model.layers.0.mlp.down_proj.weight_scale_inv": torch.from_numpy(s1),
    "model.layers.0.self_attn.o_proj.weight": t_f8(w2),
    "model.layers.0.self_attn.o_proj.weight_scale_inv": torch.from_numpy(s2),
    "model.norm.weight": torch.from_numpy(rng.standard_normal(5).astype(np.float32)),
    "lm_head.weight": torch.from_numpy(rng.standard_normal((4, 5)).astype(np.float32)).to(torch.bfloat16),
}
cfg = base_config({"quant_method": "fp8", "fmt": "e4m3", "activation_scheme": "dynamic",
                   "weight_block_size": [128, 128], "modules_to_not_convert": ["lm_head"]})
write_dir("fp8", cfg, tensors,
          shards=[["model.layers.0.mlp.down_proj.weight", "model.layers.0.self_attn.o_proj.weight_scale_inv",
                   "model.norm.weight"],
                  ["model.layers.0.mlp.down_proj.weight_scale_inv", "model.layers.0.self_attn.o_proj.weight",
                   "lm_head.weight"]],
          keep=["model.norm.weight", "lm_head.weight"],
          drop=["model.layers.0.mlp.down_proj.weight_scale_inv", "model.layers.0.self_attn.o_proj.weight_scale_inv"])
for name, w, s in (("model.layers.0.mlp.down_proj.weight", w1, s1), ("model.layers.0.self_attn.o_proj.weight", w2, s2)):
    v = e4m3_values(w)
    ex, zs = scaled(v, lambda ij: frac(s[ij[0] // 128, ij[1] // 128]))
    ours = expect("fp8", name, ex, zs, list(w.shape))
    # DeepSeek's weight_dequant: x.float() * s in float32.
    xs = torch.from_numpy(v.astype(np.float32))
    sf = torch.from_numpy(s).repeat_interleave(128, 0).repeat_interleave(128, 1)[: w.shape[0], : w.shape[1]]
    ref = (xs * sf).numpy().astype(np.float64).ravel()
    same = int(np.sum(ref.view(np.uint64) == ours["float32"].view(np.uint64)))
    assert same == ref.size, name
    summary.append(f"fp8 {name}: DeepSeek's x.float() * s equals the float32 values, {same} of {ref.size}")

# {1 compressed-tensors float-quantized: four groups}

from compressed_tensors.compressors.naive_quantized.base import FloatQuantizationCompressor  # noqa: E402
from compressed_tensors.compressors.nvfp4.base import NVFP4PackedCompressor  # noqa: E402
from compressed_tensors.quantization import QuantizationScheme  # noqa: E402

groups = {
    "group_0": {"targets": ["model.layers.1.mlp.down_proj"],
                "weights": {"num_bits": 8, "type": "float", "symmetric": True, "strategy": "block",
                            "block_structure": [128, 128], "dynamic": False}},
    "group_1": {"targets": ["re:.*mlp\\..*_proj$"],
                "weights": {"num_bits": 8, "type": "float", "symmetric": True, "strategy": "channel",
                            "dynamic": False}},
    "group_2": {"targets": ["re:.*k_proj"],
                "weights": {"num_bits": 8, "type": "float", "symmetric": True, "strategy": "group",
                            "group_size": 8, "dynamic": False}},
    "group_3": {"targets": ["Linear"],
                "weights": {"num_bits": 8, "type": "float", "symmetric": True, "strategy": "tensor",
                            "dynamic": False},
                "input_activations": {"num_bits": 8, "type": "float", "symmetric": True, "strategy": "tensor",
                                      "dynamic": False}},
}
cfg = base_config({"quant_method": "compressed-tensors", "format": "float-quantized",
                   "quantization_status": "compressed", "config_groups": groups,
                   "ignore": ["lm_head", "re:.*mlp\\.gate$"], "kv_cache_scheme": None})
spec = [  # module, shape, group, scale shape, scale dtype
    ("model.layers.1.mlp.down_proj", (130, 136), "group_0", (2, 2), torch.float32),
    ("model.layers.0.mlp.up_proj", (6, 16), "group_1", (6, 1), torch.bfloat16),
    ("model.layers.0.self_attn.k_proj", (4, 16), "group_2", (4, 2), torch.float32),
    ("model.layers.0.self_attn.o_proj", (8, 16), "group_3", (1,), torch.float32),
]
tensors = {}
keep = ["lm_head.weight", "model.layers.0.mlp.gate.weight", "model.norm.weight"]
drop = []
made = []
for m, shape, g, sshape, sdt in spec:
    w = e4m3_bytes(shape)
    s = torch.from_numpy(f32_scales(sshape, -8, 6)).to(sdt)
    tensors[m + ".weight"] = t_f8(w)
    tensors[m + ".weight_scale"] = s
    drop.append(m + ".weight_scale")
    made.append((m, w, s, g))
tensors["model.layers.0.self_attn.o_proj.input_scale"] = torch.tensor([0.25], dtype=torch.float32)
drop.append("model.layers.0.self_attn.o_proj.input_scale")
tensors["lm_head.weight"] = torch.from_numpy(rng.standard_normal((4, 16)).astype(np.float32)).to(torch.bfloat16)
tensors["model.layers.0.mlp.gate.weight"] = torch.from_numpy(rng.standard_normal((2, 16)).astype(np.float32)).to(torch.bfloat16)
tensors["model.norm.weight"] = torch.from_numpy(rng.standard_normal(16).astype(np.float32))
write_dir("ct_fp8", cfg, tensors, keep=keep, drop=drop)
for m, w, s, g in made:
    v = e4m3_values(w)
    sv = s.to(torch.float64).numpy()
    st = groups[g]["weights"]["strategy"]
    if st == "block":
        f = lambda ij: frac(sv[ij[0] // 128, ij[1] // 128])  # noqa: E731
    elif st == "channel":
        f = lambda ij: frac(sv[ij[0], 0])  # noqa: E731
    elif st == "group":
        f = lambda ij: frac(sv[ij[0], ij[1] // 8])  # noqa: E731
    else:
        f = lambda ij: frac(sv[0])  # noqa: E731
    ex, zs = scaled(v, f)
    ours = expect("ct_fp8", m + ".weight", ex, zs, list(w.shape))
    scheme = QuantizationScheme(**groups[g])
    sd = {"weight": t_f8(w), "weight_scale": s}
    # compressed-tensors multiplies in the scale's dtype: one rounding
    # of the exact product into it.
    ref = FloatQuantizationCompressor.decompress(sd, scheme)["weight"]
    fmt = {torch.float32: "float32", torch.bfloat16: "bfloat16"}[ref.dtype]
    ref = ref.to(torch.float64).numpy().ravel()
    exact = np.array([round_once(x, z, fmt) for x, z in zip(ex, zs)])
    same = int(np.sum(ref.view(np.uint64) == exact.view(np.uint64)))
    assert same == ref.size, m
    summary.append(f"ct_fp8 {m} ({st}): compressed-tensors' decompress equals the {fmt} values, "
                   f"{same} of {ref.size}")

# {1 compressed-tensors nvfp4-pack-quantized}

nv_groups = {"group_0": {"targets": ["Linear"],
                         "weights": {"num_bits": 4, "type": "float", "symmetric": True,
                                     "strategy": "tensor_group", "group_size": 16, "dynamic": False}}}
cfg = base_config({"quant_method": "compressed-tensors", "format": "nvfp4-pack-quantized",
                   "quantization_status": "compressed", "config_groups": nv_groups, "ignore": ["lm_head"]})


def e4m3_scale_bytes(shape):
    """Positive E4M3 scales, subnormals among them."""
    b = rng.integers(1, 0x7F, size=shape, dtype=np.uint8)
    return b


tensors, drop, made = {}, [], []
for m, (rows, cols) in (("model.layers.0.mlp.up_proj", (8, 48)), ("model.layers.0.self_attn.q_proj", (3, 32))):
    packed = rng.integers(0, 256, size=(rows, cols // 2), dtype=np.uint8)
    sb = e4m3_scale_bytes((rows, cols // 16))
    gs = np.array([f32_scales((), 2, 14)], dtype=np.float32).reshape(1)
    tensors[m + ".weight_packed"] = t_u8(packed)
    tensors[m + ".weight_scale"] = t_f8(sb)
    tensors[m + ".weight_global_scale"] = torch.from_numpy(gs)
    tensors[m + ".input_global_scale"] = torch.from_numpy(np.array([3.0], dtype=np.float32))
    drop += [m + ".weight_scale", m + ".weight_global_scale", m + ".input_global_scale"]
    made.append((m, packed, sb, gs))
tensors["lm_head.weight"] = torch.from_numpy(rng.standard_normal((2, 32)).astype(np.float32)).to(torch.bfloat16)
write_dir("ct_nvfp4", cfg, tensors, keep=["lm_head.weight"], drop=drop)
for m, packed, sb, gs in made:
    v = unpack_e2m1(packed)
    sv = e4m3_values(sb)
    g = frac(gs[0])
    ex, zs = scaled(v, lambda ij: frac(sv[ij[0], ij[1] // 16]) / g)
    ours = expect("ct_nvfp4", m + ".weight", ex, zs, list(v.shape))
    scheme = QuantizationScheme(**nv_groups["group_0"])
    sd = {"weight_packed": t_u8(packed), "weight_scale": t_f8(sb), "weight_global_scale": torch.from_numpy(gs)}
    ref = NVFP4PackedCompressor.decompress(sd, scheme)["weight"]
    exact_bf16 = np.array([round_once(x, z, "bfloat16") for x, z in zip(ex, zs)])
    same = int(np.sum(ref.to(torch.float64).numpy().ravel() == exact_bf16))
    summary.append(f"ct_nvfp4 {m}: compressed-tensors' decompress (bfloat16, scale / global_scale rounded "
                   f"first) equals the bfloat16 values on {same} of {v.size}")

# {1 compressed-tensors pack-quantized: int4 and int8 in int32 words}

from compressed_tensors.compressors.pack_quantized.base import PackedQuantizationCompressor  # noqa: E402
from compressed_tensors.compressors.pack_quantized.helpers import pack_to_int32  # noqa: E402

int_groups = {
    "group_0": {"targets": ["Linear"],
                "weights": {"num_bits": 4, "type": "int", "symmetric": True, "strategy": "group",
                            "group_size": 8, "dynamic": False}},
    "group_1": {"targets": ["re:.*down_proj$"],
                "weights": {"num_bits": 4, "type": "int", "symmetric": False, "strategy": "group",
                            "group_size": 8, "dynamic": False}},
    "group_2": {"targets": ["model.layers.0.self_attn.q_proj"],
                "weights": {"num_bits": 8, "type": "int", "symmetric": False, "strategy": "channel",
                            "dynamic": False}},
    "group_3": {"targets": ["re:.*v_proj$"],
                "weights": {"num_bits": 3, "type": "int", "symmetric": True, "strategy": "channel",
                            "dynamic": False}},
}
cfg = base_config({"quant_method": "compressed-tensors", "format": "pack-quantized",
                   "quantization_status": "compressed", "config_groups": int_groups, "ignore": ["lm_head"]})
tensors, drop, made = {}, [], []
for m, (rows, cols), g in (("model.layers.0.mlp.up_proj", (6, 24), "group_0"),
                           ("model.layers.0.mlp.down_proj", (11, 16), "group_1"),
                           ("model.layers.0.self_attn.q_proj", (5, 7), "group_2"),
                           ("model.layers.0.self_attn.v_proj", (3, 13), "group_3")):
    wa = int_groups[g]["weights"]
    bits = wa["num_bits"]
    q = rng.integers(-(1 << (bits - 1)), 1 << (bits - 1), size=(rows, cols)).astype(np.int8)
    ncols = cols // wa["group_size"] if wa["strategy"] == "group" else 1
    s = torch.from_numpy(f32_scales((rows, ncols), -9, 3)).to(torch.bfloat16)
    tensors[m + ".weight_packed"] = pack_to_int32(torch.from_numpy(q), bits)
    tensors[m + ".weight_scale"] = s
    tensors[m + ".weight_shape"] = torch.tensor([rows, cols])
    drop += [m + ".weight_scale", m + ".weight_shape"]
    z = None
    if not wa["symmetric"]:
        z = rng.integers(-(1 << (bits - 1)), 1 << (bits - 1), size=(rows, ncols)).astype(np.int8)
        tensors[m + ".weight_zero_point"] = pack_to_int32(torch.from_numpy(z), bits, packed_dim=0)
        drop.append(m + ".weight_zero_point")
    made.append((m, q, s, z, g))
tensors["lm_head.weight"] = torch.from_numpy(rng.standard_normal((2, 8)).astype(np.float32)).to(torch.bfloat16)
write_dir("ct_int", cfg, tensors, keep=["lm_head.weight"], drop=drop)
for m, q, s, z, g in made:
    wa = int_groups[g]["weights"]
    sv = s.to(torch.float64).numpy()
    gs = wa.get("group_size") or q.shape[1]
    ex = []
    for (i, j), e in np.ndenumerate(q):
        zp = 0 if z is None else int(z[i, j // gs])
        ex.append(Fraction(int(e) - zp) * frac(sv[i, j // gs]))
    expect("ct_int", m + ".weight", ex, [False] * len(ex), list(q.shape))
    scheme = QuantizationScheme(**int_groups[g])
    sd = {"weight_packed": tensors[m + ".weight_packed"], "weight_scale": s,
          "weight_shape": tensors[m + ".weight_shape"]}
    if z is not None:
        sd["weight_zero_point"] = tensors[m + ".weight_zero_point"]
    ref = PackedQuantizationCompressor.decompress(sd, scheme)["weight"]
    exact = np.array([round_once(x, False, "bfloat16") for x in ex])
    same = int(np.sum(ref.to(torch.float64).numpy().ravel() == exact))
    assert same == exact.size, m
    summary.append(f"ct_int {m} (int{wa['num_bits']}, {wa['strategy']}): compressed-tensors' decompress "
                   f"equals the bfloat16 values, {same} of {exact.size}")

# {1 compressed-tensors int-quantized: int8 weights with zero points}

from compressed_tensors.compressors.naive_quantized.base import IntQuantizationCompressor  # noqa: E402

i8_group = {"targets": ["Linear"],
            "weights": {"num_bits": 8, "type": "int", "symmetric": False, "strategy": "channel",
                        "dynamic": False}}
cfg = base_config({"quant_method": "compressed-tensors", "format": "int-quantized",
                   "quantization_status": "compressed", "config_groups": {"group_0": i8_group},
                   "ignore": ["lm_head"]})
q = rng.integers(-128, 128, size=(4, 9)).astype(np.int8)
z = rng.integers(-128, 128, size=(4, 1)).astype(np.int8)
s = torch.from_numpy(f32_scales((4, 1), -9, 3)).to(torch.bfloat16)
m = "model.layers.0.mlp.up_proj"
tensors = {m + ".weight": torch.from_numpy(q), m + ".weight_scale": s,
           m + ".weight_zero_point": torch.from_numpy(z),
           "lm_head.weight": torch.from_numpy(rng.standard_normal((2, 9)).astype(np.float32))}
write_dir("ct_int8", cfg, tensors, keep=["lm_head.weight"], drop=[m + ".weight_scale", m + ".weight_zero_point"])
sv = s.to(torch.float64).numpy()
ex = [Fraction(int(e) - int(z[i, 0])) * frac(sv[i, 0]) for (i, j), e in np.ndenumerate(q)]
expect("ct_int8", m + ".weight", ex, [False] * len(ex), list(q.shape))
ref = IntQuantizationCompressor.decompress(
    {"weight": torch.from_numpy(q), "weight_scale": s, "weight_zero_point": torch.from_numpy(z)},
    QuantizationScheme(**i8_group))["weight"]
exact = np.array([round_once(x, False, "bfloat16") for x in ex])
same = int(np.sum(ref.to(torch.float64).numpy().ravel() == exact))
assert same == exact.size
summary.append(f"ct_int8 {m} (int8, channel, zero points): compressed-tensors' decompress equals the "
               f"bfloat16 values, {same} of {exact.size}")

# {1 ModelOpt NVFP4 and FP8}

cfg = base_config({"quant_method": "modelopt", "quant_algo": "NVFP4", "group_size": 16,
                   "exclude_modules": ["lm_head"], "kv_cache_quant_algo": None})
tensors, drop, made = {}, [], []
for m, (rows, cols) in (("model.layers.0.mlp.down_proj", (5, 64)), ("model.layers.0.self_attn.v_proj", (2, 16))):
    packed = rng.integers(0, 256, size=(rows, cols // 2), dtype=np.uint8)
    sb = e4m3_scale_bytes((rows, cols // 16))
    s2 = np.array(f32_scales((), -14, -4), dtype=np.float32).reshape(())
    tensors[m + ".weight"] = t_u8(packed)
    tensors[m + ".weight_scale"] = t_f8(sb)
    tensors[m + ".weight_scale_2"] = torch.from_numpy(s2)
    tensors[m + ".input_scale"] = torch.from_numpy(np.array(0.5, dtype=np.float32))
    drop += [m + ".weight_scale", m + ".weight_scale_2", m + ".input_scale"]
    made.append((m, packed, sb, s2))
tensors["lm_head.weight"] = torch.from_numpy(rng.standard_normal((2, 16)).astype(np.float32)).to(torch.bfloat16)
write_dir("modelopt_nvfp4", cfg, tensors, keep=["lm_head.weight"], drop=drop)
for m, packed, sb, s2 in made:
    v = unpack_e2m1(packed)
    sv = e4m3_values(sb)
    ex, zs = scaled(v, lambda ij: frac(sv[ij[0], ij[1] // 16]) * frac(s2))
    expect("modelopt_nvfp4", m + ".weight", ex, zs, list(v.shape))

cfg = base_config({"quant_method": "modelopt", "quant_algo": "FP8", "exclude_modules": ["lm_head"],
                   "kv_cache_quant_algo": "FP8"})
w = e4m3_bytes((5, 7))
s = np.array(f32_scales((), 4, 8), dtype=np.float32).reshape(())  # products past float16's range
tensors = {"model.layers.0.mlp.up_proj.weight": t_f8(w),
           "model.layers.0.mlp.up_proj.weight_scale": torch.from_numpy(s),
           "model.layers.0.mlp.up_proj.input_scale": torch.from_numpy(np.array(1.5, dtype=np.float32)),
           "model.layers.0.self_attn.k_proj.k_scale": torch.from_numpy(np.array(1.0, dtype=np.float32)),
           "lm_head.weight": torch.from_numpy(rng.standard_normal((2, 7)).astype(np.float32))}
write_dir("modelopt_fp8", cfg, tensors, keep=["lm_head.weight"],
          drop=["model.layers.0.mlp.up_proj.weight_scale", "model.layers.0.mlp.up_proj.input_scale",
                "model.layers.0.self_attn.k_proj.k_scale"])
ex, zs = scaled(e4m3_values(w), lambda ij: frac(s))
expect("modelopt_fp8", "model.layers.0.mlp.up_proj.weight", ex, zs, list(w.shape))

# {1 mxfp4: gpt-oss}

cfg = base_config({"quant_method": "mxfp4",
                   "modules_to_not_convert": ["model.layers.*.self_attn", "model.layers.*.mlp.router",
                                              "model.embed_tokens", "lm_head"]})
blocks3 = rng.integers(0, 256, size=(2, 3, 2, 16), dtype=np.uint8)
scales3 = rng.integers(118, 134, size=(2, 3, 2), dtype=np.uint8)
blocks2 = rng.integers(0, 256, size=(3, 1, 16), dtype=np.uint8)
scales2 = rng.integers(100, 140, size=(3, 1), dtype=np.uint8)
tensors = {"model.layers.0.mlp.experts.gate_up_proj_blocks": t_u8(blocks3),
           "model.layers.0.mlp.experts.gate_up_proj_scales": t_u8(scales3),
           "model.layers.0.mlp.experts.gate_up_proj_bias": torch.from_numpy(rng.standard_normal((2, 3)).astype(np.float32)),
           "model.layers.0.mlp.experts.down_proj_blocks": t_u8(blocks2),
           "model.layers.0.mlp.experts.down_proj_scales": t_u8(scales2),
           "model.layers.0.self_attn.q_proj.weight": torch.from_numpy(rng.standard_normal((2, 4)).astype(np.float32)).to(torch.bfloat16)}
write_dir("mxfp4", cfg, tensors,
          keep=["model.layers.0.mlp.experts.gate_up_proj_bias", "model.layers.0.self_attn.q_proj.weight"],
          drop=["model.layers.0.mlp.experts.gate_up_proj_scales", "model.layers.0.mlp.experts.down_proj_scales"])
from transformers.integrations.mxfp4 import convert_moe_packed_tensors  # noqa: E402

for name, blocks, scales in (("model.layers.0.mlp.experts.gate_up_proj", blocks3, scales3),
                             ("model.layers.0.mlp.experts.down_proj", blocks2, scales2)):
    v = unpack_e2m1(blocks).reshape(*blocks.shape[:-2], blocks.shape[-2] * 32)
    sc = scales.astype(np.int64) - 127
    ex2 = np.empty(v.shape, dtype=object)
    for idx, e in np.ndenumerate(v):
        ex2[idx] = (frac(e) * Fraction(2) ** int(sc[idx[:-1] + (idx[-1] // 32,)]), e == 0 and math.copysign(1, e) < 0)
    if v.ndim == 3:
        ex2 = ex2.transpose(0, 2, 1)
        ref = convert_moe_packed_tensors(t_u8(blocks), t_u8(scales), dtype=torch.float32)
        exact32 = np.array([round_once(x, z, "float32") for x, z in ex2.ravel()])
        same = int(np.sum(ref.to(torch.float64).numpy().ravel() == exact32))
        assert tuple(ref.shape) == ex2.shape
        summary.append(f"mxfp4 {name}: transformers' convert_moe_packed_tensors (float32, transposed) "
                       f"equals the float32 values on {same} of {exact32.size}")
    flat = ex2.ravel()
    expect("mxfp4", name, [x for x, _ in flat], [z for _, z in flat], list(ex2.shape))

with open(os.path.join(here, "expected.txt"), "w") as f:
    f.write("# generated by gen_files.py (make quantized-files): do not edit\n")
    f.write("\n".join(lines) + "\n")
    f.write("".join(f"# reference: {x}\n" for x in summary))
print("\n".join(summary))
