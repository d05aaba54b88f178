open Nx_array
let () =
  let p dt x = Format.printf "%s %a@." (Dtype.name dt) (Dtype.pp_value dt) (Dtype.of_float dt x) in
  p Dtype.Float16 0.1; p Dtype.Float32 0.1; p Dtype.Float8_e4m3fn 1000.; p Dtype.Bfloat16 1.59e29;
  p Dtype.Uint32 4294967295.; p Dtype.Complex64 0.5; p Dtype.Int4 (-100.);
  Format.printf "%h@." (Dtype.of_float Dtype.Float16 0.1)
