Every encoding of a small format, with its bits and its exact value.

  $ nx-dtype values float4_e2m1fn
  bits  value  exact
  0x0       0      0
  0x1     0.5    0.5
  0x2       1      1
  0x3     1.5    1.5
  0x4       2      2
  0x5       3      3
  0x6       4      4
  0x7       6      6
  0x8      -0     -0
  0x9    -0.5   -0.5
  0xa      -1     -1
  0xb    -1.5   -1.5
  0xc      -2     -2
  0xd      -3     -3
  0xe      -4     -4
  0xf      -6     -6

  $ nx-dtype values float8_e4m3fn | sed -n '1,3p;126,130p;255,257p'
  bits   value         exact
  0x00       0             0
  0x01   0.002   0.001953125
  0x7c     400           384
  0x7d     420           416
  0x7e     450           448
  0x7f     nan           nan
  0x80      -0            -0
  0xfd    -420          -416
  0xfe    -450          -448
  0xff     nan           nan

  $ nx-dtype values bfloat16 | wc -l
  65537

  $ nx-dtype values uint4 | tail -2
  0xe      14     14
  0xf      15     15

Wider formats have too many encodings.

  $ nx-dtype values float32
  nx-dtype: float32 has 32-bit encodings: values lists formats of at most 16 bits
  Run 'nx-dtype --help' for usage.
  [2]

  $ nx-dtype values
  nx-dtype: values takes one DTYPE
  Run 'nx-dtype --help' for usage.
  [2]
