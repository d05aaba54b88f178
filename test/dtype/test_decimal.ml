(* Dtype.pp_value against decimals.txt: Python's repr for float64, numpy's
   Dragon4 for float32 and every float16 (test/vectors/gen_decimals.py).
   float64 texts must be equal; numpy lays out float16 and float32 its own
   way, so for those the decimals' digits and exponents must be. *)

open Nx_array
open Check

(* [normalize s] is [s]'s decimal as (sign, digits, exponent): digits with
   no leading or trailing zeros, value = digits × 10^exponent. *)
let normalize s =
  let neg = String.length s > 0 && s.[0] = '-' in
  let s = if neg then String.sub s 1 (String.length s - 1) else s in
  let mant, exp =
    match String.index_opt s 'e' with
    | None -> s, 0
    | Some i ->
        String.sub s 0 i, int_of_string (String.sub s (i + 1) (String.length s - i - 1))
  in
  let int_part, frac =
    match String.index_opt mant '.' with
    | None -> mant, ""
    | Some i -> String.sub mant 0 i, String.sub mant (i + 1) (String.length mant - i - 1)
  in
  let digits = int_part ^ frac in
  let exp = ref (exp - String.length frac) in
  let d = ref digits in
  while String.length !d > 1 && !d.[String.length !d - 1] = '0' do
    d := String.sub !d 0 (String.length !d - 1);
    incr exp
  done;
  let i = ref 0 in
  while !i < String.length !d - 1 && !d.[!i] = '0' do incr i done;
  (neg, String.sub !d !i (String.length !d - !i), !exp)

let text dt x = Format.asprintf "%a" (Dtype.pp_value dt) x

let () =
  let ic = open_in "../vectors/decimals.txt" in
  let n = ref 0 in
  (try
     while true do
       match String.split_on_char ' ' (input_line ic) with
       | [ "float64"; b; t ] ->
           incr n;
           let x = Int64.float_of_bits (Int64.of_string ("0x" ^ b)) in
           let got = text Dtype.Float64 x in
           check (got = t) "float64 %s: %s, Python %s" b got t
       | [ "float32"; b; t ] ->
           incr n;
           let x = Int32.float_of_bits (Int32.of_string ("0x" ^ b)) in
           let got = text Dtype.Float32 x in
           check (normalize got = normalize t) "float32 %s: %s, numpy %s" b got t
       | [ "float16"; b; t ] ->
           incr n;
           let x = decode ~e:5 ~f:10 ~specials:`Ieee (int_of_string ("0x" ^ b)) in
           let got = text Dtype.Float16 x in
           check (normalize got = normalize t) "float16 %s: %s, numpy %s" b got t
       | _ -> ()
     done
   with End_of_file -> close_in ic);
  check (!n > 100_000) "vectors read: %d" !n;
  finish "test_decimal"
