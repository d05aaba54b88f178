GGUF files (gguf-py's, from test/gguf) are inspected and their plain
tensors converted; split models are read and written.

  $ cp "$DUNE_SOURCEROOT"/test/gguf/*.gguf .
  $ nx-dtype inspect plain.gguf
  plain.gguf: GGUF, 9 tensors, version 3, 1 metadata key, general.architecture="test"
  key                   type    value
  general.architecture  string  "test"
  
  name    dtype     shape      bytes  bpw
  f32     float32   (3, 5)        60   32
  f16     float16   (2, 8)        32   16
  f64     float64   (7,)          56   64
  i8      int8      (4, 2)         8    8
  i16     int16     (3,)           6   16
  i32     int32     (2, 2, 2)     32   32
  i64     int64     (5,)          40   64
  scalar  float32   (1,)           4   32
  bf16    bfloat16  (2, 64)      256   16
  $ nx-dtype convert --to bfloat16 plain.gguf p.safetensors
  $ nx-dtype inspect p.safetensors | head -3
  p.safetensors: safetensors, 9 tensors
  name    dtype     shape      bytes
  i64     int64     (5,)          40

Block tensors are dequantized as gguf-py dequantizes them (Gguf.get_as),
a piece at a time, into float32 or the dtype asked for.

  $ nx-dtype inspect --stats blocks.gguf | sed -n '1p;/^name /,+2p'
  blocks.gguf: GGUF, 9 tensors, version 3, 1 metadata key, general.architecture="test"
  name     dtype    shape     bytes     bpw         min         max  nan  inf
  w.Q8_0   Q8_0     (4, 256)   1088     8.5  -162.59473  124.333496    0    0
  w.Q4_0   Q4_0     (4, 256)    576     4.5    -162.625    124.3125    0    0
  $ nx-dtype convert blocks.gguf b.npz
  $ nx-dtype inspect --stats b.npz | grep Q8_0
  w.Q8_0   float32  (4, 256)   4096  -162.59473  124.333496    0    0
  $ nx-dtype convert --only '^norm$' blocks.gguf n.npy

GGUF outputs keep each tensor as it is stored. A model split in shards
(--split-max-tensors, --split-max-size) is, byte for byte, what gguf-py's
GGUFWriter wrote in split mode from the same tensors (test/gguf's
tsplit and ssplit shards, which gen_files.py reads back with gguf-py's
GGUFReader as one model of the same tensors):

  $ mkdir o
  $ nx-dtype convert --split-max-tensors 4 plain.gguf o/tsplit.gguf
  $ ls o
  tsplit-00001-of-00003.gguf
  tsplit-00002-of-00003.gguf
  tsplit-00003-of-00003.gguf
  $ for f in o/*; do cmp $f $(basename $f); done
  $ nx-dtype convert --split-max-size 1500 blocks.gguf o/ssplit.gguf
  $ for f in o/ssplit-*; do cmp $f $(basename $f); done; ls o/ssplit-* | wc -l
  5

A split model is read from any of its shards, and merged into one file:
the first shard's metadata without the split keys, every tensor in
order (here plain.gguf again).

  $ nx-dtype inspect tsplit-00002-of-00003.gguf | sed -n '1p;/^name /,+1p'
  tsplit-00002-of-00003.gguf: GGUF, 9 tensors, 3 shards, version 3, 1 metadata key, general.architecture="test"
  name    dtype     shape      bytes  bpw
  f32     float32   (3, 5)        60   32
  $ nx-dtype convert tsplit-00003-of-00003.gguf merged.gguf
  $ cmp merged.gguf plain.gguf
  $ nx-dtype convert --split-max-tensors 100 plain.gguf one.gguf
  $ cmp one.gguf plain.gguf
  $ nx-dtype convert --only '^f' --split-max-tensors 1 fsplit-00001-of-00003.gguf o/f.gguf
  $ nx-dtype inspect o/f-00002-of-00003.gguf
  o/f-00002-of-00003.gguf: GGUF, 3 tensors, 3 shards, version 3, 20 metadata keys, general.architecture="test"
  key                   type       value
  general.architecture  string     "test"
  t.u8                  u8         200
  t.i8                  i8         -100
  t.u16                 u16        60000
  t.i16                 i16        -30000
  t.u32                 u32        4000000000
  t.i32                 i32        -2000000000
  t.u64                 u64        18446744073709551611
  t.i64                 i64        -4611686018427387904
  t.f32                 f32        0.1
  t.f64                 f64        0.1
  t.bool                bool       true
  t.string              string     "héllo, GGUF"
  t.empty               string     ""
  t.ints                i32[3]     [1, -2, 3]
  t.floats              f32[2]     [0.5, -1.25]
  t.strings             string[4]  ["a", "", "ünï", "tokens"]
  t.nested              array[2]   [[1, 2], [3]]
  t.nested_strings      array[2]   [["x", "y"], ["z"]]
  t.bools               bool[3]    [true, false, true]
  
  name  dtype    shape   bytes  bpw
  f32   float32  (3, 5)     60   32
  f16   float16  (2, 8)     32   16
  f64   float64  (7,)       56   64

The first shard of metadata alone: fsplit, which gguf-py wrote with
small_first_shard, split again from its second shard, is itself:

  $ nx-dtype convert --no-tensor-first-split --split-max-tensors 5 fsplit-00002-of-00003.gguf o/fsplit.gguf
  $ for f in o/fsplit-*; do cmp $f $(basename $f); done; ls o/fsplit-* | wc -l
  3
  $ nx-dtype convert --no-tensor-first-split plain.gguf x.gguf
  nx-dtype: --no-tensor-first-split is for a split: give --split-max-size or --split-max-tensors
  Run 'nx-dtype --help' for usage.
  [2]

A general.alignment other than 32 is said by every shard (gguf-py's
later shards lack it, and its reader then misreads them):

  $ nx-dtype convert --meta general.alignment:u32=64 --split-max-tensors 4 plain.gguf o/a.gguf
  $ nx-dtype convert --meta general.alignment:u32=64 plain.gguf a64.gguf
  $ nx-dtype convert o/a-00002-of-00003.gguf am.gguf
  $ cmp am.gguf a64.gguf
  $ nx-dtype inspect o/a-00003-of-00003.gguf | head -1
  o/a-00003-of-00003.gguf: GGUF, 9 tensors, 3 shards, version 3, 2 metadata keys, general.architecture="test"
  $ nx-dtype convert --meta general.alignment:u32=24 --split-max-tensors 4 plain.gguf o/b.gguf
  nx-dtype: o/b.gguf: general.alignment is not a u32 power of two of 8 or more
  [2]
  $ ls o/b*
  ls: cannot access 'o/b*': No such file or directory
  [2]

A safetensors file (or checkpoint) into GGUF, its tensors' names kept,
with metadata given by --meta KEY=VALUE (a string) or KEY:TYPE=VALUE: the
file gguf-py wrote of the same tensors and metadata (st.gguf).

  $ cp "$DUNE_SOURCEROOT"/test/gguf/st.safetensors .
  $ nx-dtype convert --meta general.architecture=test --meta general.name=tiny \
  >   --meta t.n:u32=7 --meta t.x:f32=0.5 --meta t.b:bool=true --meta t.big:i64=-1099511627776 \
  >   st.safetensors s.gguf
  $ cmp s.gguf st.gguf
  $ nx-dtype inspect s.gguf
  s.gguf: GGUF, 5 tensors, version 3, 6 metadata keys, general.architecture="test"
  key                   type    value
  general.architecture  string  "test"
  general.name          string  "tiny"
  t.n                   u32     7
  t.x                   f32     0.5
  t.b                   bool    true
  t.big                 i64     -1099511627776
  
  name   dtype    shape   bytes  bpw
  ids    int64    (2, 3)     48   64
  x.f64  float64  (2,)       16   64
  w.f32  float32  (3, 4)     48   32
  w.f16  float16  (8,)       16   16
  mask   int8     (5,)        5    8

--meta replaces a key of a GGUF input where it is, and adds the others:

  $ nx-dtype convert --meta general.architecture=llama --meta x:u8=1 plain.gguf m.gguf
  $ nx-dtype inspect m.gguf | head -1
  m.gguf: GGUF, 9 tensors, version 3, 2 metadata keys, general.architecture="llama"

Refused, with nothing written:

  $ nx-dtype convert --meta t.n:u8=256 st.safetensors x.gguf
  nx-dtype: --meta "t.n:u8=256": 256 is out of the range of u8
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta t.n:u16=-1 st.safetensors x.gguf
  nx-dtype: --meta "t.n:u16=-1": -1 is out of the range of u16
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta t.n:u64=18446744073709551616 st.safetensors x.gguf
  nx-dtype: --meta "t.n:u64=18446744073709551616": 18446744073709551616 is out of the range of u64
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta t.n:int=3 st.safetensors x.gguf
  nx-dtype: --meta "t.n:int=3": unknown type "int" (u8, i8, u16, i16, u32, i32, u64, i64, f32, f64, bool, str)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta t.b:bool=yes st.safetensors x.gguf
  nx-dtype: --meta "t.b:bool=yes": "yes" is not true or false
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta t.x:f32=0x1p3 st.safetensors x.gguf
  nx-dtype: --meta "t.x:f32=0x1p3": "0x1p3" is not a decimal number
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta t.x:f32=1e39 st.safetensors x.gguf
  nx-dtype: --meta "t.x:f32=1e39": 1e39 is out of the range of f32
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta t.x:f64=1e999 st.safetensors x.gguf
  nx-dtype: --meta "t.x:f64=1e999": 1e999 is out of the range of f64
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta novalue st.safetensors x.gguf
  nx-dtype: --meta "novalue" is not KEY=VALUE or KEY:TYPE=VALUE
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta a=1 --meta a=2 st.safetensors x.gguf
  nx-dtype: --meta a is given twice
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta split.count:u16=3 st.safetensors x.gguf
  nx-dtype: --meta split.count: the split keys are the writer's (--split-max-size, --split-max-tensors)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --meta a=1 st.safetensors x.npz
  nx-dtype: --meta, --split-max-size and --split-max-tensors are for GGUF outputs (.gguf)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --split-max-size 2T plain.gguf x.gguf
  nx-dtype: --split-max-size "2T" is not a size of a byte or more (2G, 500M, 100K, or bytes)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --split-max-tensors 0 plain.gguf x.gguf
  nx-dtype: --split-max-tensors "0" is not a count of 1 or more
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --to float16 plain.gguf x.gguf
  nx-dtype: x.gguf: a GGUF output keeps each tensor as it is stored (--to is for the other formats)
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert b.npz x.gguf
  nx-dtype: x.gguf: a GGUF output is written from a safetensors file, a checkpoint or GGUF, not .npz
  Run 'nx-dtype --help' for usage.
  [2]
  $ ls x.gguf
  ls: cannot access 'x.gguf': No such file or directory
  [2]

A shard that is an input, or a name a shard cannot take, writes no
shard; a model missing a shard is refused, naming it:

  $ nx-dtype convert --split-max-tensors 4 tsplit-00001-of-00003.gguf tsplit.gguf
  nx-dtype: tsplit-00001-of-00003.gguf is an input: write the shards elsewhere
  [2]
  $ mkdir d && mkdir d/t-00002-of-00003.gguf
  $ nx-dtype convert --split-max-tensors 4 plain.gguf d/t.gguf
  nx-dtype: d/t-00002-of-00003.gguf: a directory, where a shard is to be written; no shard is written
  [2]
  $ ls d
  t-00002-of-00003.gguf
  $ rm tsplit-00002-of-00003.gguf
  $ nx-dtype inspect tsplit-00001-of-00003.gguf
  nx-dtype: tsplit-00002-of-00003.gguf: No such file or directory (shard 2 of 3 of tsplit-00001-of-00003.gguf)
  [2]
  $ ls -a | grep tmp
  [1]

doc/cli.md's example, on st.safetensors's five tensors:

  $ cp st.safetensors model.safetensors && mkdir split
  $ nx-dtype convert --meta general.architecture=llama --meta llama.block_count:u32=2 model.safetensors model.gguf
  $ nx-dtype convert --split-max-tensors 2 model.gguf split/model.gguf
  $ nx-dtype convert split/model-00002-of-00003.gguf merged.gguf
  $ cmp merged.gguf model.gguf
