(* nx-dtype store DTYPE X...: each number stored, with the value held, its
   bits, the errors, and whether it overflowed or saturated. The number is
   read exactly (Nx_array.store_string), never first rounded to a double. *)

open Nx_array

let g x = Format.asprintf "%a" (Dtype.pp_value Dtype.Float64) x

(* The range column: "nan" where a NaN has no encoding and became a
   number (an integer's 0, float4_e2m1fn's 0), "-" where it is held. *)
let range : type v s. (v, s) Dtype.t -> outcome -> string = fun dt outcome ->
  match Dtype.kind dt, outcome with
  | Dtype.Boolean, _ -> "-"
  | _, `Overflow -> "overflow"
  | _, `Saturated -> "saturated"
  | (Dtype.Signed | Dtype.Unsigned), `Nan -> "nan"
  | Dtype.Float, `Nan when not (Dtype.float_format dt).nans -> "nan"
  | _, (`Exact | `Rounded | `Nan) -> "-"

(* The encoding of a value of [dt]: a complex one's real part, as wide as
   its component. *)
let bits : type v s. (v, s) Dtype.t -> v -> string = fun dt v ->
  match dt with
  | Dtype.Complex128 -> Printf.sprintf "0x%016Lx" (Int64.bits_of_float v.Complex.re)
  | _ ->
      let a = Nx_array.create dt [| 1 |] in
      Nx_array.set a [| 0 |] v;
      Printf.sprintf "0x%0*Lx" ((Dtype.bits dt + 3) / 4) (Nx_array.get_bits a [| 0 |])

let run name xs =
  let (Dtype.Any dt) = Cli_error.dtype_of_name name in
  if xs = [] then Cli_error.fail "store: no number to store";
  let rows =
    List.map
      (fun s ->
        match Nx_array.store_string dt s with
        | None -> Cli_error.fail "%S is not a number" s
        | Some r ->
            [ s; Format.asprintf "%a" (Dtype.pp_value dt) r.value; bits dt r.value;
              g r.abs_error; g r.rel_error; range dt r.outcome ])
      xs
  in
  Facts_cmd.print_table ~numeric:[ true; true; false; true; true; false ]
    ([ "x"; "held"; "bits"; "abs_error"; "rel_error"; "range" ] :: rows)
