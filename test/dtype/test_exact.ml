(* Dtype.exact for all 441 pairs: against the rules, restated here per
   class of dtype, and by brute force wherever the source is small enough
   to enumerate. *)

open Nx_array
open Check

(* Every value of a dtype of at most 16 bits, as floats. *)
let values : type v s. (v, s) Dtype.t -> float list option = fun dt ->
  let floats ~e ~f ~specials =
    Some (List.init (1 lsl (1 + e + f)) (decode ~e ~f ~specials))
  in
  let range lo hi = Some (List.init (hi - lo + 1) (fun i -> float (lo + i))) in
  match dt with
  | Dtype.Float16 -> floats ~e:5 ~f:10 ~specials:`Ieee
  | Bfloat16 -> floats ~e:8 ~f:7 ~specials:`Ieee
  | Float8_e4m3fn -> floats ~e:4 ~f:3 ~specials:`Fn
  | Float8_e5m2 -> floats ~e:5 ~f:2 ~specials:`Ieee
  | Float4_e2m1fn -> floats ~e:2 ~f:1 ~specials:`None
  | Int16 -> range (-32768) 32767 | Uint16 -> range 0 65535
  | Int8 -> range (-128) 127 | Uint8 -> range 0 255
  | Int4 -> range (-8) 7 | Uint4 -> range 0 15
  | Bool -> range 0 1 | Bit -> range 0 1
  | _ -> None

(* Values that witness inexactness from a large dtype, if any does. *)
let witnesses : type v s. (v, s) Dtype.t -> float list = fun dt ->
  let p2 = List.init 80 (fun i -> Float.ldexp 1. i) in
  let odd_ints = List.map (fun p -> p +. 1.) p2 @ List.map (fun p -> -. p -. 1.) p2 in
  let floats =
    [ 0.1; -0.1; 1e-300; 5e-324; 1e-40; 1e-45; Float.max_float; 3.4e38; 1e39;
      infinity; neg_infinity; nan; 0.5; 1. +. epsilon_float; 1. +. 0x1p-23 ]
  in
  match dt with
  | Dtype.Int64 -> List.filter (fun x -> Float.abs x < 0x1p63) odd_ints @ [ -0x1p63 ]
  | Uint64 -> List.filter (fun x -> x > 0. && x < 0x1p64) odd_ints
  | Int32 -> List.filter (fun x -> Float.abs x < 0x1p31) odd_ints @ [ -0x1p31 ]
  | Uint32 -> List.filter (fun x -> x > 0. && x < 0x1p32) odd_ints
  | Float64 | Complex128 -> floats
  | Float32 | Complex64 -> List.map (Dtype.of_float Dtype.Float32) floats
  | _ -> []

(* Whether a store of x (a value of the source) into b gives the same
   number, the same infinity or a NaN. *)
let same_in : type w r. (w, r) Dtype.t -> float -> bool = fun b x ->
  let same y = (Float.is_nan x && Float.is_nan y) || same_float x y in
  let int_same y = Float.is_integer x && y = x in
  match b with
  | Dtype.Float64 -> same (Dtype.of_float b x)
  | Float32 -> same (Dtype.of_float b x)
  | Float16 -> same (Dtype.of_float b x)
  | Bfloat16 -> same (Dtype.of_float b x)
  | Float8_e4m3fn -> same (Dtype.of_float b x)
  | Float8_e5m2 -> same (Dtype.of_float b x)
  | Float4_e2m1fn -> same (Dtype.of_float b x)
  | Complex128 -> same (Dtype.of_float b x).re
  | Complex64 -> same (Dtype.of_float b x).re
  | Int64 -> int_same (Int64.to_float (Dtype.of_float b x))
  | Uint64 ->
      let y = Dtype.of_float b x in
      int_same (if Int64.compare y 0L < 0 then Int64.to_float y +. 0x1p64 else Int64.to_float y)
  | Int32 -> int_same (Int32.to_float (Dtype.of_float b x))
  | Uint32 ->
      int_same (Int64.to_float (Int64.logand (Int64.of_int32 (Dtype.of_float b x)) 0xffffffffL))
  | Int16 -> int_same (float (Dtype.of_float b x))
  | Uint16 -> int_same (float (Dtype.of_float b x))
  | Int8 -> int_same (float (Dtype.of_float b x))
  | Uint8 -> int_same (float (Dtype.of_float b x))
  | Int4 -> int_same (float (Dtype.of_float b x))
  | Uint4 -> int_same (float (Dtype.of_float b x))
  | Bool -> x = 0. || x = 1.
  | Bit -> x = 0. || x = 1.

(* The rules, restated by class: a boolean; a signed or unsigned integer
   of some bits; a float of some format; a complex of some format. *)
type cls = B | I of bool * int | F of Dtype.float_format | C of Dtype.float_format

let cls : type v s. (v, s) Dtype.t -> cls = fun dt -> match dt with
  | Dtype.Float64 -> F (Dtype.float_format dt) | Float32 -> F (Dtype.float_format dt)
  | Float16 -> F (Dtype.float_format dt) | Bfloat16 -> F (Dtype.float_format dt)
  | Float8_e4m3fn -> F (Dtype.float_format dt) | Float8_e5m2 -> F (Dtype.float_format dt)
  | Float4_e2m1fn -> F (Dtype.float_format dt)
  | Complex128 -> C (Dtype.float_format Dtype.Float64)
  | Complex64 -> C (Dtype.float_format Dtype.Float32)
  | Bool -> B | Bit -> B
  | Int64 -> I (true, 64) | Int32 -> I (true, 32) | Int16 -> I (true, 16)
  | Int8 -> I (true, 8) | Int4 -> I (true, 4)
  | Uint64 -> I (false, 64) | Uint32 -> I (false, 32) | Uint16 -> I (false, 16)
  | Uint8 -> I (false, 8) | Uint4 -> I (false, 4)

let rec rule a b = match a, b with
  | B, _ -> true
  | _, B -> false
  | C fa, C fb -> rule (F fa) (F fb)
  | C _, _ -> false
  | (I _ | F _), C fb -> rule a (F fb)
  | I (sa, ba), I (sb, bb) ->
      (* Compare the ranges themselves, in exact integer arithmetic on
         widths: [lo, hi] of each. *)
      let lo s b = if s then -. Float.ldexp 1. (b - 1) else 0. in
      let hi s b = if s then Float.ldexp 1. (b - 1) -. 1. else Float.ldexp 1. b -. 1. in
      lo sb bb <= lo sa ba && hi sa ba <= hi sb bb
  | I (s, bits), F f ->
      let m = if s then Float.ldexp 1. (bits - 1) else Float.ldexp 1. bits -. 1. in
      m <= Float.ldexp 1. (f.fraction_bits + 1) && m <= f.max_finite
  | F _, I _ -> false
  | F fa, F fb ->
      fb.fraction_bits >= fa.fraction_bits && fb.max_finite >= fa.max_finite
      && fb.min_normal *. fb.epsilon <= fa.min_normal *. fa.epsilon
      && (fb.infinities || not fa.infinities) && (fb.nans || not fa.nans)

let run () =
  let pairs = ref 0 and trues = ref 0 in
  List.iter
    (fun (Dtype.Any a) ->
      let vals = values a in
      List.iter
        (fun (Dtype.Any b) ->
          incr pairs;
          let got = Dtype.exact a b in
          if got then incr trues;
          let na = Dtype.name a and nb = Dtype.name b in
          check (got = rule (cls a) (cls b)) "exact %s %s: rule" na nb;
          match vals with
          | Some xs -> check (got = List.for_all (same_in b) xs) "exact %s %s: brute force" na nb
          | None ->
              let w = List.filter (fun x -> not (same_in b x)) (witnesses a) in
              check (not got || w = []) "exact %s %s: witness %g" na nb
                (match w with x :: _ -> x | [] -> 0.))
        Dtype.all)
    Dtype.all;
  check (!pairs = 441) "441 pairs";
  (* Spot truths from the documentation and the formats' sizes. *)
  List.iter
    (fun (Dtype.Any a, Dtype.Any b, e) ->
      check (Dtype.exact a b = e) "exact %s %s = %b" (Dtype.name a) (Dtype.name b) e)
    [ Any Dtype.Float32, Any Dtype.Float64, true;
      Any Dtype.Float32, Any Dtype.Complex64, true;
      Any Dtype.Float64, Any Dtype.Complex64, false;
      Any Dtype.Complex64, Any Dtype.Complex128, true;
      Any Dtype.Complex128, Any Dtype.Float64, false;
      Any Dtype.Uint32, Any Dtype.Float64, true;
      Any Dtype.Uint32, Any Dtype.Int64, true;
      Any Dtype.Uint64, Any Dtype.Float64, false;
      Any Dtype.Int32, Any Dtype.Float32, false;
      Any Dtype.Int16, Any Dtype.Complex64, true;
      Any Dtype.Float4_e2m1fn, Any Dtype.Float8_e4m3fn, true;
      Any Dtype.Float8_e4m3fn, Any Dtype.Float8_e5m2, false;
      Any Dtype.Bit, Any Dtype.Float4_e2m1fn, true;
      Any Dtype.Int8, Any Dtype.Bool, false ]
