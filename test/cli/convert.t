Converting raw files of elements.

  $ printf '\000\000\200\077\315\314\314\075\000\000\200\177' > in.f32
  $ nx-dtype convert --from float32 --to bfloat16 in.f32 out.bf16
  $ od -An -tx1 out.bf16
   80 3f cd 3d 80 7f
  $ nx-dtype convert --from bfloat16 --to float32 out.bf16 back.f32
  $ od -An -tx1 back.f32
   00 00 80 3f 00 00 cd 3d 00 00 80 7f
  $ nx-dtype convert --from float32 --to float16 --byte-order big in.f32 out.f16be
  $ od -An -tx1 out.f16be
   00 00 fc 00 00 00

Roundings and overflow policies.

  $ printf '\000\000\000\000\200\204\056\101' > big.f64
  $ nx-dtype convert --from float64 --to float8_e4m3fn big.f64 a.e4m3
  $ od -An -tx1 a.e4m3
   7e
  $ nx-dtype convert --from float64 --to float8_e4m3fn --overflow nan big.f64 b.e4m3
  $ od -An -tx1 b.e4m3
   7f
  $ nx-dtype convert --from float64 --to float16 --overflow raise big.f64 c.f16
  nx-dtype: Nx_array.cast: element 0 does not fit in float16 (float64) (in the chunk of elements from 0)
  Run 'nx-dtype --help' for usage.
  [2]
  $ test -e c.f16 || echo "nothing written"
  nothing written
  $ nx-dtype convert --from float32 --to int4 --rounding toward-zero in.f32 d.i4
  $ od -An -tx1 d.i4
   01 07

.npy files in and out.

  $ nx-dtype convert --from float32 --to float16 in.f32 out.npy
  $ head -c 70 out.npy | tail -c 60; echo
  {'descr': '<f2', 'fortran_order': False, 'shape': (3,), }   
  $ nx-dtype convert --from float16 --to float64 out.npy back.npy
  $ head -c 70 back.npy | tail -c 60; echo
  {'descr': '<f8', 'fortran_order': False, 'shape': (3,), }   
  $ nx-dtype convert --from float16 --to bfloat16 out.npy bf.npy
  $ head -c 70 bf.npy | tail -c 60; echo
  {'descr': '<V2', 'fortran_order': False, 'shape': (3,), }   

Errors give a message and exit code 2.

  $ printf 'abc' > odd.raw
  $ nx-dtype convert --from float16 --to float32 odd.raw x.raw
  nx-dtype: odd.raw: 3 bytes is not a multiple of the 2-byte float16 element
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float16 --to float32 missing.raw x.raw
  nx-dtype: cannot read missing.raw: No such file or directory
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float16 --to float32 odd.raw
  nx-dtype: convert needs an input and an output file
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --to float32 odd.raw x.raw
  nx-dtype: convert needs --from DTYPE
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float32 --to int4 in.f32 x.npy
  nx-dtype: int4 has no .npy form (numpy has no packed 4-bit type); use a raw file
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float32 --to float16 --rounding up in.f32 x.raw
  nx-dtype: unknown rounding "up" (nearest-even, nearest-away, toward-zero, toward-positive, toward-negative)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float32 --to int8 --overflow nan in.f32 x.raw
  nx-dtype: Nx_array.cast: overflow Nan: int8 has no NaN (in the chunk of elements from 0)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float64 --to float16 in.f32 x.npy 2>&1 | head -1
  nx-dtype: in.f32: 12 bytes is not a multiple of the 8-byte float64 element
