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
  nx-dtype: rows not whole blocks of the type, or one dimension, not reported: blk.0.attn_k.weight (Q6_K), blk.0.attn_q.weight (Q6_K), output_norm.weight (Q8_0), output_norm.weight (Q6_K), rope_freqs.weight (Q8_0), rope_freqs.weight (Q6_K), token_embd.weight (Q6_K), blk.0.ffn_up.weight (Q6_K)
  $ nx-dtype error --types Q9_9 error_original.safetensors
  nx-dtype: --types: "Q9_9" is not a ggml type
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --types Q8_1 error_original.safetensors
  nx-dtype: --types: Q8_1 is not a type nx-dtype quantizes
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --types IQ2_XXS error_original.safetensors
  nx-dtype: --types: IQ2_XXS needs an importance matrix, which error does not take
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype error --types Q8_0 error_original.safetensors error_quantized.gguf
  nx-dtype: error --types takes ORIGINAL alone
  Run 'nx-dtype --help' for usage.
  [2]

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
  nx-dtype: x.npy: ORIGINAL is a .npy file, not a safetensors or GGUF one
  Run 'nx-dtype --help' for usage.
  [2]
