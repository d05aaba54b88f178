nx-dtype error: a float safetensors file and it quantized by gguf-py
into Q8_0 and Q4_0 (test/gguf/gen_error.py; test/gguf/test_error.ml
checks the numbers against numpy's, exactly).

  $ cp "$DUNE_SOURCEROOT"/test/gguf/error_original.safetensors "$DUNE_SOURCEROOT"/test/gguf/error_quantized.gguf .
  $ nx-dtype error error_original.safetensors error_quantized.gguf --svg chart.svg
  tensor                 type       bpw  RMSE        max err     p95          SQNR dB
  blk.0.attn_q.weight    Q8_0     8.500  1.1570e-04  2.9608e-04  2.0795e-04     44.98
  blk.0.attn_k.weight    Q4_0     4.500  1.6699e-03  4.2043e-03  2.9118e-03     21.42
  blk.0.ffn_up.weight    Q4_0     4.500  4.7114e-02  1.0504e-01  8.7891e-02     20.84
  blk.0.ffn_down.weight  Q4_0     4.500  4.5351e-02  2.2467e-01  8.4626e-02     19.43
  blk.0.ffn_gate.weight  Q8_0     8.500  2.5324e-04  6.3892e-04  4.8204e-04     45.61
  token_embd.weight      Q8_0     8.500  0.0000e+00  0.0000e+00  0.0000e+00       inf
  output_norm.weight     F32     32.000  0.0000e+00  0.0000e+00  0.0000e+00       inf
  total Q8_0             Q8_0     8.500  1.9099e-04  6.3892e-04  4.0421e-04     45.51
  total Q4_0             Q4_0     4.500  4.4909e-02  2.2467e-01  8.4285e-02     19.43
  total F32              F32     32.000  0.0000e+00  0.0000e+00  0.0000e+00       inf
  total                  mixed    4.577  4.4582e-02  2.2467e-01  8.4013e-02     19.45
  
  % of |x - y| in columns of 0.002 (10 of quantize-stats' bins; the last: 0.028 and above)
  tensor                 type    0.000 0.002 0.004 0.006 0.008 0.010 0.012 0.014 0.016 0.018 0.020 0.022 0.024 0.026 0.028
  blk.0.attn_q.weight    Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  blk.0.attn_k.weight    Q4_0     71.6  28.2   0.2     .     .     .     .     .     .     .     .     .     .     .     .
  blk.0.ffn_up.weight    Q4_0      6.2   3.1   3.9   1.6   0.8   3.9   2.3   1.6   3.1   3.9   2.3   3.1   2.3   1.6  60.2
  blk.0.ffn_down.weight  Q4_0      6.0   2.8   2.9   2.8   2.9   2.8   2.8   2.8   2.8   2.8   2.8   2.7   2.7   2.7  57.8
  blk.0.ffn_gate.weight  Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  token_embd.weight      Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  output_norm.weight     F32     100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  total Q8_0             Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  total Q4_0             Q4_0      7.3   3.3   2.8   2.7   2.8   2.8   2.8   2.7   2.8   2.7   2.7   2.7   2.7   2.7  56.7
  total F32              F32     100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  total                  mixed     8.6   3.2   2.8   2.7   2.8   2.7   2.7   2.7   2.7   2.7   2.7   2.7   2.6   2.6  55.9
  nx-dtype: 1 float tensor of error_original.safetensors not in error_quantized.gguf

Candidate types, without a file: each tensor quantized into each type as
llama.cpp quantizes it. Q8_0's row of blk.0.attn_q.weight is the one of
gguf-py's Q8_0 above, whose bytes are ggml's.

  $ nx-dtype error --types Q8_0,Q6_K error_original.safetensors
  tensor                 type       bpw  RMSE        max err     p95          SQNR dB
  blk.0.attn_k.weight    Q8_0     8.500  1.0531e-04  2.9599e-04  1.8685e-04     45.42
  blk.0.attn_q.weight    Q8_0     8.500  1.1570e-04  2.9608e-04  2.0795e-04     44.98
  blk.0.ffn_down.weight  Q8_0     8.500  2.8506e-03  1.4653e-02  5.3384e-03     43.46
  blk.0.ffn_down.weight  Q6_K     6.562  9.1559e-03  5.2007e-02  1.7777e-02     33.33
  blk.0.ffn_gate.weight  Q8_0     8.500  2.5324e-04  6.3892e-04  4.8204e-04     45.61
  blk.0.ffn_gate.weight  Q6_K     6.562  8.6933e-04  2.3918e-03  1.7609e-03     34.90
  token_embd.weight      Q8_0     8.500  0.0000e+00  0.0000e+00  0.0000e+00       inf
  blk.0.ffn_up.weight    Q8_0     8.500  2.8911e-03  6.1417e-03  4.6616e-03     45.08
  total Q8_0             Q8_0     8.500  2.8034e-03  1.4653e-02  5.2956e-03     43.46
  total Q6_K             Q6_K     6.562  9.1258e-03  5.2007e-02  1.7759e-02     33.33
  
  % of |x - y| in columns of 0.002 (10 of quantize-stats' bins; the last: 0.028 and above)
  tensor                 type    0.000 0.002 0.004 0.006 0.008 0.010 0.012 0.014 0.016 0.018 0.020 0.022 0.024 0.026 0.028
  blk.0.attn_k.weight    Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  blk.0.attn_q.weight    Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  blk.0.ffn_down.weight  Q8_0     47.6  37.1  12.5   2.4   0.3   0.0   0.0   0.0     .     .     .     .     .     .     .
  blk.0.ffn_down.weight  Q6_K     17.1  16.2  15.4  13.6  11.2   8.5   6.3   4.0   2.7   1.7   1.1   0.7   0.4   0.3   0.5
  blk.0.ffn_gate.weight  Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  blk.0.ffn_gate.weight  Q6_K     98.2   1.8     .     .     .     .     .     .     .     .     .     .     .     .     .
  token_embd.weight      Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  blk.0.ffn_up.weight    Q8_0     41.4  39.1  18.8   0.8     .     .     .     .     .     .     .     .     .     .     .
  total Q8_0             Q8_0     49.3  35.9  12.1   2.3   0.3   0.0   0.0   0.0     .     .     .     .     .     .     .
  total Q6_K             Q6_K     17.7  16.2  15.3  13.6  11.1   8.5   6.3   4.0   2.7   1.7   1.1   0.7   0.4   0.3   0.5
  nx-dtype: rows not whole blocks of the type, empty, or one dimension, not reported: blk.0.attn_k.weight (Q6_K), blk.0.attn_q.weight (Q6_K), output_norm.weight (Q8_0), output_norm.weight (Q6_K), rope_freqs.weight (Q8_0), rope_freqs.weight (Q6_K), token_embd.weight (Q6_K), blk.0.ffn_up.weight (Q6_K)
  $ nx-dtype error --types Q9_9 error_original.safetensors
  nx-dtype: --types: "Q9_9" is not a ggml type
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --types Q8_1 error_original.safetensors
  nx-dtype: --types: Q8_1 is not a type nx-dtype quantizes
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --types IQ2_XXS error_original.safetensors
  nx-dtype: --types: IQ2_XXS needs an importance matrix (--imatrix FILE)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --types Q8_0 error_original.safetensors error_quantized.gguf
  nx-dtype: error --types takes ORIGINAL alone
  Run 'nx-dtype --help' for usage.
  [2]

Below the table, the histogram of |x - y| in quantize-stats' bins
(0.0002 wide), ten bins a column: each tensor's share of errors in each
(Quant_error's bins are held to numpy's in test/gguf/test_error.ml).
--histogram prints every bin as quantize-stats --histogram does.

  $ nx-dtype error --histogram error_original.safetensors error_quantized.gguf 2>/dev/null > hist.txt
  $ grep -c 'error distribution:' hist.txt
  11
  $ grep -A 3 '^blk.0.attn_k.weight (Q4_0)' hist.txt
  blk.0.attn_k.weight (Q4_0): error distribution:
  [0.0000, 0.0002):         151
  [0.0002, 0.0004):         123
  [0.0004, 0.0006):          82
  $ grep -A 150 '^total (mixed)' hist.txt | tail -2
  [0.0296, 0.0298):         197
  [0.0298, inf):       42537

With an importance matrix (llama-imatrix's, read as quantize --imatrix
reads it), each candidate is quantized with its entry's weights, an
expert at a time (test/cli/quantize_moe.ml holds the rows to those of
quantize --imatrix's file); an entry of another size is refused, as
quantize refuses it.

  $ nx-dtype error --types Q8_0 --imatrix "$DUNE_SOURCEROOT"/test/gguf/quantize/imatrix/tiny.gguf error_original.safetensors 2>&1 | sed "s|$DUNE_SOURCEROOT/||"
  nx-dtype: test/gguf/quantize/imatrix/tiny.gguf: tensor "blk.0.attn_k.weight": the importance matrix has 256 values, not 96 x 1
  $ nx-dtype error --types Q8_0 --imatrix missing.dat error_original.safetensors
  nx-dtype: missing.dat: No such file or directory
  [2]
  $ nx-dtype error --imatrix x.dat error_original.safetensors error_quantized.gguf
  nx-dtype: error: --imatrix is for --types (a QUANTIZED file was quantized with its own)
  Run 'nx-dtype --help' for usage.
  [2]

An original in a checkpoint directory: its shards read as one.

  $ mkdir ckpt && cp error_original.safetensors ckpt/model.safetensors
  $ nx-dtype error ckpt error_quantized.gguf 2>/dev/null | head -3
  tensor                 type       bpw  RMSE        max err     p95          SQNR dB
  blk.0.attn_q.weight    Q8_0     8.500  1.1570e-04  2.9608e-04  2.0795e-04     44.98
  blk.0.attn_k.weight    Q4_0     4.500  1.6699e-03  4.2043e-03  2.9118e-03     21.42

A tensor of empty rows is not a candidate: no type quantizes rows of 0
values.

  $ h='{"a.weight":{"dtype":"F32","shape":[4,0],"data_offsets":[0,0]},"b.weight":{"dtype":"F32","shape":[2,32],"data_offsets":[0,256]}}'
  $ { printf "$(printf '\\%03o' ${#h})\0\0\0\0\0\0\0"; printf '%s' "$h"; head -c 256 /dev/zero; } > empty.safetensors
  $ nx-dtype error --types Q8_0 empty.safetensors > empty.txt
  nx-dtype: rows not whole blocks of the type, empty, or one dimension, not reported: a.weight (Q8_0)
  $ head -2 empty.txt
  tensor    type       bpw  RMSE        max err     p95          SQNR dB
  b.weight  Q8_0     8.500  0.0000e+00  0.0000e+00  0.0000e+00       inf

The chart: one SVG document, a bar per tensor and per total.

  $ head -c 38 chart.svg; echo
  <?xml version="1.0" encoding="UTF-8"?>
  $ grep -c '<rect x=' chart.svg
  14
  $ grep -c '>exact<' chart.svg
  3

An original in GGUF: the quantized file against itself is exact.

  $ nx-dtype error error_quantized.gguf error_quantized.gguf
  tensor              type       bpw  RMSE        max err     p95          SQNR dB
  output_norm.weight  F32     32.000  0.0000e+00  0.0000e+00  0.0000e+00       inf
  total               F32     32.000  0.0000e+00  0.0000e+00  0.0000e+00       inf
  
  % of |x - y| in columns of 0.002 (10 of quantize-stats' bins; the last: 0.028 and above)
  tensor              type    0.000 0.002 0.004 0.006 0.008 0.010 0.012 0.014 0.016 0.018 0.020 0.022 0.024 0.026 0.028
  output_norm.weight  F32     100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  total               F32     100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  nx-dtype: 6 tensors of error_quantized.gguf without a float tensor of their name in error_quantized.gguf: not reported

Refusals.

  $ nx-dtype error error_original.safetensors
  nx-dtype: error takes ORIGINAL and QUANTIZED
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error error_quantized.gguf error_original.safetensors
  nx-dtype: error_original.safetensors: QUANTIZED is not a GGUF file (.gguf)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --svg
  nx-dtype: --svg takes a FILE
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --types Q4_0 error_original.safetensors error_quantized.gguf
  nx-dtype: error --types takes ORIGINAL alone
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error error_original.safetensors missing.gguf
  nx-dtype: missing.gguf: No such file or directory
  [2]
  $ nx-dtype error x.npy error_quantized.gguf
  nx-dtype: x.npy: ORIGINAL is a .npy file, not a safetensors or GGUF one, nor a checkpoint
  Run 'nx-dtype --help' for usage.
  [2]

A tensor that a type cannot quantize (a NaN) is named on stderr and left
out; the others are reported. Zeros quantized exactly have a SQNR of inf.

  $ { printf '\170\000\000\000\000\000\000\000'
  >   printf '%s ' '{"a":{"dtype":"F32","shape":[1,32],"data_offsets":[0,128]},"b":{"dtype":"F32","shape":[1,32],"data_offsets":[128,256]}}'
  >   head -c 128 /dev/zero
  >   for i in $(seq 32); do printf '\000\000\300\177'; done; } > nan.safetensors
  $ nx-dtype error --types Q8_0 nan.safetensors
  nx-dtype: not reported: nan.safetensors: b: value 0 (nan) is not finite: Q8_0 quantizes finite values only
  tensor  type       bpw  RMSE        max err     p95          SQNR dB
  a       Q8_0     8.500  0.0000e+00  0.0000e+00  0.0000e+00       inf
  total   Q8_0     8.500  0.0000e+00  0.0000e+00  0.0000e+00       inf
  
  % of |x - y| in columns of 0.002 (10 of quantize-stats' bins; the last: 0.028 and above)
  tensor  type    0.000 0.002 0.004 0.006 0.008 0.010 0.012 0.014 0.016 0.018 0.020 0.022 0.024 0.026 0.028
  a       Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
  total   Q8_0    100.0     .     .     .     .     .     .     .     .     .     .     .     .     .     .
