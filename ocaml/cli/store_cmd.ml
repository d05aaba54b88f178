(* nx-dtype store DTYPE X...: each number stored, with the value held, its
   bits, the errors, and whether it overflowed or saturated. *)

open Nx_array

let parse s =
  match float_of_string_opt s with
  | Some x -> x
  | None -> Cli_error.fail "%S is not a number" s

let g x = Format.asprintf "%a" (Dtype.pp_value Dtype.Float64) x

(* Whether a store of [x] holding [held] overflowed (a finite value became
   an infinity) or saturated (a value past the range, with the exponent
   unbounded above, became the largest finite value). *)
let float_range ff x held =
  let top_ulp = Float.ldexp ff.Dtype.epsilon (snd (Float.frexp ff.max_finite) - 1) in
  let past = Float.abs x > ff.max_finite +. (top_ulp /. 2.) in
  if Float.is_nan x then "-"
  else if Float.is_finite x && not (Float.is_finite held) then "overflow"
  else if Float.is_finite held && (past || not (Float.is_finite x))
  then "saturated"
  else "-"

let range : type v s. (v, s) Dtype.t -> float -> float -> string = fun dt x held ->
  match Dtype.kind dt with
  | Dtype.Float -> float_range (Dtype.float_format dt) x held
  | Dtype.Complex ->
      let ff =
        if Dtype.bits dt = 128 then Dtype.float_format Dtype.Float64
        else Dtype.float_format Dtype.Float32
      in
      float_range ff x held
  | Dtype.Signed | Dtype.Unsigned ->
      if Float.is_nan x then "nan"
      else if Float.trunc x <> held then "saturated"
      else "-"
  | Dtype.Boolean -> "-"

let run name xs =
  let (Dtype.Any dt) = Cli_error.dtype_of_name name in
  if xs = [] then Cli_error.fail "store: no number to store";
  let a = Nx_array.create dt [| 1 |] in
  let rows =
    List.map
      (fun s ->
        let x = parse s in
        let v = Dtype.of_float dt x in
        Nx_array.set a [| 0 |] v;
        (* The value held as a double, for the errors: exact but for
           integers of more than 53 bits. *)
        let held = Nx_array.get (Nx_array.cast Dtype.Float64 a) [| 0 |] in
        let bits =
          if Dtype.bits dt > 64 then Printf.sprintf "0x%016Lx" (Int64.bits_of_float held)
          else Printf.sprintf "0x%0*Lx" ((Dtype.bits dt + 3) / 4) (Nx_array.get_bits a [| 0 |])
        in
        let abs_err = held -. x in
        let rel_err = if x = 0. then 0. else abs_err /. Float.abs x in
        [ s; Format.asprintf "%a" (Dtype.pp_value dt) v; bits; g abs_err; g rel_err;
          range dt x held ])
      xs
  in
  Facts_cmd.print_table ~numeric:[ true; true; false; true; true; false ]
    ([ "x"; "held"; "bits"; "abs_error"; "rel_error"; "range" ] :: rows)
