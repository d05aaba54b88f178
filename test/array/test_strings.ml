(* Numbers written out (value_of_string, store_string): held to
   test/vectors/strings.txt, Python's exact fractions' verdicts on
   thousands of decimals (ties of every float format ±1 in the last digit
   and past the digits a store reads, integers around 2^53, 2^63, 2^64 and
   every integer dtype's bounds); to Dtype.of_float on strings that write
   a double exactly; and to float_of_string's syntax. *)

open Nx_array
open Check

(* The encoding of the value [v] of [dt], a complex one's real part. *)
let bits_of_value : type v s. (v, s) Dtype.t -> v -> int64 = fun dt v ->
  match dt with
  | Dtype.Complex128 -> Int64.bits_of_float v.Complex.re
  | Dtype.Complex64 -> Int64.(logand (of_int32 (Int32.bits_of_float v.Complex.re)) 0xffff_ffffL)
  | _ ->
      let a = create dt [| 1 |] in
      set a [| 0 |] v;
      get_bits a [| 0 |]

let outcome_name = function
  | `Exact -> "exact" | `Rounded -> "rounded" | `Overflow -> "overflow"
  | `Saturated -> "saturated" | `Nan -> "nan"

let pp_bits ppf b = Format.fprintf ppf "%Lx" b

let test_vectors () =
  let ic = open_in "../vectors/strings.txt" in
  let lines = ref 0 in
  (try
     while true do
       let line = input_line ic in
       if line <> "" && line.[0] <> '#' then begin
         incr lines;
         match String.split_on_char ' ' line with
         | [ name; s; bits; outcome; abs; rel ] -> (
             let (Dtype.Any dt) = Option.get (Dtype.of_name name) in
             let what = Printf.sprintf "%s %s" name (if String.length s > 60 then String.sub s 0 60 ^ "..." else s) in
             match store_string dt s, value_of_string dt s with
             | Some r, Some v ->
                 let want = Int64.of_string ("0x" ^ bits) in
                 eq ~pp:pp_bits (what ^ ": bits") want (bits_of_value dt r.value);
                 eq ~pp:pp_bits (what ^ ": value_of_string") want (bits_of_value dt v);
                 eq ~pp:Format.pp_print_string (what ^ ": outcome") outcome
                   (outcome_name r.outcome);
                 let hex s = Int64.float_of_bits (Int64.of_string ("0x" ^ s)) in
                 (* A NaN's sign is unspecified. *)
                 let equal a b = same_float a b || (Float.is_nan a && Float.is_nan b) in
                 eq ~equal ~pp:pp_hex (what ^ ": abs_error") (hex abs) r.abs_error;
                 eq ~equal ~pp:pp_hex (what ^ ": rel_error") (hex rel) r.rel_error
             | _ -> check false "%s: not read" what)
         | _ -> check false "malformed line %S" line
       end
     done
   with End_of_file -> close_in ic);
  check (!lines > 20_000) "strings.txt: %d lines" !lines

(* A string that writes a double exactly stores as the double does (a NaN
   has no written payload). *)
let test_doubles () =
  let rng = Random.State.make [| 2026; 6 |] in
  for _ = 1 to 4000 do
    let x = Int64.float_of_bits (Random.State.int64 rng Int64.max_int) in
    let x = if Random.State.bool rng then -.x else x in
    let x = if Random.State.bool rng then Float.ldexp x (-(Random.State.int rng 1100)) else x in
    let x = if Random.State.int rng 4 = 0 then Float.round (Float.ldexp x (- Random.State.int rng 1000)) else x in
    let s = Printf.sprintf "%h" x in
    if not (Float.is_nan x) then
    List.iter
      (fun (Dtype.Any dt) ->
        match value_of_string dt s with
        | None -> check false "%s: not read" s
        | Some v ->
            eq ~pp:pp_bits (Printf.sprintf "%s into %s" s (Dtype.name dt))
              (bits_of_value dt (Dtype.of_float dt x)) (bits_of_value dt v))
      Dtype.all
  done

(* What is a number is what float_of_string reads. *)
let test_syntax () =
  let fixed =
    [ "1"; " 1.5"; "1.5 "; "\t2"; "_1"; "1_"; "1e_5"; "1._5"; "0x_1p3"; "0x1.8"; "0x.8p1";
      "0x1p"; "0xp1"; "0x1.p1"; "nan"; "NaN"; "-nan"; "+nan"; "nan(123)"; "nan()"; "nan(-)";
      "nan("; "inf"; "INF"; "Infinity"; "-infinity"; "+inf"; ".5"; "5."; "."; "e5"; "1e";
      "1e+"; "+.5"; "--1"; "0X1P3"; "1E5"; "0x1e3"; "1.5e3.2"; "0b101"; "0o17"; "1d5";
      "infinit"; "nanx"; "_"; ""; "1 "; "0x"; "-_1"; "- 1"; "0x.p1"; ".e5"; "\0111";
      "1e99999999999999999999999"; "+-1"; "0x1p+"; "0x+1"; "1.2.3"; "\xef\xbc\x91" ]
  in
  let alphabet = "0123456789.eEpPxX+-_ naifN()" in
  let rng = Random.State.make [| 2026; 7 |] in
  let random () =
    String.init (1 + Random.State.int rng 8) (fun _ ->
        alphabet.[Random.State.int rng (String.length alphabet)])
  in
  List.iter
    (fun s ->
      let want = Option.is_some (float_of_string_opt s) in
      let got = Option.is_some (value_of_string Dtype.Float64 s) in
      check (want = got) "%S: float_of_string reads it: %b, value_of_string: %b" s want got;
      match float_of_string_opt s, value_of_string Dtype.Float64 s with
      | Some x, Some y when not (Float.is_nan x) ->
          eq ~equal:same_float ~pp:pp_hex (Printf.sprintf "%S: the double" s) x y
      | _ -> ())
    (fixed @ List.init 20_000 (fun _ -> random ()))

let test_errors () =
  check (store_string Dtype.Float16 "x" = None) "store_string of no number";
  match store_string Dtype.Uint64 "18446744073709551616.5" with
  | Some r ->
      check (r.value = -1L && r.outcome = `Saturated) "uint64 past 2^64";
      eq ~equal:same_float ~pp:pp_hex "uint64 past 2^64: abs_error" (-1.5) r.abs_error
  | None -> check false "uint64 past 2^64: not read"

let () =
  test_vectors ();
  test_doubles ();
  test_syntax ();
  test_errors ();
  finish "test_strings"
