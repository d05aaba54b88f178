"""The whole-file part of the benchmarks (make bench-files, also run by
make bench): nx-dtype on files of about a gigabyte, beside cp of its
output's size and the Python that does the same, in rounds, each
contender in turn, each row's best round kept.

Inputs, generated into a temporary directory by the references' own
writers (a file already there is kept):

  gguf-f16.gguf, gguf-q8_0.gguf, gguf-q4_k.gguf
      a llama-like GGUF file of 512 Mi values (32 tensors of 4096 x 4096)
      written by gguf-py's GGUFWriter, of F16 (1.07 GB), Q8_0 (0.57 GB)
      or Q4_K (0.30 GB): 1.07 GB once in bfloat16. The blocks are random
      bytes with finite scales (every code occurs).
  fp8/  a checkpoint laid out as DeepSeek-V3's, written by
      safetensors.torch.save_file: two layers of attention (q_a, q_b,
      kv_a_proj_with_mqa of 576 rows, kv_b, o) and five experts each
      (gate, up 2048 x 7168, down 7168 x 2048), every `weight` F8_E4M3
      with `weight_scale_inv` F32 of ceil(out/128) x ceil(in/128); the
      norms and the embedding BF16; config.json's quantization_config
      fp8 with weight_block_size [128, 128]; five shards and their
      index. 0.64 GB; 1.15 GB in bfloat16.
  pytorch_model.bin
      a state dict of 1.16 GB saved by torch.save (its zip format): the
      safetensors bench's layout (twelve layers of width 1024, MLP
      5632, float32) with a tied output head (the embedding's storage).

Rows (each from a warm page cache, after sync, its output removed):

  gguf F16 / Q8_0 / Q4_K   nx-dtype convert --to bfloat16 IN.gguf OUT.safetensors
  fp8 dequantize           nx-dtype dequantize --to bfloat16 fp8 OUT_DIR, beside
                           DeepSeek's fp8_cast_bf16.py on the CPU: each shard
                           loaded, each weight's float32 product with its scale
                           (repeated over its 128 x 128 blocks) cast to bfloat16,
                           save_file, the index rewritten
  torch convert            nx-dtype convert pytorch_model.bin OUT.safetensors,
                           beside torch.load, the shared tensors left out as
                           safetensors' convert.py does, and save_file
  cp, cp then sync         of the row's output (cp -r of a directory), as it
                           was written: the floor of writing that many bytes,
                           and of writing them durably (nx-dtype syncs its
                           output before renaming it into place)
  read back                cat of pytorch_model.bin and its output: nx-dtype
                           reads both back and compares them, as safetensors'
                           convert.py checks its output; the torch row's floor
                           is cp then sync plus that

The maximum resident set (GNU time's) of each command is printed beside
its time: nx-dtype streams, a piece at a time. Python's time is taken
inside it, without its start and imports.

Usage: bench_files.py NX_DTYPE. BENCH_ROUNDS rounds (default 3);
BENCH_FILES_DIR for the directory of the inputs (default: a new
temporary one, removed at the end); BENCH_FILES_ONLY=gguf,fp8,torch for
some of the rows. bench_files.py gen DIR [gguf|fp8|torch]... writes the
inputs alone."""

import json
import os
import sys

import numpy as np

ROWS = COLS = 4096
TENSORS = 32


def gguf_file(path, kind):
    import gguf

    if os.path.exists(path):
        return
    rng = np.random.default_rng(7)
    qt = {"f16": gguf.GGMLQuantizationType.F16, "q8_0": gguf.GGMLQuantizationType.Q8_0,
          "q4_k": gguf.GGMLQuantizationType.Q4_K}[kind]
    block, size = gguf.GGML_QUANT_SIZES[qt]
    w = gguf.GGUFWriter(path + ".tmp", "llama")
    w.add_name("bench")
    w.add_file_type({"f16": 1, "q8_0": 7, "q4_k": 15}[kind])
    # A finite float16 scale, 2^-10 (and a minimum, for Q4_K's dmin).
    scale = np.frombuffer(np.float16(2.0 ** -10).tobytes(), np.uint8)
    for t in range(TENSORS):
        name = f"blk.{t // 4}.{['attn_q', 'attn_k', 'attn_v', 'attn_output'][t % 4]}.weight"
        if kind == "f16":
            a = (rng.standard_normal((ROWS, COLS), dtype=np.float32) * 0.02).astype(np.float16)
            w.add_tensor(name, a)
        else:
            b = rng.integers(0, 256, (ROWS, COLS // block, size), dtype=np.uint8)
            b[:, :, 0:2] = scale
            if kind == "q4_k":
                b[:, :, 2:4] = scale
            w.add_tensor(name, b.reshape(ROWS, COLS // block * size), raw_dtype=qt)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    os.rename(path + ".tmp", path)


HIDDEN = 7168
SHARDS = 5


def fp8_layout():
    """(name, shape, kind) in the checkpoint's order; kind fp8 or bf16."""
    out = [("model.embed_tokens.weight", (8192, HIDDEN), "bf16")]
    for l in range(2):
        p = f"model.layers.{l}."
        out += [(p + "input_layernorm.weight", (HIDDEN,), "bf16"),
                (p + "self_attn.q_a_proj.weight", (1536, HIDDEN), "fp8"),
                (p + "self_attn.q_a_layernorm.weight", (1536,), "bf16"),
                (p + "self_attn.q_b_proj.weight", (3072, 1536), "fp8"),
                (p + "self_attn.kv_a_proj_with_mqa.weight", (576, HIDDEN), "fp8"),
                (p + "self_attn.kv_a_layernorm.weight", (512,), "bf16"),
                (p + "self_attn.kv_b_proj.weight", (4096, 512), "fp8"),
                (p + "self_attn.o_proj.weight", (HIDDEN, 2048), "fp8"),
                (p + "post_attention_layernorm.weight", (HIDDEN,), "bf16")]
        for e in range(5):
            q = f"{p}mlp.experts.{e}."
            out += [(q + "gate_proj.weight", (2048, HIDDEN), "fp8"),
                    (q + "up_proj.weight", (2048, HIDDEN), "fp8"),
                    (q + "down_proj.weight", (HIDDEN, 2048), "fp8")]
    out += [("model.norm.weight", (HIDDEN,), "bf16")]
    return out


def fp8_dir(d):
    import torch
    from safetensors.torch import save_file

    if os.path.exists(os.path.join(d, "config.json")):
        return
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng(8)
    tensors = []
    for name, shape, kind in fp8_layout():
        if kind == "bf16":
            a = torch.from_numpy(rng.standard_normal(shape, dtype=np.float32) * 0.02)
            tensors.append((name, a.to(torch.bfloat16)))
        else:
            b = rng.integers(0, 256, shape, dtype=np.uint8)
            b[(b & 0x7F) == 0x7F] = 0  # no NaN code
            tensors.append((name, torch.from_numpy(b).view(torch.float8_e4m3fn)))
            s = tuple(-(-n // 128) for n in shape)
            scale = rng.uniform(1e-4, 1e-3, s).astype(np.float32)
            tensors.append((name + "_scale_inv", torch.from_numpy(scale)))
    total = sum(t.numel() * t.element_size() for _, t in tensors)
    per = total / SHARDS
    shards, cur, size = [], [], 0
    for name, t in tensors:
        cur.append((name, t))
        size += t.numel() * t.element_size()
        if size >= per * (len(shards) + 1) and len(shards) < SHARDS - 1:
            shards.append(cur)
            cur = []
    shards.append(cur)
    weight_map = {}
    for i, s in enumerate(shards):
        f = f"model-{i + 1:05d}-of-{len(shards):05d}.safetensors"
        save_file(dict(s), os.path.join(d, f), metadata={"format": "pt"})
        for name, _ in s:
            weight_map[name] = f
    with open(os.path.join(d, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": total}, "weight_map": weight_map}, f, indent=2)
    config = {"architectures": ["DeepseekV3ForCausalLM"], "model_type": "deepseek_v3",
              "hidden_size": HIDDEN, "torch_dtype": "bfloat16",
              "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3",
                                      "quant_method": "fp8", "weight_block_size": [128, 128]}}
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(config, f, indent=2)


def torch_file(path):
    import torch

    if os.path.exists(path):
        return
    g = torch.Generator().manual_seed(9)
    width, ffn, vocab = 1024, 5632, 32000
    sd = {}
    for l in range(12):
        p = f"model.layers.{l}."
        for n in ["q_proj", "k_proj", "v_proj", "o_proj"]:
            sd[p + f"self_attn.{n}.weight"] = torch.randn(width, width, generator=g) * 0.02
        sd[p + "mlp.gate_proj.weight"] = torch.randn(ffn, width, generator=g) * 0.02
        sd[p + "mlp.up_proj.weight"] = torch.randn(ffn, width, generator=g) * 0.02
        sd[p + "mlp.down_proj.weight"] = torch.randn(width, ffn, generator=g) * 0.02
        sd[p + "input_layernorm.weight"] = torch.ones(width)
    sd["model.embed_tokens.weight"] = torch.randn(vocab, width, generator=g) * 0.02
    sd["lm_head.weight"] = sd["model.embed_tokens.weight"]
    sd["model.norm.weight"] = torch.ones(width)
    torch.save(sd, path + ".tmp")
    os.rename(path + ".tmp", path)




# {1 The Python contenders, each run in a process of its own under GNU
# time; each prints its time, taken after its imports.}


def python_fp8(src, dst):
    """DeepSeek-V3's fp8_cast_bf16.py on the CPU: each shard loaded, each
    F8 weight's float32 product with its scale cast to bfloat16 (its
    weight_dequant), save_file; the index without the scales."""
    import time

    import torch
    from safetensors import safe_open
    from safetensors.torch import load_file, save_file

    t0, c0 = time.perf_counter(), time.process_time()
    with open(os.path.join(src, "model.safetensors.index.json")) as f:
        index = json.load(f)
    weight_map = index["weight_map"]
    os.makedirs(dst, exist_ok=True)

    def scale_of(name):
        with safe_open(os.path.join(src, weight_map[name]), framework="pt") as f:
            return f.get_tensor(name)

    def dequant(w, s, block=128):
        m, n = w.shape
        s = s.repeat_interleave(block, 0)[:m].repeat_interleave(block, 1)[:, :n]
        return (w.to(torch.float32) * s).to(torch.bfloat16)

    dropped = []
    for shard in sorted(set(weight_map.values())):
        state = load_file(os.path.join(src, shard))
        out = {}
        for name, w in state.items():
            if name.endswith("_scale_inv"):
                continue
            if w.element_size() == 1:
                s = state.get(name + "_scale_inv")
                out[name] = dequant(w, s if s is not None else scale_of(name + "_scale_inv"))
                dropped.append(name + "_scale_inv")
            else:
                out[name] = w
        save_file(out, os.path.join(dst, shard))
        del state, out
    for name in dropped:
        weight_map.pop(name, None)
    with open(os.path.join(dst, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {}, "weight_map": weight_map}, f, indent=2)
    print(f"{time.perf_counter() - t0:.6f} {time.process_time() - c0:.6f}")


def python_torch(src, dst):
    """torch.load (weights only), the shared tensors but the first left
    out as safetensors' convert.py leaves them, save_file."""
    import time

    import torch
    from safetensors.torch import save_file

    t0, c0 = time.perf_counter(), time.process_time()
    sd = torch.load(src, map_location="cpu", weights_only=True)
    seen, out, removed = {}, {}, {}
    for name, t in sd.items():
        key = (t.untyped_storage().data_ptr(), t.storage_offset(), tuple(t.shape))
        if key in seen:
            removed[name] = seen[key]
        else:
            seen[key] = name
            out[name] = t.contiguous()
    save_file(out, dst, metadata={"format": "pt", **removed})
    print(f"{time.perf_counter() - t0:.6f} {time.process_time() - c0:.6f}")


# {1 The driver}


def sync():
    os.sync()


def remove(p):
    import shutil

    if os.path.isdir(p):
        shutil.rmtree(p)
    elif os.path.exists(p):
        os.remove(p)


def size_of(p):
    if os.path.isdir(p):
        return sum(os.path.getsize(os.path.join(p, f)) for f in os.listdir(p))
    return os.path.getsize(p)


def timed(cmd, out, inner=False):
    """Runs cmd under GNU time after removing out and syncing: (wall,
    cpu, max RSS in kB); with inner, the wall and CPU times the command
    prints (Python's, after its imports)."""
    import subprocess
    import tempfile
    import time

    remove(out)
    sync()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        t0 = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-o", tf.name, "-f", "%U %S %M"] + cmd,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - t0
        if r.returncode != 0:
            sys.exit(f"bench_files: {' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
        u, s, m = tf.read().split()[-3:]
    cpu = float(u) + float(s)
    if inner:
        wall, cpu = (float(x) for x in r.stdout.split()[-2:])
    return wall, cpu, int(m)


def main():
    import shutil
    import tempfile

    if sys.argv[1:2] == ["gen"]:
        return generate(sys.argv[2], sys.argv[3:])
    if sys.argv[1:2] == ["python"]:
        kind, src, dst = sys.argv[2:5]
        return {"fp8": python_fp8, "torch": python_torch}[kind](src, dst)
    nx = os.path.abspath(sys.argv[1])
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    only = os.environ.get("BENCH_FILES_ONLY", "gguf,fp8,torch").split(",")
    own = "BENCH_FILES_DIR" not in os.environ
    d = tempfile.mkdtemp(prefix="bench_files.") if own else os.environ["BENCH_FILES_DIR"]
    me = os.path.abspath(__file__)
    has_torch = True
    try:
        import torch  # noqa: F401
    except ImportError:
        has_torch = False
    if not has_torch:
        print("bench-files: no torch in python3: no fp8 or torch rows, no Python", file=sys.stderr)
        only = [o for o in only if o == "gguf"]
    best = {}

    def keep(row, impl, t, nbytes):
        k = (row, impl)
        if k not in best or t[0] < best[k][0]:
            best[k] = t + (nbytes,)

    def cps(row, out):
        # cp of the output as it was written, twice (the first copy of a
        # file just written can be slow), alone and followed by sync.
        copy = out + ".cp"
        cp = ["cp", "-r", out, copy]
        for _ in range(2):
            keep(row, "cp", timed(cp, copy), size_of(out))
        keep(row, "cp+sync", timed(["sh", "-c", f'cp -r "{out}" "{copy}" && sync'], copy),
             size_of(out))
        remove(copy)

    try:
        generate(d, only)
        out_st = os.path.join(d, "out.safetensors")
        out_dir = os.path.join(d, "out-dir")
        for r in range(rounds):
            print(f"bench-files: round {r + 1} of {rounds}", file=sys.stderr)
            if "gguf" in only:
                for k in ["f16", "q8_0", "q4_k"]:
                    row = f"gguf {k}"
                    src = os.path.join(d, f"gguf-{k}.gguf")
                    subprocess_cat(src)
                    keep(row, "nx-dtype",
                         timed([nx, "convert", "--to", "bfloat16", src, out_st], out_st),
                         size_of(out_st))
                    cps(row, out_st)
            if "fp8" in only:
                src = os.path.join(d, "fp8")
                subprocess_cat(src)
                keep("fp8", "nx-dtype",
                     timed([nx, "dequantize", "--to", "bfloat16", src, out_dir], out_dir),
                     size_of(out_dir))
                cps("fp8", out_dir)
                py = os.path.join(d, "py-dir")
                keep("fp8", "python", timed([sys.executable, me, "python", "fp8", src, py], py,
                                            inner=True), size_of(py))
                if r == rounds - 1:
                    fp8_check(out_dir, py)
                remove(py)
            if "torch" in only:
                src = os.path.join(d, "pytorch_model.bin")
                subprocess_cat(src)
                keep("torch", "nx-dtype", timed([nx, "convert", src, out_st], out_st),
                     size_of(out_st))
                cps("torch", out_st)
                # nx-dtype reads both files back, as safetensors' convert.py
                # checks its output: that read, from the page cache.
                back = ["sh", "-c", f'cat "{src}" "{out_st}" > /dev/null']
                keep("torch", "read-back", timed(back, os.path.join(d, "none")), size_of(out_st))
                py = os.path.join(d, "py.safetensors")
                keep("torch", "python", timed([sys.executable, me, "python", "torch", src, py], py,
                                              inner=True), size_of(py))
                remove(py)
            remove(out_st)
            remove(out_dir)
        report(best, rounds, d)
    finally:
        if own:
            shutil.rmtree(d)


def subprocess_cat(path):
    """The input into the page cache."""
    import subprocess

    files = [os.path.join(path, f) for f in sorted(os.listdir(path))] if os.path.isdir(path) else [path]
    subprocess.run(["cat"] + files, stdout=subprocess.DEVNULL, check=True)


fp8_note = []


def fp8_check(nx_dir, py_dir):
    """How many values nx-dtype's dequantization (the exact product,
    rounded once) and Python's (the float32 product, rounded again) differ
    in, and by at most how many units in the last place."""
    import torch
    from safetensors import safe_open

    nx_files = [os.path.join(nx_dir, f) for f in os.listdir(nx_dir) if f.endswith(".safetensors")]
    where = {}
    for f in nx_files:
        with safe_open(f, framework="pt") as h:
            for k in h.keys():
                where[k] = f
    n = diff = worst = 0
    for f in sorted(os.listdir(py_dir)):
        if not f.endswith(".safetensors"):
            continue
        with safe_open(os.path.join(py_dir, f), framework="pt") as h:
            for k in h.keys():
                a = h.get_tensor(k)
                with safe_open(where[k], framework="pt") as g:
                    b = g.get_tensor(k)
                a16, b16 = a.view(torch.int16).to(torch.int32), b.view(torch.int16).to(torch.int32)
                d = (a16 - b16).abs()
                n += d.numel()
                diff += int((d != 0).sum())
                worst = max(worst, int(d.max()))
    fp8_note.append(f"fp8: nx-dtype's values and Python's differ in {diff} of {n} "
                    f"(by at most {worst} in the last place: Python rounds twice)")


def report(best, rounds, d):
    rows = [("gguf f16", "GGUF F16 to bfloat16 safetensors"),
            ("gguf q8_0", "GGUF Q8_0 to bfloat16 safetensors"),
            ("gguf q4_k", "GGUF Q4_K to bfloat16 safetensors"),
            ("fp8", "dequantize an FP8 checkpoint (5 shards) to bfloat16"),
            ("torch", "pytorch_model.bin to safetensors")]
    print(f"Whole files: nx-dtype beside cp of its output and Python (best of {rounds} rounds; "
          "seconds, CPU seconds, max resident MB)\n")
    print("| case | output | nx-dtype | cp | cp then sync | Python | nx / cp | nx / (cp then sync) "
          "| Python / nx |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")

    def cell(t):
        return f"{t[0]:.3f} (CPU {t[1]:.2f}, {t[2] / 1024:.0f} MB)" if t else ""

    for row, label in rows:
        nx = best.get((row, "nx-dtype"))
        if not nx:
            continue
        cp, cps, py = (best.get((row, i)) for i in ["cp", "cp+sync", "python"])
        ratio = lambda a, b: f"{a[0] / b[0]:.2f}" if a and b else ""
        print(f"| {label} | {nx[3] / 1e9:.2f} GB | {cell(nx)} | {cp[0]:.3f} (CPU {cp[1]:.2f}) | "
              f"{cps[0]:.3f} (CPU {cps[1]:.2f}) | "
              f"{cell(py)} | {ratio(nx, cp)} | {ratio(nx, cps)} | {ratio(py, nx)} |")
    rb, cps_t, nx_t = (best.get(("torch", i)) for i in ["read-back", "cp+sync", "nx-dtype"])
    if rb and cps_t and nx_t:
        floor = cps_t[0] + rb[0]
        print(f"\ntorch: nx-dtype reads both files back (safetensors' convert.py's check): "
              f"cp then sync, plus cat of both files, {floor:.3f} s; nx-dtype / that {nx_t[0] / floor:.2f}")
    for n in fp8_note:
        print("\n" + n)
    print("\nload average at the end: %.2f %.2f %.2f (%d processors)"
          % (os.getloadavg() + (os.cpu_count(),)))


def generate(d, what):
    what = what or ["gguf", "fp8", "torch"]
    os.makedirs(d, exist_ok=True)
    for w in what:
        if w == "gguf":
            for k in ["f16", "q8_0", "q4_k"]:
                gguf_file(os.path.join(d, f"gguf-{k}.gguf"), k)
        elif w == "fp8":
            fp8_dir(os.path.join(d, "fp8"))
        elif w == "torch":
            torch_file(os.path.join(d, "pytorch_model.bin"))
        else:
            sys.exit(f"bench_files.py: unknown input {w!r} (gguf, fp8, torch)")


if __name__ == "__main__":
    main()
