(* Nx_array: every (source, destination) pair of the conversion rule against
   a reference written here, roundings, overflow policies, packing, byte
   orders, views, errors and domains. *)

open Nx_array
open Check

let rng = Random.State.make [| 20261130 |]

(* {1 The reference} *)

(* An element's exact value: a float, an integer as a sign and an unsigned
   64-bit magnitude, or a complex number. *)
type value = F of float | I of bool * int64 | C of float * float

let of_int64 v = if Int64.compare v 0L < 0 then I (true, Int64.neg v) else I (false, v)
let of_uint64 v = I (false, v)

let value_of : type v s. (v, s) Dtype.t -> v -> value = fun dt x ->
  match dt with
  | Dtype.Float64 -> F x | Float32 -> F x | Float16 -> F x | Bfloat16 -> F x
  | Float8_e4m3fn -> F x | Float8_e5m2 -> F x | Float4_e2m1fn -> F x
  | Int64 -> of_int64 x | Uint64 -> of_uint64 x
  | Int32 -> of_int64 (Int64.of_int32 x)
  | Uint32 -> of_uint64 (Int64.logand (Int64.of_int32 x) 0xffffffffL)
  | Int16 -> of_int64 (Int64.of_int x) | Uint16 -> of_int64 (Int64.of_int x)
  | Int8 -> of_int64 (Int64.of_int x) | Uint8 -> of_int64 (Int64.of_int x)
  | Int4 -> of_int64 (Int64.of_int x) | Uint4 -> of_int64 (Int64.of_int x)
  | Complex128 -> C (x.re, x.im) | Complex64 -> C (x.re, x.im)
  | Bool -> I (false, if x then 1L else 0L)
  | Bit -> I (false, if x then 1L else 0L)

(* An unsigned magnitude rounded to 53 bits, to nearest even or to odd,
   as a float: exact integer arithmetic, apart from the library. *)
let round53 ~odd m =
  let bits = 64 - (if Int64.compare m 0L = 0 then 64 else
                     let rec lz i = if Int64.compare (Int64.shift_right_logical m (63 - i)) 0L <> 0 then i else lz (i + 1) in lz 0) in
  if bits <= 53 then Int64.to_float m
  else
    let drop = bits - 53 in
    let kept = Int64.shift_right_logical m drop in
    let rem = Int64.logand m (Int64.sub (Int64.shift_left 1L drop) 1L) in
    let half = Int64.shift_left 1L (drop - 1) in
    let kept =
      if odd then (if Int64.compare rem 0L <> 0 then Int64.logor kept 1L else kept)
      else
        let c = Int64.unsigned_compare rem half in
        if c > 0 || (c = 0 && Int64.logand kept 1L = 1L) then Int64.add kept 1L else kept
    in
    Float.ldexp (Int64.to_float kept) drop

let int_float ~odd (neg, m) = let f = round53 ~odd m in if neg then -. f else f

(* The value of [v] stored into a float dtype, rounding once. A float64
   holds 53 bits, so an integer rounds to nearest even there; for the
   narrower formats an integer rounded to odd at 53 bits then stored rounds
   as the integer itself would (two extra bits suffice). *)
let store_float : type s. (float, s) Dtype.t -> value -> float = fun dt v ->
  match v with
  | F x | C (x, _) -> Dtype.of_float dt x
  | I (neg, m) -> (
      match dt with
      | Dtype.Float64 -> int_float ~odd:false (neg, m)
      | _ -> Dtype.of_float dt (int_float ~odd:true (neg, m)))

(* An integer store: truncate toward zero and saturate, NaN as 0; the
   result as (negative, magnitude). [lo] and [hi] are the range's bounds,
   as (negative, magnitude). *)
let cmp_signed (na, a) (nb, b) =
  match na, nb with
  | false, true -> if Int64.equal a 0L && Int64.equal b 0L then 0 else 1
  | true, false -> if Int64.equal a 0L && Int64.equal b 0L then 0 else -1
  | false, false -> Int64.unsigned_compare a b
  | true, true -> Int64.unsigned_compare b a

let store_int ~lo ~hi v =
  let clamp x = if cmp_signed x lo < 0 then lo else if cmp_signed x hi > 0 then hi else x in
  match v with
  | I (n, m) -> clamp (n, m)
  | F x | C (x, _) ->
      if Float.is_nan x then (false, 0L)
      else
        let t = Float.trunc x in
        if t >= 0x1p64 then hi else if t <= -0x1p64 then lo
        else
          let neg = t < 0. in
          let a = Float.abs t in
          let m = if a >= 0x1p63 then Int64.add (Int64.of_float (a -. 0x1p63)) Int64.min_int
                  else Int64.of_float a in
          clamp (neg, m)

let range : type v s. (v, s) Dtype.t -> (bool * int64) * (bool * int64) = fun dt ->
  let s b = (true, Int64.shift_left 1L (b - 1)), (false, Int64.sub (Int64.shift_left 1L (b - 1)) 1L) in
  let u b = (false, 0L), (false, if b = 64 then -1L else Int64.sub (Int64.shift_left 1L b) 1L) in
  match Dtype.kind dt with
  | Dtype.Signed -> s (Dtype.bits dt)
  | Dtype.Unsigned -> u (Dtype.bits dt)
  | _ -> u 1

let nonzero = function F x | C (x, _) -> x <> 0. | I (_, m) -> not (Int64.equal m 0L)

(* Whether an element got from a destination is what the reference says. *)
let expect : type v s. (v, s) Dtype.t -> value -> v -> bool = fun dt v got ->
  let same a b = same_float a b in
  let int_ok got =
    let lo, hi = range dt in
    let n, m = store_int ~lo ~hi v in
    let e = if n then Int64.neg m else m in
    Int64.equal got e
  in
  match dt with
  | Dtype.Float64 -> same got (store_float dt v)
  | Float32 -> same got (store_float dt v)
  | Float16 -> same got (store_float dt v)
  | Bfloat16 -> same got (store_float dt v)
  | Float8_e4m3fn -> same got (store_float dt v)
  | Float8_e5m2 -> same got (store_float dt v)
  | Float4_e2m1fn -> same got (store_float dt v)
  | Complex128 ->
      let re = store_float Dtype.Float64 v in
      let im = match v with C (_, im) -> Dtype.of_float Dtype.Float64 im | _ -> 0. in
      same got.re re && same got.im im
  | Complex64 ->
      let re = store_float Dtype.Float32 v in
      let im = match v with C (_, im) -> Dtype.of_float Dtype.Float32 im | _ -> 0. in
      same got.re re && same got.im im
  | Bool -> got = nonzero v | Bit -> got = nonzero v
  | Int64 -> int_ok got
  | Uint64 -> int_ok got
  | Int32 -> int_ok (Int64.of_int32 got)
  | Uint32 -> int_ok (Int64.logand (Int64.of_int32 got) 0xffffffffL)
  | Int16 -> int_ok (Int64.of_int got) | Uint16 -> int_ok (Int64.of_int got)
  | Int8 -> int_ok (Int64.of_int got) | Uint8 -> int_ok (Int64.of_int got)
  | Int4 -> int_ok (Int64.of_int got) | Uint4 -> int_ok (Int64.of_int got)

(* {1 Sources} *)

(* An array of [dt] with hand-picked values and random encodings. *)
let source : type v s. (v, s) Dtype.t -> int -> (v, s) t = fun dt n ->
  let s = String.init (Dtype.bytes dt n) (fun _ -> Char.chr (Random.State.int rng 256)) in
  let a = of_string dt [| n |] s in
  let picks =
    [ 0.; -0.; 1.; -1.; 0.5; 1.5; 2.5; -2.5; 127.; 128.; 255.; 256.; 65504.;
      65520.; 448.; 480.; 1e10; -1e10; 0x1p63; -0x1p63; 0x1p64; 4294967295.;
      infinity; neg_infinity; nan; 5e-324; 1e-40; 0.1; 3.999 ]
  in
  List.iteri
    (fun i x ->
      let v = Dtype.of_float dt x in
      if i < n && Dtype.holds dt v then set a [| i |] v)
    picks;
  a

let check_pairs_from : type v s. (v, s) Dtype.t -> (v, s) t -> unit = fun sdt src ->
  let n = size src in
  let values = Array.init n (fun i -> value_of sdt (get src [| i |])) in
  List.iter
    (fun (Dtype.Any ddt) ->
      let dst = cast ddt src in
      let bad = ref 0 in
      (* To the same dtype, a cast is a move: it keeps every encoding. *)
      let moved = Dtype.equal sdt ddt in
      if moved then check (equal src dst) "cast %s to itself moves" (Dtype.name sdt);
      for i = 0 to n - 1 do
        if not moved && not (expect ddt values.(i) (get dst [| i |])) then begin
          incr bad;
          if !bad = 1 then
            check false "cast %s -> %s, element %d: %s -> %s" (Dtype.name sdt)
              (Dtype.name ddt) i
              (Format.asprintf "%a" (Dtype.pp_value sdt) (get src [| i |]))
              (Format.asprintf "%a" (Dtype.pp_value ddt) (get dst [| i |]))
        end
      done;
      check (!bad = 0) "cast %s -> %s" (Dtype.name sdt) (Dtype.name ddt))
    Dtype.all

let test_every_pair () =
  List.iter (fun (Dtype.Any sdt) -> check_pairs_from sdt (source sdt 301)) Dtype.all

(* Bigarray kinds as sources and destinations. *)
let test_bigarray_kinds () =
  let n = 200 in
  let open Bigarray in
  let ints = Array.init n (fun i ->
      match i with
      | 0 -> max_int | 1 -> min_int | 2 -> 0 | 3 -> -1 | 4 -> 255 | 5 -> 256
      | _ -> Random.State.bits rng - (1 lsl 29)) in
  let ba_int = Genarray.init Int c_layout [| n |] (fun i -> ints.(i.(0))) in
  let ba_native = Genarray.init Nativeint c_layout [| n |] (fun i ->
      if i.(0) = 0 then Nativeint.min_int else Nativeint.of_int (ints.(i.(0)) * 7)) in
  let ba_char = Genarray.init Char c_layout [| n |] (fun i -> Char.chr (ints.(i.(0)) land 255)) in
  let ba_f16 = Genarray.init Float16 c_layout [| n |] (fun i -> Float.of_int ints.(i.(0)) *. 1e-3) in
  List.iter
    (fun (Dtype.Any dt) ->
      let check_from name value a =
        for i = 0 to n - 1 do
          check (expect dt (value i) (get a [| i |])) "of_bigarray %s -> %s, %d" name
            (Dtype.name dt) i
        done
      in
      check_from "int" (fun i -> of_int64 (Int64.of_int ints.(i))) (of_bigarray dt ba_int);
      check_from "nativeint" (fun i -> of_int64 (Int64.of_nativeint (Genarray.get ba_native [| i |])))
        (of_bigarray dt ba_native);
      check_from "char" (fun i -> of_int64 (Int64.of_int (Char.code (Genarray.get ba_char [| i |]))))
        (of_bigarray dt ba_char);
      check_from "float16" (fun i -> F (Genarray.get ba_f16 [| i |])) (of_bigarray dt ba_f16))
    Dtype.all;
  (* Into Int: 63-bit saturation; into Char, Nativeint and Float16 too. *)
  let src = of_array Dtype.Uint64 [| 4 |] [| -1L; 0L; 5L; Int64.max_int |] in
  let back = to_bigarray Int src in
  check (Genarray.get back [| 0 |] = max_int) "uint64 max into int saturates";
  check (Genarray.get back [| 3 |] = max_int) "int64 max into int saturates";
  check (Genarray.get back [| 2 |] = 5) "5 into int";
  let c = to_bigarray Char (of_array Dtype.Int16 [| 3 |] [| -5; 300; 65 |]) in
  check (Genarray.get c [| 0 |] = '\000' && Genarray.get c [| 1 |] = '\255'
         && Genarray.get c [| 2 |] = 'A') "into char";
  let nat = to_bigarray Nativeint (of_array Dtype.Float64 [| 2 |] [| -1e30; 3.7 |]) in
  check (Genarray.get nat [| 0 |] = Nativeint.min_int && Genarray.get nat [| 1 |] = 3n) "into nativeint";
  let f16 = to_bigarray Float16 (of_array Dtype.Float64 [| 2 |] [| 2047.4999999850988; 1e6 |]) in
  check (Genarray.get f16 [| 0 |] = 2047. && Genarray.get f16 [| 1 |] = infinity) "into float16, once"

let test_fortran_layout () =
  let open Bigarray in
  let f = Genarray.init Float64 fortran_layout [| 2; 3 |] (fun i -> float ((10 * i.(0)) + i.(1))) in
  let a = of_bigarray Dtype.Float32 f in
  check (dims a = [| 3; 2 |]) "fortran dims reversed";
  check (get a [| 2; 1 |] = Genarray.get f [| 2; 3 |]) "fortran memory order";
  check (get a [| 0; 1 |] = Genarray.get f [| 2; 1 |]) "fortran memory order 2"

(* {1 Roundings} *)

(* The encoding of a float of [dt], and the value of an encoding. *)
let enc dt x = let a = create dt [| 1 |] in set a [| 0 |] x; get_bits a [| 0 |]
let dec dt b = let a = create dt [| 1 |] in set_bits a [| 0 |] b; get a [| 0 |]

let next_away dt x =
  (* The value of [dt] next to the finite, non-zero [x], away from zero. *)
  dec dt (Int64.add (enc dt x) 1L)

let next_toward_zero dt x = dec dt (Int64.sub (enc dt x) 1L)

let test_roundings () =
  let formats =
    [ Dtype.Any Dtype.Float32; Any Dtype.Float16; Any Dtype.Bfloat16;
      Any Dtype.Float8_e4m3fn; Any Dtype.Float8_e5m2; Any Dtype.Float4_e2m1fn ]
  in
  List.iter
    (fun (Dtype.Any dt) ->
      match Dtype.kind dt with
      | Dtype.Float ->
          let ff = Dtype.float_format dt in
          let xs =
            Array.init 3000 (fun i ->
                let m = Random.State.float rng 2. -. 1. in
                let e = Random.State.int rng 40 - 30 in
                let x = Float.ldexp m e in
                if i mod 3 = 0 then
                  (* A halfway point between two values of the format. *)
                  let y = Dtype.of_float dt x in
                  if y = 0. || Float.abs y >= ff.max_finite then x
                  else (y +. next_away dt y) /. 2.
                else x)
          in
          let xs = Array.map (fun x -> if Float.abs x >= ff.max_finite then x /. 1e6 else x) xs in
          let src = of_array Dtype.Float64 [| Array.length xs |] xs in
          List.iter
            (fun (r, name) ->
              let got = cast ~rounding:r dt src in
              Array.iteri
                (fun i x ->
                  let y = Dtype.of_float dt x in
                  let lo, hi =
                    (* x's neighbours in the format, below and above. *)
                    if y = x then (y, y)
                    else if Float.abs y < Float.abs x then
                      if x > 0. then (y, if y = 0. then dec dt 1L else next_away dt y)
                      else ((if y = 0. then -. dec dt 1L else next_away dt y), y)
                    else if x > 0. then ((if y = ff.min_normal *. ff.epsilon then 0. else next_toward_zero dt y), y)
                    else (y, if y = -. ff.min_normal *. ff.epsilon then -0. else next_toward_zero dt y)
                  in
                  let e =
                    match r with
                    | Nearest_even -> y
                    | Nearest_away ->
                        if lo <> hi && x -. lo = hi -. x then (if x > 0. then hi else lo) else y
                    | Toward_zero -> if x > 0. then lo else hi
                    | Toward_positive -> hi
                    | Toward_negative -> lo
                  in
                  let g = get got [| i |] in
                  check (g = e && (g <> 0. || Float.sign_bit g = Float.sign_bit x))
                    "%s %s %h: %h, expected %h" (Dtype.name dt) name x g e)
                xs)
            [ Nearest_even, "nearest_even"; Nearest_away, "nearest_away";
              Toward_zero, "toward_zero"; Toward_positive, "toward_positive";
              Toward_negative, "toward_negative" ]
      | _ -> ())
    formats

(* {1 Overflow policies} *)

let test_overflow () =
  let f64 = of_array Dtype.Float64 [| 4 |] [| 1e6; -1e6; infinity; 1. |] in
  let f16 o = to_array (cast ~overflow:o Dtype.Float16 f64) in
  check (f16 Stores = [| infinity; neg_infinity; infinity; 1. |]) "float16 stores";
  check (f16 Saturate = [| 65504.; -65504.; infinity; 1. |]) "float16 saturate";
  let n = f16 Nan in
  check (Float.is_nan n.(0) && Float.is_nan n.(1) && n.(2) = infinity) "float16 nan";
  check (f16 Wrap = f16 Stores) "float16 wrap";
  let e4 o = to_array (cast ~overflow:o Dtype.Float8_e4m3fn f64) in
  check (e4 Stores = [| 448.; -448.; 448.; 1. |]) "e4m3fn saturates";
  check (Array.for_all Float.is_nan (Array.sub (e4 Nan) 0 3)) "e4m3fn nan";
  let big = of_array Dtype.Float64 [| 1 |] [| 1e6 |] in
  let up = cast ~rounding:Toward_positive Dtype.Float8_e4m3fn big in
  check (Float.is_nan (get up [| 0 |])) "e4m3fn rounding outward gives NaN";
  let down = cast ~rounding:Toward_zero Dtype.Float16 big in
  check (get down [| 0 |] = 65504.) "toward zero stays finite";
  let i16 = of_array Dtype.Int16 [| 3 |] [| 300; -300; 5 |] in
  check (to_array (cast Dtype.Int8 i16) = [| 127; -128; 5 |]) "int8 saturates";
  check (to_array (cast ~overflow:Wrap Dtype.Int8 i16) = [| 44; -44; 5 |]) "int8 wraps";
  check (to_array (cast ~overflow:Wrap Dtype.Uint4 i16) = [| 12; 4; 5 |]) "uint4 wraps";
  let fl = of_array Dtype.Float64 [| 4 |] [| 300.9; -1e300; nan; infinity |] in
  check (to_array (cast ~overflow:Wrap Dtype.Uint8 fl) = [| 44; 0; 0; 0 |]) "float wraps";
  raises_invalid_arg ~name:"raise" (fun () -> cast ~overflow:Raise Dtype.Int8 i16);
  raises_invalid_arg ~name:"raise nan into int" (fun () ->
      cast ~overflow:Raise Dtype.Int32 (of_array Dtype.Float32 [| 1 |] [| nan |]));
  raises_invalid_arg ~name:"raise float16" (fun () -> cast ~overflow:Raise Dtype.Float16 f64);
  check (to_array (cast ~overflow:Raise Dtype.Float16 (of_array Dtype.Float64 [| 2 |] [| 65519.; infinity |]))
         = [| 65504.; infinity |]) "raise accepts what fits";
  raises_invalid_arg ~name:"nan into int" (fun () -> cast ~overflow:Nan Dtype.Int8 i16);
  raises_invalid_arg ~name:"nan into float4" (fun () -> cast ~overflow:Nan Dtype.Float4_e2m1fn f64);
  raises_invalid_arg ~name:"to_bigarray raise" (fun () ->
      to_bigarray ~overflow:Raise Bigarray.int8_signed i16)

(* {1 Bytes, packing, byte orders, views} *)

let test_bytes () =
  List.iter
    (fun (Dtype.Any dt) ->
      List.iter
        (fun n ->
          let nb = Dtype.bytes dt n in
          let s = String.init nb (fun _ -> Char.chr (Random.State.int rng 256)) in
          (* Padding bits of sub-byte formats are cleared by conversions. *)
          let a = of_string dt [| n |] s in
          let le = to_string a in
          let s =
            (* The unused bits of a last partial byte read as zero. *)
            let used = n * Dtype.bits dt mod 8 in
            if used = 0 then s
            else String.mapi (fun i c -> if i = nb - 1 then Char.chr (Char.code c land ((1 lsl used) - 1)) else c) s
          in
          check (le = s) "%s %d: little-endian round trip" (Dtype.name dt) n;
          let be = to_string ~byte_order:Big_endian a in
          let b = of_string ~byte_order:Big_endian dt [| n |] be in
          check (equal a b) "%s %d: big-endian round trip" (Dtype.name dt) n;
          let w = Dtype.bits dt / 8 in
          if n > 0 && w >= 2 then begin
            let comp = if Dtype.is Dtype.Complex dt then w / 2 else w in
            check (be.[0] = s.[comp - 1] && be.[comp - 1] = s.[0])
              "%s: big-endian reverses each component" (Dtype.name dt)
          end
          else check (be = le) "%s: a byte or less has one order" (Dtype.name dt);
          let c = cast dt a in
          check (equal a c) "%s %d: cast to itself" (Dtype.name dt) n)
        [ 0; 1; 2; 3; 7; 9; 17 ])
    Dtype.all;
  (* Packing, low bits first, odd lengths. *)
  let a = of_array Dtype.Int4 [| 3 |] [| 1; -1; 7 |] in
  check (to_string a = "\xf1\x07") "int4 packing";
  let b = of_array Dtype.Bit [| 9 |] [| true; false; true; false; false; false; false; false; true |] in
  check (to_string b = "\x05\x01") "bit packing";
  let f4 = cast Dtype.Float4_e2m1fn (of_array Dtype.Float32 [| 3 |] [| 6.; -0.5; 1. |]) in
  check (to_string f4 = "\x97\x02") "float4 packing";
  check (to_array (cast Dtype.Int8 a) = [| 1; -1; 7 |]) "int4 unpacking";
  let u = of_string Dtype.Uint4 [| 3 |] "\x21\xf3" in
  check (to_array u = [| 1; 2; 3 |]) "uint4 reads low nibble first";
  check (equal u (of_string Dtype.Uint4 [| 3 |] "\x21\x03")) "equal ignores padding";
  check (to_string (copy u) = "\x21\x03") "copy clears padding";
  (* Raw encodings. *)
  let bf = create Dtype.Bfloat16 [| 2 |] in
  set bf [| 0 |] 1.;
  check (get_bits bf [| 0 |] = 0x3f80L) "bfloat16 1 is 0x3f80";
  set_bits bf [| 1 |] 0x7f81L;
  let snan = get bf [| 1 |] in
  check (Float.is_nan snan && Int64.logand (Int64.bits_of_float snan) 0x0008000000000000L = 0L)
    "a signalling NaN stays signalling through get";
  check (to_string (cast Dtype.Bfloat16 bf) = to_string (copy bf)) "moves keep NaN bits";
  check (get_bits (cast Dtype.Bfloat16 bf) [| 1 |] = 0x7f81L) "cast to itself keeps sNaN";
  (* Views. *)
  let f = of_array Dtype.Float16 [| 2; 2 |] [| 1.; 2.; 3.; 4. |] in
  (match to_bigarray_view f with
   | None -> check false "float16 view"
   | Some v ->
       check (Bigarray.Genarray.get v [| 1; 0 |] = 3.) "view reads";
       Bigarray.Genarray.set v [| 0; 1 |] 0.5;
       check (get f [| 0; 1 |] = 0.5) "view writes through");
  check (to_bigarray_view (create Dtype.Bfloat16 [| 1 |]) = None) "no bfloat16 kind";
  let ga = Bigarray.Genarray.init Bigarray.int32 Bigarray.c_layout [| 3 |] (fun i -> Int32.of_int i.(0)) in
  (match of_bigarray_view ga with
   | None -> check false "int32 of view"
   | Some a ->
       set a [| 2 |] 42l;
       check (Bigarray.Genarray.get ga [| 2 |] = 42l) "of_bigarray_view writes through");
  check (of_bigarray_view (Bigarray.Genarray.create Bigarray.char Bigarray.c_layout [| 2 |]) = None)
    "no char dtype";
  let shared = of_buffer Dtype.Uint16 [| 4 |] (buffer f) in
  check (get shared [| 1 |] = 0x3800) "of_buffer shares the bytes";
  let r = reshape f [| 4 |] in
  set r [| 3 |] 8.;
  check (get f [| 1; 1 |] = 8.) "reshape shares"

let test_elements () =
  let a = create Dtype.Int4 [| 2; 3 |] in
  set a [| 1; 2 |] (-8);
  set a [| 0; 0 |] 7;
  check (get a [| 1; 2 |] = -8 && get a [| 0; 0 |] = 7 && get a [| 0; 1 |] = 0) "int4 elements";
  fill a 3;
  check (Array.for_all (( = ) 3) (to_array a)) "fill int4";
  let c = create Dtype.Complex64 [| 2 |] in
  set c [| 1 |] { Complex.re = 0.1; im = -2. };
  check ((get c [| 1 |]).re = Dtype.of_float Dtype.Float32 0.1) "complex64 set rounds";
  fill c Complex.one;
  check (to_array c = [| Complex.one; Complex.one |]) "fill complex";
  let u32 = of_array Dtype.Uint32 [| 1 |] [| -1l |] in
  check (to_array (cast Dtype.Float64 u32) = [| 4294967295. |]) "uint32 reads unsigned";
  let z = create Dtype.Float32 [||] in
  check (size z = 1 && get z [||] = 0.) "zero dimensions";
  let e = create Dtype.Float32 [| 0; 5 |] in
  check (size e = 0 && to_string e = "") "empty";
  let x = of_array Dtype.Float32 [| 3 |] [| 1.; 2.; 3. |] in
  let y = create Dtype.Float32 [| 3 |] in
  blit x y;
  check (equal x y) "blit";
  check (not (equal x (cast Dtype.Float64 x))) "equal needs the same dtype";
  check (not (equal (of_array Dtype.Float64 [| 1 |] [| 0. |]) (of_array Dtype.Float64 [| 1 |] [| -0. |]))) "-0 is not 0"

let pp_text a = Format.asprintf "%a" pp a

let test_pp () =
  check (pp_text (of_array Dtype.Float16 [| 3 |] [| 0.1; 65504.; -1. |]) = "[  0.1, 65500,    -1]") "pp 1-d";
  check (pp_text (of_array Dtype.Int8 [| 2; 2 |] [| 1; -2; 30; 4 |]) = "[[ 1, -2],\n [30,  4]]") "pp 2-d";
  check (pp_text (of_array Dtype.Bool [| 2; 1; 2 |] [| true; false; false; true |])
         = "[[[ true, false]],\n\n [[false,  true]]]") "pp 3-d";
  check (pp_text (create Dtype.Uint8 [||]) = "0") "pp 0-d";
  check (pp_text (create Dtype.Uint8 [| 0 |]) = "[]") "pp empty";
  let big = of_array Dtype.Uint16 [| 2000 |] (Array.init 2000 (fun i -> i)) in
  check (pp_text big = "[   0,    1,    2, ..., 1997, 1998, 1999]") "pp summarised";
  check (pp_text (of_array Dtype.Complex64 [| 1 |] [| { Complex.re = 0.5; im = -2. } |]) = "[0.5-2i]") "pp complex";
  (* Inside boxes, indented, near a margin: rows line up under the first
     bracket, as Format's column says, and blank lines stay blank. *)
  let a3 = of_array Dtype.Int8 [| 2; 2; 2 |] [| 0; 1; 2; 3; 4; 5; 6; 7 |] in
  let nested =
    let b = Buffer.create 64 in
    let ppf = Format.formatter_of_buffer b in
    Format.pp_set_margin ppf 30;
    Format.fprintf ppf "@[<v 2>arrays:@,a = %a,@,@[<hov 2>b =@ %a@]@]@?" pp a3 pp
      (of_array Dtype.Int8 [| 2; 1 |] [| 10; 20 |]);
    Buffer.contents b
  in
  let want =
    "arrays:\n  a = [[[0, 1],\n        [2, 3]],\n\n       [[4, 5],\n        [6, 7]]],\n\
    \  b = [[10],\n       [20]]"
  in
  eq ~pp:(fun ppf s -> Format.fprintf ppf "%S" s) "pp inside boxes" want nested

(* {1 Errors} *)

let unchanged name a f =
  let before = to_string a in
  raises_invalid_arg ~name f;
  check (to_string a = before) "%s leaves the destination unchanged" name

let test_errors () =
  let a = of_array Dtype.Int8 [| 2; 3 |] [| 1; 2; 3; 4; 5; 6 |] in
  raises_invalid_arg ~name:"create negative" (fun () -> create Dtype.Float32 [| 2; -1 |]);
  raises_invalid_arg ~name:"create overflow" (fun () -> create Dtype.Float32 [| max_int; 2 |]);
  raises_invalid_arg ~name:"create bytes overflow" (fun () -> create Dtype.Float64 [| max_int / 4 |]);
  raises_invalid_arg ~name:"get arity" (fun () -> get a [| 1 |]);
  raises_invalid_arg ~name:"get bounds" (fun () -> get a [| 2; 0 |]);
  raises_invalid_arg ~name:"get negative" (fun () -> get a [| 0; -1 |]);
  unchanged "set bounds" a (fun () -> set a [| 0; 3 |] 1);
  unchanged "set out of range" a (fun () -> set a [| 0; 0 |] 128);
  unchanged "set_bits too wide" a (fun () -> set_bits a [| 0; 0 |] 0x100L);
  unchanged "fill out of range" a (fun () -> fill a (-129));
  raises_invalid_arg ~name:"get_bits complex128" (fun () ->
      get_bits (create Dtype.Complex128 [| 1 |]) [| 0 |]);
  raises_invalid_arg ~name:"of_string length" (fun () -> of_string Dtype.Float32 [| 2 |] "abc");
  raises_invalid_arg ~name:"of_string dims" (fun () -> of_string Dtype.Float32 [| -2 |] "");
  raises_invalid_arg ~name:"of_buffer length" (fun () ->
      of_buffer Dtype.Int4 [| 3 |] (buffer (create Dtype.Uint8 [| 3 |])));
  raises_invalid_arg ~name:"reshape" (fun () -> reshape a [| 4 |]);
  let b = create Dtype.Int8 [| 3; 2 |] in
  unchanged "blit dims" b (fun () -> blit a b);
  raises_invalid_arg ~name:"of_array length" (fun () -> of_array Dtype.Int8 [| 2 |] [| 1 |]);
  raises_invalid_arg ~name:"of_array range" (fun () -> of_array Dtype.Uint4 [| 1 |] [| 16 |]);
  let f32 = create Dtype.Float32 [| 2; 3 |] in
  unchanged "cast_into dims" b (fun () -> cast_into f32 (create Dtype.Int8 [| 3; 2 |]));
  unchanged "cast_into raise" b (fun () ->
      cast_into ~overflow:Raise (of_array Dtype.Float32 [| 3; 2 |] (Array.make 6 1e9)) b);
  unchanged "cast_into nan into int" b (fun () -> cast_into ~overflow:Nan f32 (create Dtype.Int8 [| 2; 3 |]));
  raises_invalid_arg ~name:"cast_into itself" (fun () -> cast_into f32 f32);
  raises_invalid_arg ~name:"to_bigarray nan into int" (fun () ->
      to_bigarray ~overflow:Nan Bigarray.int f32);
  raises_invalid_arg ~name:"of_bigarray raise" (fun () ->
      of_bigarray ~overflow:Raise Dtype.Uint4
        (Bigarray.Genarray.init Bigarray.int Bigarray.c_layout [| 2 |] (fun i -> 16 * i.(0))));
  raises_invalid_arg ~name:"set_bits complex128" (fun () ->
      set_bits (create Dtype.Complex128 [| 1 |]) [| 0 |] 0L);
  raises_invalid_arg ~name:"of_array dims" (fun () -> of_array Dtype.Int8 [| -1 |] [||]);
  raises_invalid_arg ~name:"reshape negative" (fun () -> reshape a [| -6; -1 |]);
  (* The messages name the function. *)
  (match get a [| 5; 5 |] with
   | _ -> check false "no exception"
   | exception Invalid_argument m ->
       check (String.length m > 13 && String.sub m 0 13 = "Nx_array.get:") "message names get: %s" m)

(* {1 Domains} *)

let test_domains () =
  let n = 1_000_000 in
  let src = of_array Dtype.Float32 [| n |] (Array.init n (fun i -> float i *. 0.001 -. 300.)) in
  let work () =
    List.map (fun (Dtype.Any dt) -> to_string (cast dt src))
      [ Dtype.Any Dtype.Bfloat16; Any Dtype.Float16; Any Dtype.Float8_e4m3fn; Any Dtype.Int4 ]
  in
  let sequential = work () in
  let ds = List.init 4 (fun _ -> Domain.spawn work) in
  List.iter (fun d -> check (Domain.join d = sequential) "a domain's results") ds

(* Buffers of 4 MiB and more are advised to use huge pages: their bytes
   are the bytes, all the way through. *)
let test_large () =
  let n = (5 lsl 20) / 4 + 3 in
  let a = create Dtype.Float32 [| n |] in
  fill a 1.5;
  set a [| n - 1 |] 0.1;
  let b = cast Dtype.Bfloat16 a in
  check (nbytes_of b = 2 * n) "large: bfloat16 bytes";
  check (get b [| 0 |] = 1.5 && get b [| n / 2 |] = 1.5) "large: values";
  check (get b [| n - 1 |] = Dtype.of_float Dtype.Bfloat16 0.1) "large: the last value";
  let c = cast Dtype.Float32 b in
  check (to_bigarray Bigarray.float32 c |> fun g -> Bigarray.Genarray.get g [| n - 2 |] = 1.5)
    "large: back"

let () =
  test_every_pair ();
  test_large ();
  test_bigarray_kinds ();
  test_fortran_layout ();
  test_roundings ();
  test_overflow ();
  test_bytes ();
  test_elements ();
  test_pp ();
  test_errors ();
  test_domains ();
  finish "test_array"
