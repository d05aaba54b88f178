Quantizing .npy files into blocks and back.

  $ printf '\366\367\370\371\372\373\374\375\376\377\000\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025' > in.i8
  $ nx-dtype convert --from int8 --to float32 in.i8 w.npy
  $ nx-dtype quantize --scheme mxfp4 w.npy q
  $ ls q.*
  q.elements.npy
  q.scales.npy
  $ head -c 70 q.elements.npy | tail -c 60; echo
  {'descr': '|u1', 'fortran_order': False, 'shape': (16,), }  
  $ tail -c 1 q.scales.npy | od -An -tu1
   129
  $ nx-dtype dequantize --scheme mxfp4 q back.npy
  $ nx-dtype convert --from float32 --to int8 back.npy back.i8
  $ od -An -td1 back.i8 | head -2
     -8   -8   -8   -8   -6   -4   -4   -4   -2    0    0    0    2    4    4    4
      6    8    8    8    8   12   12   12   16   16   16   16   16   16   16   24

NVFP4 adds the tensor scale; ggml's schemes write one file of blocks.

  $ nx-dtype quantize --scheme nvfp4 --tensor-scale 0.5 w.npy n
  $ ls n.*
  n.elements.npy
  n.scales.npy
  n.tensor_scale.npy
  $ nx-dtype quantize --scheme ggml_q8_0 w.npy g
  $ ls g.*
  g.blocks.npy
  $ head -c 70 g.blocks.npy | tail -c 60; echo
  {'descr': '|u1', 'fortran_order': False, 'shape': (34,), }  
  $ nx-dtype dequantize --scheme ggml_q8_0 --to float64 g gb.npy
  $ head -c 70 gb.npy | tail -c 60; echo
  {'descr': '<f8', 'fortran_order': False, 'shape': (32,), }  

Errors.

  $ nx-dtype quantize --scheme mxfp5 w.npy x
  nx-dtype: unknown scheme "mxfp5" (one of: mxfp8_e4m3, mxfp8_e5m2, mxfp6_e2m3, mxfp6_e3m2, mxfp4, mxint8, nvfp4, ggml_q8_0, ggml_q4_0, ggml_mxfp4, ggml_nvfp4)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme nvfp4 --policy ceil w.npy x
  nx-dtype: --policy chooses E8M0 scales: nvfp4 has none
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme ggml_nvfp4 w.npy x
  nx-dtype: w.npy: shape (32,): its last dimension, 32, is not a multiple of ggml_nvfp4's block of 64
  [2]

Every file the block modes read is checked, and named when refused.

  $ nx-dtype quantize --scheme nvfp4 w.npy t
  $ nx-dtype convert --from int8 --to float32 in.i8 t.tensor_scale.npy
  $ nx-dtype dequantize --scheme nvfp4 t back.npy
  nx-dtype: t.tensor_scale.npy: the tensor scale is one float32 value, not 32 values (32,)
  [2]
  $ nx-dtype dequantize --scheme nvfp4 n back.npy
  $ nx-dtype dequantize --scheme mxfp4 n back.npy
  nx-dtype: n.scales.npy: shape (2,): the scales of n.elements.npy (shape (16,)) need shape (1,)
  [2]
  $ nx-dtype dequantize --scheme ggml_q4_0 g back.npy
  nx-dtype: g.blocks.npy: shape (34,): its last dimension, 34 bytes, is not a whole number of ggml_q4_0's blocks of 18 bytes
  [2]
  $ nx-dtype dequantize --scheme mxfp4 w back.npy
  nx-dtype: cannot read w.elements.npy: No such file or directory
  [2]
  $ nx-dtype dequantize --scheme ggml_q8_0 w.npy back.npy
  nx-dtype: cannot read w.npy.blocks.npy: No such file or directory
  [2]

A value a scheme cannot hold is named where numpy indexes it.

  $ printf '\000\000\300\177' > nan.f32
  $ for i in 1 2 3 4 5 6; do cat nan.f32 nan.f32 nan.f32 nan.f32 nan.f32 nan.f32 nan.f32 nan.f32 nan.f32 nan.f32 nan.f32; done > nans.f32
  $ head -c 256 nans.f32 > nan64.f32
  $ nx-dtype convert --from float32 nan64.f32 nan64.npy
  $ nx-dtype quantize --scheme ggml_nvfp4 nan64.npy x
  nx-dtype: nan64.npy: element (0,) is nan: ggml_nvfp4 has no scale for a block that holds it; x.blocks.npy was not created
  [2]

Elements saved as raw bytes are named with --from.

  $ nx-dtype convert --from int8 --to bfloat16 in.i8 b16.npy
  $ sed "s/'bfloat16'/'<V2'     /" b16.npy > b.npy
  $ head -c 30 b.npy | tail -c 20; echo
  {'descr': '<V2'     
  $ nx-dtype quantize --scheme mxfp4 b.npy x
  nx-dtype: b.npy: its elements "<V2" are raw bytes or of no dtype nx-dtype has: name their dtype with --from (bfloat16 for '<V2', as ml_dtypes writes it)
  [2]
  $ nx-dtype quantize --scheme mxfp4 --from bfloat16 b.npy x
  $ nx-dtype quantize --scheme mxfp4 --from float16 b.npy x
  nx-dtype: b.npy: its elements "<V2" are not float16 elements
  [2]

Options a scheme cannot take are the command line's errors.

  $ nx-dtype quantize --scheme nvfp4 --policy ceil w.npy x
  nx-dtype: --policy chooses E8M0 scales: nvfp4 has none
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme mxfp4 --tensor-scale 2 w.npy x
  nx-dtype: --tensor-scale is nvfp4's, not mxfp4's
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme nvfp4 --tensor-scale 1e-50 w.npy x
  nx-dtype: --tensor-scale: 0. (the number rounded to float32) is not a positive finite value
  Run 'nx-dtype --help' for usage.
  [2]

Into a dtype of fewer than 8 bits, the .npy file holds a byte an element,
as convert writes it.

  $ nx-dtype dequantize --scheme mxfp4 --to float4_e2m1fn q f4.npy
  $ nx-dtype dequantize --scheme mxfp4 q f32.npy
  $ nx-dtype convert --to float4_e2m1fn f32.npy f4b.npy
  $ cmp f4.npy f4b.npy

An option a command does not take, or one given twice, is refused.

  $ nx-dtype dequantize --scheme mxfp4 --only w q back.npy
  nx-dtype: dequantize takes no --only option
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme mxfp4 --to float16 w.npy x
  nx-dtype: quantize takes no --to option
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme mxfp4 --scheme nvfp4 w.npy x
  nx-dtype: --scheme is given twice
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --to float16 --to bfloat16 w.npy x.npy
  nx-dtype: --to is given twice
  Run 'nx-dtype --help' for usage.
  [2]
