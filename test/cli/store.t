Each number stored, with the value held, its bits, the errors, and whether
it overflowed or saturated.

  $ nx-dtype store float16 0.1 65519 65520 1e-8 -0 nan
      x   held  bits          abs_error                rel_error  range
    0.1    0.1  0x2e66  -2.44140625e-05          -0.000244140625  -
  65519  65500  0x7bff              -15  -0.00022894122315664158  -
  65520    inf  0x7c00              inf                      inf  overflow
   1e-8      0  0x0000           -1e-08                       -1  -
     -0     -0  0x8000                0                        0  -
    nan    nan  0x7e00              nan                      nan  -

  $ nx-dtype store float8_e4m3fn 448 460 465 1e9 -inf
     x  held  bits   abs_error             rel_error  range
   448   450  0x7e           0                     0  -
   460   450  0x7e         -12  -0.02608695652173913  -
   465   450  0x7e         -17  -0.03655913978494624  saturated
   1e9   450  0x7e  -999999552          -0.999999552  saturated
  -inf  -450  0xfe         inf                   nan  saturated

  $ nx-dtype store bfloat16 1.00390625000000001 0x1.0100000001p0
                    x  held  bits                abs_error              rel_error  range
  1.00390625000000001  1.01  0x3f81    0.00390624999999999  0.0038910505836575776  -
     0x1.0100000001p0  1.01  0x3f81  0.0039062499990905053  0.0038910505827481068  -

  $ nx-dtype store uint8 -3.5 255.9 300 nan
      x  held  bits  abs_error               rel_error  range
   -3.5     0  0x00        3.5                       1  saturated
  255.9   255  0xff       -0.9  -0.0035169988276670576  -
    300   255  0xff        -45                   -0.15  saturated
    nan     0  0x00        nan                     nan  nan

  $ nx-dtype store complex64 0.1
    x    held  bits                             abs_error               rel_error  range
  0.1  0.1+0i  0x000000003dcccccd  1.4901161193847657e-09  1.4901161193847656e-08  -

The number is read exactly and rounded once, never through a double: a
decimal just past a tie stays past it, integers past 2^53 store exactly,
and the errors are the exact differences rounded once.

  $ nx-dtype store int64 9007199254740993 -9223372036854775808.9 1_000 0x1p62
                       x                  held  bits                abs_error             rel_error  range
        9007199254740993      9007199254740993  0x0020000000000001          0                     0  -
  -9223372036854775808.9  -9223372036854775808  0x8000000000000000        0.9  9.75781955236954e-20  -
                   1_000                  1000  0x00000000000003e8          0                     0  -
                  0x1p62   4611686018427387904  0x4000000000000000          0                     0  -

  $ nx-dtype store uint64 18446744073709551615 18446744073709551616 -0.5
                     x                  held  bits                abs_error               rel_error  range
  18446744073709551615  18446744073709551615  0xffffffffffffffff          0                       0  -
  18446744073709551616  18446744073709551615  0xffffffffffffffff         -1  -5.421010862427522e-20  saturated
                  -0.5                     0  0x0000000000000000        0.5                       1  -

  $ nx-dtype store float16 1.00048828125 1.00048828125000000001 2047.4999999850988
                       x   held  bits           abs_error                rel_error  range
           1.00048828125      1  0x3c00    -0.00048828125   -0.0004880429477794046  -
  1.00048828125000000001  1.001  0x3c01     0.00048828125    0.0004880429477794046  -
      2047.4999999850988   2047  0x67ff  -0.4999999850988  -0.00024420023692426805  -

  $ nx-dtype store float64 9007199254740993 9007199254740993.000000000000000000001 1e400 -1e-400
                                       x              held  bits                abs_error                rel_error  range
                        9007199254740993  9007199254740992  0x4340000000000000         -1  -1.1102230246251564e-16  -
  9007199254740993.000000000000000000001  9007199254740994  0x4340000000000001          1   1.1102230246251564e-16  -
                                   1e400               inf  0x7ff0000000000000        inf                      inf  overflow
                                 -1e-400                -0  0x8000000000000000          0                        1  -

Errors give a message and exit code 2.

  $ nx-dtype store float9 1
  nx-dtype: unknown dtype "float9" (one of: float64, float32, float16, bfloat16, float8_e4m3fn, float8_e5m2, float4_e2m1fn, int64, uint64, int32, uint32, int16, uint16, int8, uint8, int4, uint4, complex128, complex64, bool, bit)
  Run 'nx-dtype --help' for usage.
  [2]

  $ nx-dtype store float16 one
  nx-dtype: "one" is not a number
  Run 'nx-dtype --help' for usage.
  [2]

  $ nx-dtype frobnicate
  nx-dtype: unknown command "frobnicate"
  Run 'nx-dtype --help' for usage.
  [2]

A format without a NaN stores one as a number, and says so.

  $ nx-dtype store float4_e2m1fn nan 1
    x  held  bits  abs_error  rel_error  range
  nan     0  0x0         nan        nan  nan
    1     1  0x2           0          0  -
