The default command prints the facts table of every dtype.

  $ nx-dtype
  code  name           bits  kind      exp  frac                epsilon               min_normal               max_finite                   min                   max
     0  float64          64  float      11    52  2.220446049250313e-16  2.2250738585072014e-308  1.7976931348623157e+308                  -inf                   inf
     1  float32          32  float       8    23          1.1920929e-07            1.1754944e-38            3.4028235e+38                  -inf                   inf
     2  float16          16  float       5    10               0.000977                6.104e-05                    65500                  -inf                   inf
     3  bfloat16         16  float       8     7                 0.0078                 1.18e-38                 3.39e+38                  -inf                   inf
     4  float8_e4m3fn     8  float       4     3                   0.13                    0.016                      450                  -450                   450
     5  float8_e5m2       8  float       5     2                   0.25                    6e-05                    60000                  -inf                   inf
     6  float4_e2m1fn     4  float       2     1                    0.5                        1                        6                    -6                     6
     7  int64            64  signed      -     -                      -                        -                        -  -9223372036854775808   9223372036854775807
     8  uint64           64  unsigned    -     -                      -                        -                        -                     0  18446744073709551615
     9  int32            32  signed      -     -                      -                        -                        -           -2147483648            2147483647
    10  uint32           32  unsigned    -     -                      -                        -                        -                     0            4294967295
    11  int16            16  signed      -     -                      -                        -                        -                -32768                 32767
    12  uint16           16  unsigned    -     -                      -                        -                        -                     0                 65535
    13  int8              8  signed      -     -                      -                        -                        -                  -128                   127
    14  uint8             8  unsigned    -     -                      -                        -                        -                     0                   255
    15  int4              4  signed      -     -                      -                        -                        -                    -8                     7
    16  uint4             4  unsigned    -     -                      -                        -                        -                     0                    15
    17  complex128      128  complex     -     -                      -                        -                        -                     -                     -
    18  complex64        64  complex     -     -                      -                        -                        -                     -                     -
    19  bool              8  boolean     -     -                      -                        -                        -                 false                  true
    20  bit               1  boolean     -     -                      -                        -                        -                 false                  true
