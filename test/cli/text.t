Text read from a file is printed so that a terminal cannot take it as its
own: a name, key or value with a control character (a newline, an escape
sequence) is quoted with the characters escaped, and a long string or
array is shortened, with its length. A GGUF file's metadata is listed
before its tensors, each with its bits per weight.

  $ cp "$DUNE_SOURCEROOT"/test/cli/text/* .
  $ nx-dtype inspect long.gguf
  long.gguf: GGUF, 2 tensors, version 3, 7 metadata keys, general.architecture="test"
  key                      type          value
  general.architecture     string        "test"
  tokenizer.ggml.tokens    string[1000]  ["tok0", "tok1", "tok2", "tok3", "tok4", "tok5", … 994 more]
  tokenizer.chat_template  string        "{% for m in messages %}\n{% for m in messages %}\n{% for m in …" (1920 bytes)
  t.utf8                   string        "aééééééééééééééééééééééééééééé…" (81 bytes)
  "t.esc\x1b[31m"          string        "red\x1b[0m"
  t.nested                 array[2]      [[1, 2, 3, 4, 5, 6, … 2 more], [9]]
  ""                       string        "an empty key"
  
  name        dtype    shape   bytes  bpw
  "w\x1b[2J"  float32  (4,)       16   32
  ok          float16  (512,)   1024   16
  $ nx-dtype inspect --stats names.safetensors
  names.safetensors: safetensors, 2 tensors, metadata "k\x1b"="v\nw"
  name                 dtype    shape  bytes  min  max  nan  inf
  "a\nb"               float32  (2,)       8    0    0    0    0
  "c\x1b]0;title\x07"  float32  (3,)      12    1    1    0    0
  $ nx-dtype error long.gguf long.gguf | head -3
  tensor      type       bpw  RMSE        max err     p95          SQNR dB
  "w\x1b[2J"  F32     32.000  0.0000e+00  0.0000e+00  0.0000e+00       inf
  ok          F16     16.000  0.0000e+00  0.0000e+00  0.0000e+00       inf
  $ nx-dtype convert --to int8 --overflow raise long.gguf o.safetensors
  nx-dtype: long.gguf: tensor "w\027[2J": element (2,), 200, does not fit in int8 (--overflow raise); o.safetensors was not created
  [2]
  $ nx-dtype convert names.safetensors o.npz && nx-dtype inspect o.npz
  o.npz: .npz, 2 tensors
  name                 dtype    shape  bytes
  "a\nb"               float32  (2,)       8
  "c\x1b]0;title\x07"  float32  (3,)      12
