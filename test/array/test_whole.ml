(* to_array and of_array of the float dtypes go through the bulk kernels
   (float64 storage in a flat float array); they must give, bit for bit,
   what get and set give element by element:
   - to_array: every encoding of every float dtype of 16 bits or less, and
     float32, float64 patterns (NaN payloads, signalling NaNs, subnormals);
   - of_array: doubles at and around every rounding boundary of those
     dtypes, NaNs with payloads, infinities, zeros, out of range. *)

open Nx_array
open Check

let rng = Random.State.make [| 2026; 12; 1 |]

let encodings (type s) (dt : (float, s) Dtype.t) =
  let bits = Dtype.bits dt in
  let n = 1 lsl min bits 16 in
  let bytes = Dtype.bytes dt n in
  if bits <= 16 then
    (* Every encoding, in order: for 4 bits, two to a byte. *)
    String.init bytes (fun k ->
        if bits = 4 then Char.chr (((2 * k) land 15) lor ((((2 * k) + 1) land 15) lsl 4))
        else if bits = 8 then Char.chr k
        else Char.chr (if k land 1 = 0 then (k / 2) land 0xff else (k / 2) lsr 8))
  else
    (* Random bits, then special patterns written over the first ones. *)
    String.init bytes (fun _ -> Char.chr (Random.State.int rng 256))

let specials32 = [ 0x7f800001l; 0x7fbfffffl; 0xff800001l; 0x7fc00000l; 0xffc00001l; 0x00000001l;
                   0x807fffffl; 0x7f7fffffl; 0x80000000l; 0x7f800000l ]
let specials64 = [ 0x7ff0000000000001L; 0x7ff7ffffffffffffL; 0xfff8000000000001L; 1L;
                   0x800fffffffffffffL; 0x7fefffffffffffffL; Int64.min_int; 0x7ff0000000000000L ]

let with_specials (type s) (dt : (float, s) Dtype.t) a =
  (match dt with
   | Dtype.Float32 -> List.iteri (fun i b -> set_bits a [| i |] (Int64.logand (Int64.of_int32 b) 0xffffffffL)) specials32
   | Dtype.Float64 -> List.iteri (fun i b -> set_bits a [| i |] b) specials64
   | _ -> ());
  a

let test_to_array (type s) (dt : (float, s) Dtype.t) =
  let s = encodings dt in
  let n = String.length s * 8 / Dtype.bits dt in
  let a = with_specials dt (of_string dt [| n |] s) in
  let got = to_array a in
  let want = Array.init n (fun i -> get a [| i |]) in
  let bad = ref 0 in
  Array.iteri (fun i w -> if not (same_float w got.(i)) then incr bad) want;
  check (!bad = 0 && Array.length got = n) "to_array %s: %d of %d elements differ from get" (Dtype.name dt) !bad n

(* Doubles around the boundaries of every float dtype: each of its values
   and the midpoints between neighbours, and one ulp of a double either
   side of them; beyond its range; NaNs and random doubles. *)
let inputs () =
  let xs = ref [] in
  let add x = xs := x :: Float.pred x :: Float.succ x :: !xs in
  List.iter
    (fun (Dtype.Any dt) ->
      match Dtype.kind dt with
      | Dtype.Float when Dtype.bits dt <= 16 ->
          let n = 1 lsl Dtype.bits dt in
          let vals = to_array (cast Dtype.Float64 (of_string dt [| n |] (encodings dt))) in
          let vals = List.sort_uniq compare (List.filter Float.is_finite (Array.to_list vals)) in
          let rec mids = function
            | a :: (b :: _ as rest) -> add a; add ((a +. b) /. 2.); mids rest
            | [ a ] -> add a; add (a *. 2.); add (a *. 1.5)
            | [] -> ()
          in
          mids vals
      | _ -> ())
    Dtype.all;
  List.iter (fun b -> xs := Int64.float_of_bits b :: !xs) specials64;
  xs := [ 0x1p-149; 0x1p-126; 0x1.fffffep127; 0x1.ffffffp127; 1e300; 1e-300; 0x1p-1074 ] @ !xs;
  for _ = 1 to 20_000 do
    xs := Int64.float_of_bits (Random.State.bits64 rng) :: !xs
  done;
  Array.of_list !xs

let test_of_array (type s) xs (dt : (float, s) Dtype.t) =
  let n = Array.length xs in
  let got = of_array dt [| n |] xs in
  let want = create dt [| n |] in
  Array.iteri (fun i x -> set want [| i |] x) xs;
  let bad = ref 0 in
  for i = 0 to n - 1 do
    if get_bits got [| i |] <> get_bits want [| i |] then incr bad
  done;
  check (!bad = 0) "of_array %s: %d of %d elements differ from set" (Dtype.name dt) !bad n

let () =
  let xs = inputs () in
  List.iter
    (fun (Dtype.Any dt) ->
      match Dtype.kind dt with
      | Dtype.Float -> test_to_array dt; test_of_array xs dt
      | _ -> ())
    Dtype.all;
  (* Empty arrays, and a float array of one element. *)
  check (to_array (create Dtype.Bfloat16 [| 0 |]) = [||]) "to_array of nothing";
  check (equal (of_array Dtype.Float16 [| 0 |] [||]) (create Dtype.Float16 [| 0 |])) "of_array of nothing";
  check (to_array (of_array Dtype.Float8_e4m3fn [| 1 |] [| 1000. |]) = [| 448. |]) "of_array saturates";
  finish "test_whole"
