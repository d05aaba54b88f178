#!/usr/bin/env python3
"""Writes test/gguf/quantize/order.txt: tensor names sorted as llama.cpp's
model loader sorts them (weight_name_comparer: the layer that C's
sscanf(name, "blk.%d.", &layer) reads, -1 if none, then the names' bytes),
the order llama-quantize takes and writes a model's tensors in. The
layers come from this machine's C library (glibc's sscanf, by ctypes).

  python3 test/gguf/quantize/gen_order.py

One name a line, in hex, sorted; the test sorts them shuffled with
Quant_mix.compare_names and compares.
"""
import ctypes
import functools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
libc = ctypes.CDLL(None)


def layer(name):
    v = ctypes.c_int(-1)
    libc.sscanf(name, b"blk.%d.", ctypes.byref(v))
    return v.value


def cmp(a, b):
    la, lb = layer(a), layer(b)
    if la != lb:
        return -1 if la < lb else 1
    return (a > b) - (a < b)


def names():
    out = [b"token_embd.weight", b"output.weight", b"output_norm.weight", b"rope_freqs.weight"]
    for i in [0, 1, 2, 3, 9, 10, 11, 19, 20, 99, 100, 101]:
        for t in [b"attn_q.weight", b"attn_k.weight", b"attn_v.weight", b"ffn_down.weight",
                  b"ffn_down_exps.weight", b"attn_norm.weight"]:
            out.append(b"blk.%d.%s" % (i, t))
    out += [b"blk.", b"blk", b"blk.x.weight", b"blk.-1.weight", b"blk.-2.weight", b"blk.+3.weight",
            b"blk. 4.weight", b"blk.\t5.w", b"blk.6", b"blk.07.w", b"blk.7.w", b"blk.2147483647.w",
            b"blk.2147483648.w", b"blk.4294967296.w", b"blk.4294967297.w", b"blk.-2147483649.w",
            b"blk.9223372036854775807.w", b"blk.9223372036854775808.w", b"blk.99999999999999999999.w",
            b"blk.-9223372036854775808.w", b"blk.-99999999999999999999.w", b"blk.12345678901.w",
            b"Blk.1.w", b"xblk.1.w", b"blk.1\xc3\xa9.w", b"blk.1.\xff", b"blk.1.~", b"blk.1.A",
            b"a", b"\xc4\xa0", b"blk.- 1.w", b"blk.--1.w", b"blk.+-1.w"]
    return out


def main():
    ns = names()
    assert len(set(ns)) == len(ns)
    ns.sort(key=functools.cmp_to_key(cmp))
    with open(os.path.join(HERE, "order.txt"), "w") as f:
        for n in ns:
            f.write(n.hex() + "\n")


if __name__ == "__main__":
    main()
