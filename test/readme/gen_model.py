#!/usr/bin/env python3
"""Writes test/readme/pytorch_model.bin, the PyTorch checkpoint that
doc/tour.md reads without torch: torch.save of a tiny model's state dict,
as transformers saves one (the zip format), its output head tied to its
embedding (one storage), a bfloat16 norm and a transposed view.

  python3 test/readme/gen_model.py      (needs torch)
"""
import os

import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    embed = torch.arange(6, dtype=torch.float32).reshape(2, 3).to(torch.float16) / 4
    sd = {
        "model.embed_tokens.weight": embed,
        "lm_head.weight": embed,
        "model.norm.weight": torch.tensor([1.0, 0.5, 0.25], dtype=torch.bfloat16),
        "model.proj.weight": torch.arange(6, dtype=torch.float32).reshape(3, 2).t(),
    }
    torch.save(sd, os.path.join(HERE, "pytorch_model.bin"))


if __name__ == "__main__":
    main()
