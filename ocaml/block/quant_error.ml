(* The error statistics of a quantization, in float64, a piece of the
   elements at a time. *)

open Bigarray

type ('v, 's) nx = ('v, 's) Arrays.t

type t = {
  count : int;
  signal : float;
  noise : float;
  rmse : float;
  max_abs : float;
  p95 : float;
  sqnr_db : float;
  histogram : int array;
}

type pair = Pair : (float, 'a) nx * (float, 'b) nx -> pair

let bins = 150
let range = 0.03
let bin_width = range /. float_of_int bins

(* quantize-stats' index: floor (|e| / range * bins), at most the last. *)
let bin e =
  let q = Float.floor (Float.abs e /. range *. float_of_int bins) in
  if Float.is_nan q || q >= float_of_int (bins - 1) then bins - 1 else int_of_float q

let sqnr_db ~signal ~noise =
  if noise = 0. then infinity
  else if signal = 0. then neg_infinity
  else 10. *. Float.log10 (signal /. noise)

let bits_per_weight (t : Gguf.ggml_type) =
  float_of_int (t.type_size * 8) /. float_of_int t.block_size

(* The elements of an array as float64, a piece at a time: float32 and
   float64 arrays read over their bytes, others through a float64 copy. *)
type view =
  | F64 of (float, float64_elt, c_layout) Array1.t
  | F32 of (float, float32_elt, c_layout) Array1.t

let view : type s. (float, s) nx -> view =
 fun a ->
  let flat ba = reshape_1 ba (Arrays.size a) in
  let f64 a =
    match Arrays.to_bigarray_view a with
    | Some ba -> F64 (flat ba)
    | None -> invalid_arg "Quant_error: an array with no bigarray view"
  in
  match Arrays.dtype a with
  | Dtype.Float64 -> f64 a
  | Dtype.Float32 -> (
      match Arrays.to_bigarray_view a with
      | Some ba -> F32 (flat ba)
      | None -> invalid_arg "Quant_error: an array with no bigarray view")
  | _ -> f64 (Arrays.cast Dtype.Float64 a)

let fill v off len (buf : Float.Array.t) =
  match v with
  | F64 a -> for i = 0 to len - 1 do Float.Array.unsafe_set buf i (Array1.unsafe_get a (off + i)) done
  | F32 a -> for i = 0 to len - 1 do Float.Array.unsafe_set buf i (Array1.unsafe_get a (off + i)) done

let piece = 4096

(* [chunks x y f] calls [f xs ys len] on the elements of [x] and [y] in
   order, [len] at a time in [xs] and [ys]; it is their number. *)
let chunks (type a b) (x : (float, a) nx) (y : (float, b) nx) f =
  let n = Arrays.size x in
  if Arrays.size y <> n then
    invalid_arg
      (Printf.sprintf "Quant_error: %d original values and %d dequantized ones" n (Arrays.size y));
  let vx = view x and vy = view y in
  let xs = Float.Array.create piece and ys = Float.Array.create piece in
  let off = ref 0 in
  while !off < n do
    let len = min piece (n - !off) in
    fill vx !off len xs;
    fill vy !off len ys;
    f xs ys len;
    off := !off + len
  done;
  n

let finish ~count ~signal ~noise ~max_abs ~p95 histogram =
  let rmse = if count = 0 then Float.nan else Float.sqrt (noise /. float_of_int count) in
  { count; signal; noise; rmse; max_abs; p95; sqnr_db = sqnr_db ~signal ~noise; histogram }

(* Percentiles: the nearest rank [k] (from 1) of [p] for [n] values. *)
let rank p n =
  if not (p >= 0. && p <= 100.) then invalid_arg "Quant_error.percentile: p not in [0, 100]";
  let k =
    if Float.is_integer p then (int_of_float p * n + 99) / 100
    else int_of_float (Float.ceil (p *. float_of_int n /. 100.))
  in
  max 1 k

(* Non-negative floats and NaNs (of a clear sign bit) in the order of
   their bits: that of the numbers, the NaNs above infinity. *)
let bits = Int64.bits_of_float
let order a b = Int64.compare (bits a) (bits b)

let percentile p xs =
  let n = Array.length xs in
  let k = rank p n in
  if n = 0 then Float.nan
  else begin
    (* NaNs above everything, then the numbers by value (-0 = 0). *)
    let key x = if Float.is_nan x then (1, 0.) else (0, x) in
    let s = Array.copy xs in
    Array.stable_sort (fun a b -> compare (key a) (key b)) s;
    s.(k - 1)
  end

(* The k-th (from 0) smallest of the errors [iter] gives, by their bits,
   16 at a time from the top. [iter f] calls [f es len] on every piece
   of the errors (absolute values) and is their number. *)
let cap = 1 lsl 16

let select iter n k =
  let rec level shift prefix k =
    let counts = Array.make (1 lsl 16) 0 in
    let kept = Float.Array.create cap and nkept = ref 0 and candidates = ref 0 in
    let m =
      iter (fun es len ->
          for i = 0 to len - 1 do
            let e = Float.Array.unsafe_get es i in
            let b = bits e in
            let inside =
              match prefix with
              | None -> true
              | Some p -> Int64.equal (Int64.shift_right_logical b (shift + 16)) p
            in
            if inside then begin
              let j = Int64.to_int (Int64.shift_right_logical b shift) land 0xffff in
              counts.(j) <- counts.(j) + 1;
              if !nkept < cap then Float.Array.unsafe_set kept !nkept e;
              incr nkept;
              incr candidates
            end
          done)
    in
    if m <> n then invalid_arg "Quant_error: a load gave another number of values";
    if !candidates <= cap then begin
      let s = Array.init !candidates (Float.Array.get kept) in
      Array.stable_sort order s;
      s.(k)
    end
    else begin
      let j = ref 0 and before = ref 0 in
      while !before + counts.(!j) <= k do
        before := !before + counts.(!j);
        incr j
      done;
      let p =
        Int64.logor
          (match prefix with None -> 0L | Some p -> Int64.shift_left p 16)
          (Int64.of_int !j)
      in
      (* At the last level a bucket is one value: its bits. *)
      if shift = 0 then Int64.float_of_bits p else level (shift - 16) (Some p) (k - !before)
    end
  in
  level 48 None k

let errors_of_pairs loads f =
  let es = Float.Array.create piece in
  List.fold_left
    (fun n load ->
      let (Pair (x, y)) = load () in
      n
      + chunks x y (fun xs ys len ->
            for i = 0 to len - 1 do
              Float.Array.unsafe_set es i
                (Float.abs (Float.Array.unsafe_get xs i -. Float.Array.unsafe_get ys i))
            done;
            f es len))
    0 loads

let errors_percentile ?count p loads =
  let n = match count with Some n -> n | None -> errors_of_pairs loads (fun _ _ -> ()) in
  let k = rank p n in
  if n = 0 then Float.nan else select (errors_of_pairs loads) n (k - 1)

let of_arrays x y =
  let signal = ref 0. and noise = ref 0. and max_abs = ref 0. in
  let histogram = Array.make bins 0 in
  let count =
    chunks x y (fun xs ys len ->
        for i = 0 to len - 1 do
          let a = Float.Array.unsafe_get xs i in
          let e = a -. Float.Array.unsafe_get ys i in
          signal := !signal +. (a *. a);
          noise := !noise +. (e *. e);
          let m = Float.abs e in
          if m > !max_abs || Float.is_nan m then max_abs := m;
          let j = bin e in
          histogram.(j) <- histogram.(j) + 1
        done)
  in
  let p95 = errors_percentile ~count 95. [ (fun () -> Pair (x, y)) ] in
  finish ~count ~signal:!signal ~noise:!noise ~max_abs:!max_abs ~p95 histogram

let sum ts =
  let histogram = Array.make bins 0 in
  let count, signal, noise, max_abs =
    List.fold_left
      (fun (c, s, n, m) t ->
        Array.iteri (fun i h -> histogram.(i) <- histogram.(i) + h) t.histogram;
        let m = if t.max_abs > m || Float.is_nan t.max_abs then t.max_abs else m in
        (c + t.count, s +. t.signal, n +. t.noise, m))
      (0, 0., 0., 0.) ts
  in
  finish ~count ~signal ~noise ~max_abs ~p95:Float.nan histogram
