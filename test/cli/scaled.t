A float8 weight beside its scale (DeepSeek's weight_scale_inv): convert
--to refuses to cast it alone, writes nothing, and --plain-cast forces
the cast of the stored values.

  $ cp "$DUNE_SOURCEROOT"/test/cli/scaled/fp8_block.safetensors in.safetensors
  $ nx-dtype convert --to bfloat16 in.safetensors out.safetensors
  nx-dtype: in.safetensors: tensor "l.weight" is float8_e4m3fn with the scale tensor "l.weight_scale_inv": converting it alone gives wrong values; dequantize it to apply its scales (nx-dtype dequantize), or give --plain-cast to cast its stored values alone
  [2]
  $ ls out.safetensors
  ls: cannot access 'out.safetensors': No such file or directory
  [2]
  $ nx-dtype convert --plain-cast --to bfloat16 in.safetensors out.safetensors
  $ nx-dtype inspect out.safetensors | grep -c bfloat16
  3
