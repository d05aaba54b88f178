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
  nx-dtype: big.f64: element (0,), 1000000, does not fit in float16 (--overflow raise); c.f16 was not created
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
  {'descr': 'bfloat16', 'fortran_order': False, 'shape': (3,),

Errors give a message and exit code 2.

  $ printf 'abc' > odd.raw
  $ nx-dtype convert --from float16 --to float32 odd.raw x.raw
  nx-dtype: odd.raw: 3 bytes is not a multiple of the 2-byte float16 element
  [2]
  $ nx-dtype convert --from float16 --to float32 missing.raw x.raw
  nx-dtype: cannot read missing.raw: No such file or directory
  [2]
  $ nx-dtype convert --from float16 --to float32 odd.raw
  nx-dtype: convert needs an input and an output file
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --to float32 odd.raw x.raw
  nx-dtype: convert needs --from DTYPE, the dtype of the raw file odd.raw
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float32 --to bfloat16 --byte-order big in.f32 x.npy
  nx-dtype: x.npy: --byte-order big: numpy reads bfloat16 ('<V2' or ml_dtypes' name) in the machine's order only
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float32 --to float16 --rounding up in.f32 x.raw
  nx-dtype: unknown rounding "up" (nearest-even, nearest-away, toward-zero, toward-positive, toward-negative)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float32 --to int8 --overflow nan in.f32 x.raw
  nx-dtype: --overflow nan: int8 has no NaN to store
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float64 --to float16 in.f32 x.npy 2>&1 | head -1
  nx-dtype: in.f32: 12 bytes is not a multiple of the 8-byte float64 element

The input is never written over, even through a link, and a conversion
that fails leaves an old output as it was, with no file beside it.

  $ nx-dtype convert --from float32 --to float16 in.f32 in.f32
  nx-dtype: in.f32 is the input file: nx-dtype does not write over its input
  [2]
  $ ln -s in.f32 link.f32
  $ nx-dtype convert --from float32 --to float16 in.f32 link.f32
  nx-dtype: link.f32 is the input file: nx-dtype does not write over its input
  [2]
  $ od -An -tx1 in.f32
   00 00 80 3f cd cc cc 3d 00 00 80 7f
  $ printf 'old\n' > old.f16
  $ nx-dtype convert --from float64 --to float16 --overflow raise big.f64 old.f16
  nx-dtype: big.f64: element (0,), 1000000, does not fit in float16 (--overflow raise); old.f16 is unchanged
  [2]
  $ cat old.f16
  old
  $ ls -A | grep nx-dtype-tmp || echo "no temporary file"
  no temporary file
  $ nx-dtype convert --from float32 --to bfloat16 --byte-order big in.f32 old.npy
  nx-dtype: old.npy: --byte-order big: numpy reads bfloat16 ('<V2' or ml_dtypes' name) in the machine's order only
  Run 'nx-dtype --help' for usage.
  [2]
  $ mkdir dir.f16
  $ nx-dtype convert --from float32 --to float16 in.f32 dir.f16
  nx-dtype: dir.f16 is a directory: to write a checkpoint into it, end its name with / or give --format checkpoint
  [2]

.npy headers are read as numpy reads them (the literal syntax of Python,
Python 2's L suffixes in versions 1.0 and 2.0), and refused as numpy
refuses them.

  $ npy() { printf '\223NUMPY\001\000v\000%-117s\n' "$1" > h.npy; cat in.f32 >> h.npy; }
  $ npy "{'shape': (0x3,), \"fortran_order\": False, 'descr': '<' 'f4', }"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw && od -An -tx1 out.raw
   00 00 80 3f cd cc cc 3d 00 00 80 7f
  $ npy "{'descr': '<f4', 'fortran_order': False, 'shape': (3L,)}  # Python 2"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw && od -An -tx1 out.raw
   00 00 80 3f cd cc cc 3d 00 00 80 7f
  $ rm out.raw
  $ npy "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw
  nx-dtype: h.npy: its shape has a negative dimension, -1
  [2]
  $ npy "{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387903, 3)}"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw
  nx-dtype: h.npy: its shape has more than 4611686018427387903 elements (zero dimensions left out)
  [2]
  $ npy "{'descr': '<f4', 'fortran_order': False, 'shape': (01,)}"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw
  nx-dtype: h.npy: its header is not a Python literal: a decimal literal with a leading zero
  [2]
  $ npy "{'descr': '<f4, 'fortran_order': False, 'shape': (3,)}"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw
  nx-dtype: h.npy: its header is not a Python literal: a missing ','
  [2]
  $ npy "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'extra': 1}"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw
  nx-dtype: h.npy: its header's keys are not exactly 'descr', 'fortran_order' and 'shape'
  [2]
  $ npy "{'descr': '<f4', 'fortran_order': False, 'shape': (4,)}"
  $ nx-dtype convert --from float32 --to float32 h.npy out.raw
  nx-dtype: h.npy: 4 elements of float32 need 16 bytes after the header, the file has 12
  [2]
  $ printf '\223NUMPY\001\001' > v.npy
  $ nx-dtype convert --from float32 --to float32 v.npy out.raw
  nx-dtype: v.npy: its format version is 1.1; numpy reads 1.0, 2.0 and 3.0
  [2]
  $ printf '\223NUMPY\002\000\377\377\377\177' > long.npy
  $ nx-dtype convert --from float32 --to float32 long.npy out.raw
  nx-dtype: long.npy: its header has 2147483647 bytes; numpy reads at most 10000 characters
  [2]
  $ test -e out.raw || echo "no output"
  no output

A refused element is named where numpy indexes it, in the tool's words.

  $ printf '\366\367\370\371\372\373\374\375' > e.i8
  $ nx-dtype convert --from int8 --to float32 e.i8 e.npy
  $ nx-dtype convert --to int4 --overflow raise e.npy e4.npy
  nx-dtype: e.npy: element (0,), -10, does not fit in int4 (--overflow raise); e4.npy was not created
  [2]
  $ nx-dtype convert --to bfloat16 --byte-order big e.npy eb.npy
  nx-dtype: eb.npy: --byte-order big: numpy reads bfloat16 ('<V2' or ml_dtypes' name) in the machine's order only
  Run 'nx-dtype --help' for usage.
  [2]
