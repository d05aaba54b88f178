Tensors of safetensors, .npy and .npz files: inspect lists them, convert
moves them between the formats, converting their float elements.

A safetensors file written by hand: float32 weights with a NaN and an
infinity, int64 ids, and metadata.

  $ st() { h=$2; while [ $((${#h} % 8)) != 0 ]; do h="$h "; done
  >   printf "\\$(printf %03o ${#h})\\000\\000\\000\\000\\000\\000\\000%s" "$h" > "$1"; }
  $ st model.safetensors '{"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},"ids":{"dtype":"I64","shape":[2],"data_offsets":[16,32]}}'
  $ printf '\000\000\200\077\000\000\300\177\000\000\200\377\315\314\314\075' >> model.safetensors
  $ printf '\007\000\000\000\000\000\000\000\371\377\377\377\377\377\377\377' >> model.safetensors
  $ nx-dtype inspect model.safetensors
  model.safetensors: safetensors, 2 tensors, metadata format="pt"
  name  dtype    shape   bytes
  w     float32  (2, 2)     16
  ids   int64    (2,)       16
  $ nx-dtype inspect --stats model.safetensors
  model.safetensors: safetensors, 2 tensors, metadata format="pt"
  name  dtype    shape   bytes   min  max  nan  inf
  w     float32  (2, 2)     16  -inf    1    1    1
  ids   int64    (2,)       16    -7    7    -    -

An output that names a descriptor of nx-dtype (/dev/stdout, /dev/fd/N,
/proc/self/fd/N) is written through it, where it is: after a shell's >>,
appended, the file not replaced.

  $ nx-dtype convert model.safetensors copy.safetensors
  $ for out in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
  >   printf 'prefix' > app.out
  >   nx-dtype convert --format safetensors model.safetensors $out >> app.out
  >   head -c 6 app.out; tail -c +7 app.out | cmp - copy.safetensors && echo " appended"
  >   printf 'prefix' > app.out
  >   nx-dtype convert --format npz model.safetensors $out >> app.out
  >   tail -c +7 app.out > app.npz; nx-dtype inspect app.npz | head -1
  > done
  prefix appended
  app.npz: .npz, 2 tensors
  prefix appended
  app.npz: .npz, 2 tensors
  prefix appended
  app.npz: .npz, 2 tensors

--to converts the float tensors, into any format; the others are kept.

  $ nx-dtype convert --to bfloat16 model.safetensors bf.safetensors
  $ nx-dtype inspect --stats bf.safetensors
  bf.safetensors: safetensors, 2 tensors, metadata format="pt"
  name  dtype     shape   bytes   min  max  nan  inf
  ids   int64     (2,)       16    -7    7    -    -
  w     bfloat16  (2, 2)      8  -inf    1    1    1
  $ nx-dtype convert --to float8_e4m3fn model.safetensors f8.npz
  $ nx-dtype inspect --stats f8.npz
  f8.npz: .npz, 2 tensors
  name  dtype          shape   bytes   min  max  nan  inf
  w     float8_e4m3fn  (2, 2)      4  -450    1    1    0
  ids   int64          (2,)       16    -7    7    -    -
  $ nx-dtype convert --compress f8.npz f8c.npz
  $ nx-dtype convert f8c.npz back.safetensors
  $ nx-dtype convert f8.npz back2.safetensors
  $ cmp back.safetensors back2.safetensors && echo same
  same
  $ nx-dtype convert --only '^w$' f8.npz w.npy
  $ head -c 70 w.npy | tail -c 60; echo
  {'descr': 'float8_e4m3fn', 'fortran_order': False, 'shape': 

--only takes POSIX extended regular expressions, matched anywhere in the
name as grep -E matches.

  $ nx-dtype convert --only '^(w|x)$' model.safetensors only.npz && nx-dtype inspect only.npz
  only.npz: .npz, 1 tensor
  name  dtype    shape   bytes
  w     float32  (2, 2)     16
  $ nx-dtype convert --only 'i.s' model.safetensors ids.npy && nx-dtype inspect ids.npy
  ids.npy: .npy, 1 tensor
  name  dtype  shape  bytes
  ids   int64  (2,)      16
  $ nx-dtype convert --only 'q' model.safetensors none.npz
  nx-dtype: model.safetensors: no tensor matches --only "q"
  [2]
  $ nx-dtype convert --only 'a{2}' model.safetensors none.npz
  nx-dtype: --only "a{2}": intervals ({m,n}) are not supported
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --only '(w' model.safetensors none.npz
  nx-dtype: --only "(w" is not a regular expression (unbalanced parentheses?)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert model.safetensors two.npy
  nx-dtype: two.npy: 2 tensors selected; a .npy file holds one (select it with --only, or write .npz or .safetensors)
  Run 'nx-dtype --help' for usage.
  [2]

A single array is converted whatever its kind; raw bytes saved by np.save
need their dtype named.

  $ nx-dtype convert --to float32 ids.npy ids32.npy && nx-dtype inspect --stats ids32.npy
  ids32.npy: .npy, 1 tensor
  name   dtype    shape  bytes  min  max  nan  inf
  ids32  float32  (2,)       8   -7    7    0    0
  $ printf '\223NUMPY\001\000v\000%-117s\n' "{'descr': '<V2', 'fortran_order': True, 'shape': (2, 1), }" > v2.npy
  $ printf '\200\077\000\300' >> v2.npy
  $ nx-dtype inspect v2.npy
  v2.npy: .npy, 1 tensor
  name  dtype  shape   bytes
  v2    <V2    (1, 2)      4
  $ nx-dtype convert v2.npy out.raw
  nx-dtype: v2.npy: its elements "<V2" are raw bytes or of no dtype nx-dtype has: name their dtype with --from DTYPE, or --from NAME=DTYPE for each (bfloat16 for '<V2', as ml_dtypes writes it)
  [2]
  $ nx-dtype convert --from bfloat16 v2.npy bf.npy && nx-dtype inspect --stats bf.npy
  bf.npy: .npy, 1 tensor
  name  dtype     shape   bytes  min  max  nan  inf
  bf    bfloat16  (1, 2)      4   -2    1    0    0
  $ head -c 70 bf.npy | tail -c 60; echo
  {'descr': 'bfloat16', 'fortran_order': True, 'shape': (2, 1)

Errors.

  $ nx-dtype inspect model.raw
  nx-dtype: inspect reads .safetensors, .npy, .npz and .gguf files, PyTorch checkpoints and checkpoint directories; model.raw is none
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype inspect
  nx-dtype: inspect takes one or more FILEs
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --to int4 model.safetensors x.safetensors
  nx-dtype: x.safetensors: int4 has no safetensors dtype (tensor "w")
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from float32 model.safetensors x.npz
  nx-dtype: model.safetensors: tensor "ids" is I64 (int64), not float32
  [2]
  $ nx-dtype convert --compress model.safetensors x.safetensors
  nx-dtype: --compress is for .npz outputs
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --format zip model.safetensors x
  nx-dtype: unknown format "zip" (safetensors, npy, npz, raw, checkpoint, gguf)
  Run 'nx-dtype --help' for usage.
  [2]

A member np.load cannot read is listed as such, and makes inspect fail;
the archive's other members are read.

  $ printf '\000\000\200\077\000\000\000\100' > two.f32
  $ nx-dtype convert --from float32 two.f32 a.npy
  $ nx-dtype convert --from float32 two.f32 b.npy
  $ nx-dtype convert --compress a.npy one.npz
  $ od -An -tu1 -j26 -N4 one.npz
     5   0  20   0
  $ cp one.npz broken.npz
  $ printf '\377' | dd of=broken.npz bs=1 seek=55 conv=notrunc 2> /dev/null
  $ nx-dtype inspect broken.npz one.npz
  broken.npz: .npz, 1 tensor
  name  dtype       shape  bytes
  a     unreadable  ()       136
  
  one.npz: .npz, 1 tensor
  name  dtype    shape  bytes
  a     float32  (2,)       8
  nx-dtype: broken.npz: member "a.npy": bad deflate stream: invalid block type
  [2]
  $ nx-dtype convert broken.npz out.npz
  nx-dtype: broken.npz: member "a.npy": bad deflate stream: invalid block type
  [2]

--no-map reads the input into memory instead of mapping it: the same
output.

  $ nx-dtype convert --to bfloat16 one.npz mapped.safetensors
  $ nx-dtype convert --no-map --to bfloat16 one.npz read.safetensors
  $ cmp mapped.safetensors read.safetensors
  $ nx-dtype inspect --no-map --stats read.safetensors
  read.safetensors: safetensors, 1 tensor
  name  dtype     shape  bytes  min  max  nan  inf
  a     bfloat16  (2,)       4    1    2    0    0

inspect --stats reads every member, of a dtype of its own or not, and
checks its CRC-32; a file or a member that cannot be read is an error
once the others are listed.

  $ cp "$DUNE_SOURCEROOT"/test/cli/mixed.npz crc.npz
  $ printf '\377' | dd of=crc.npz bs=1 seek=170 conv=notrunc 2> /dev/null
  $ nx-dtype inspect crc.npz
  crc.npz: .npz, 2 tensors
  name  dtype    shape  bytes
  w     <V2      (32,)     64
  b     float32  (16,)     64
  $ nx-dtype inspect --stats missing.npz crc.npz one.npz
  
  crc.npz: .npz, 2 tensors
  name  dtype    shape  bytes            min            max  nan  inf
  w     <V2      (32,)     64          error              -    -    -
  b     float32  (16,)     64  -4.780893e+28  1.5753047e+34    0    0
  
  one.npz: .npz, 1 tensor
  name  dtype    shape  bytes  min  max  nan  inf
  a     float32  (2,)       8    1    2    0    0
  nx-dtype: cannot read missing.npz: No such file or directory
  nx-dtype: crc.npz: member "w.npy": its bytes' CRC-32 is 4376fe91, the archive says 09154c65
  [2]

A name with a control character is printed quoted and escaped.

  $ { printf '\071\000\000\000\000\000\000\000'; printf '%s' '{"a\nb":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}'; printf '\000\000\200\077'; } > esc.safetensors
  $ nx-dtype inspect esc.safetensors
  esc.safetensors: safetensors, 1 tensor
  name    dtype    shape  bytes
  "a\nb"  float32  (1,)       4
