external bfloat16_bits : float -> int = "consumer_bfloat16_bits"

let () =
  let open Nx_array in
  let x = Dtype.of_float Dtype.Bfloat16 (1. +. 0x1p-8 +. 0x1p-40) in
  Format.printf "%a %a %#x@." Dtype.pp Dtype.Bfloat16 (Dtype.pp_value Dtype.Bfloat16) x
    (bfloat16_bits (1. +. 0x1p-8 +. 0x1p-40));
  if x <> 0x1.02p0 || bfloat16_bits 1. <> 0x3f80 then exit 1
