Each number stored, with the value held, its bits, the errors, and whether
it overflowed or saturated.

  $ nx-dtype store float16 0.1 65519 65520 1e-8 -0 nan
      x   held  bits                 abs_error                rel_error  range   
    0.1    0.1  0x2e66  -2.441406250000555e-05   -0.0002441406250000555  -       
  65519  65500  0x7bff                     -15  -0.00022894122315664158  -       
  65520    inf  0x7c00                     inf                      inf  overflow
   1e-8      0  0x0000                  -1e-08                       -1  -       
     -0     -0  0x8000                       0                        0  -       
    nan    nan  0x7e00                     nan                      nan  -       

  $ nx-dtype store float8_e4m3fn 448 460 465 1e9 -inf
     x  held  bits   abs_error             rel_error  range    
   448   450  0x7e           0                     0  -        
   460   450  0x7e         -12  -0.02608695652173913  -        
   465   450  0x7e         -17  -0.03655913978494624  saturated
   1e9   450  0x7e  -999999552          -0.999999552  saturated
  -inf  -450  0xfe         inf                   nan  saturated

  $ nx-dtype store bfloat16 1.00390625000000001 0x1.0100000001p0
                    x  held  bits                abs_error               rel_error  range
  1.00390625000000001     1  0x3f80            -0.00390625  -0.0038910505836575876  -    
     0x1.0100000001p0  1.01  0x3f81  0.0039062499990905053   0.0038910505827481068  -    

  $ nx-dtype store uint8 -3.5 255.9 300 nan
      x  held  bits            abs_error               rel_error  range    
   -3.5     0  0x00                  3.5                       1  saturated
  255.9   255  0xff  -0.9000000000000057  -0.0035169988276670798  -        
    300   255  0xff                  -45                   -0.15  saturated
    nan     0  0x00                  nan                     nan  nan      

  $ nx-dtype store complex64 0.1
    x    held  bits                             abs_error               rel_error  range
  0.1  0.1+0i  0x000000003dcccccd  1.4901161138336505e-09  1.4901161138336505e-08  -    

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
