#!/usr/bin/env python3
"""Writes the files of test/cli/text.t: text read from files that a
terminal must not take as its own (control characters, long values).

    cd test/cli/text && python3 gen_text.py

long.gguf (gguf-py's GGUFWriter): a 1000-token string array, a chat
template of 2000 bytes with newlines, a key and a tensor name holding an
escape sequence, an empty key, a nested array and a UTF-8 string cut in the middle of a
character when shortened. names.safetensors (the safetensors package): a
tensor name with a newline and one with an escape sequence, metadata with
control characters.
"""
import numpy as np
import gguf
from safetensors.numpy import save_file

w = gguf.GGUFWriter("long.gguf", "test")
w.add_array("tokenizer.ggml.tokens", [f"tok{i}" for i in range(1000)])
w.add_string("tokenizer.chat_template", "{% for m in messages %}\n" * 80)
w.add_string("t.utf8", "a" + "é" * 40)  # 81 bytes: byte 60 is within a character
w.add_string("t.esc\x1b[31m", "red\x1b[0m")
w.add_array("t.nested", [[1, 2, 3, 4, 5, 6, 7, 8], [9]])
w.add_string("", "an empty key")
w.add_tensor("w\x1b[2J", np.arange(4, dtype=np.float32) * 100)
w.add_tensor("ok", np.arange(512, dtype=np.float16) / 1024)
w.write_header_to_file()
w.write_kv_data_to_file()
w.write_tensors_to_file()
w.close()

save_file(
    {"a\nb": np.zeros(2, np.float32), "c\x1b]0;title\x07": np.ones(3, np.float32)},
    "names.safetensors",
    metadata={"k\x1b": "v\nw"},
)
