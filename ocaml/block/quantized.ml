(* Quantized checkpoints: config.json's quantization_config read, the
   weights of a checkpoint found by it, and each dequantized exactly.

   Exactness. Every stored element and scale is decoded exactly into
   float64. The value of a weight element is

     v = (e - z) * s,   e * s * s2   or   e * s / g

   with e an E4M3 (4 significant bits), E2M1 (2 bits) or integer element
   of at most 8 bits, z an integer zero point of at most 8 bits (so
   e - z has at most 9: of_checkpoint refuses other zero points), s a
   scale of at most 24 bits (float32, bfloat16, float16, E4M3, E8M0) and
   s2 ModelOpt's float32 multiplier, which comes with E2M1 elements and
   E4M3 scales only. A product has at most max (9 + 24, 4 + 24,
   2 + 4 + 24) = 33 significant bits, and a nonzero one lies in
   [2^-159, 2^141) (the least: 2^-1 * 2^-9 * 2^-149; the largest below
   6 * 448 * 2^128), inside float64's normal range. So the float64
   product is exact, and its rounding into the destination
   (Arrays.cast_into, the Stores rule) is the only one.

   The division by compressed-tensors' global scale g (float32) is not
   exact: q = p / g, p = e * s, is computed as the correctly rounded
   float64 quotient fl(q), then rounded into the destination T of
   precision t <= 24 bits (float32 24, float16 11, bfloat16 8). That
   gives the one rounding of q into T. Write p = P * 2^a and g = G * 2^b
   with P, G odd integers: P < 2^6 (the odd part of an E2M1 value is 1
   or 3, of an E4M3 value at most 15) and G < 2^24. Let q be in
   [2^E, 2^(E+1)); q is a normal float64 (2^-10 * 2^-9 / 2^128 > 2^-1022).
   Every midpoint m between two neighbours of T there, and every value
   of T, is an integer multiple of 2^c with c = E - t (or, below T's
   normal range, of a larger power of two). If q = m then m * G = P *
   2^(a-b) has no odd factor of G, so G = 1 and q is exact in float64:
   fl(q) = q. Otherwise
     |q - m| = |P * 2^(a-b) - M * G * 2^c| / G,   M an integer,
   and 2^(a-b) = q * G / P > 2^E * G / 2^6 >= 2^(E-6) >= 2^c (t >= 6,
   as every float destination has), so the numerator is a nonzero
   multiple of 2^c: |q - m| >= 2^c / G > 2^(E - t - 24) >= 2^(E - 48).
   fl(q) is within half a float64 ulp of q, 2^(E-53) < 2^(E-48): no
   midpoint or value of T lies between q and fl(q) or on fl(q) unless
   q is on it, so both round to the same value of T under every
   rounding. Into float64 itself fl(q) is the one rounding. *)

type ('v, 's) nx = ('v, 's) Arrays.t

module A = Arrays
module St = Safetensors

type f64 = (float, Bigarray.float64_elt, Bigarray.c_layout) Bigarray.Array1.t

(* {1 Weights} *)

(* How a weight's elements are stored. *)
type elements =
  | E4m3  (* F8_E4M3, a byte each *)
  | I8  (* two's complement bytes *)
  | E2m1_pairs  (* U8, two a byte, the lower-indexed in the low nibble *)
  | Packed_int of { bits : int; words : int }
      (* compressed-tensors' pack_to_int32: each row a little-endian bit
         stream of [words] int32 words, element [i] in bits [i * bits] to
         [i * bits + bits - 1], stored plus 2^(bits - 1) *)

(* A zero point: a tensor of the scale's shape, or compressed-tensors'
   int32 words packed along the rows (pack_to_int32's packed_dim=0): for
   each of the [cols] columns, a bit stream of the [rows] values whose
   word [k] is the int32 at [k * cols + column]. *)
type zero =
  | Zero_tensor of Safetensors.tensor
  | Zero_packed of { t : Safetensors.tensor; bits : int; rows : int; cols : int }

type weight = {
  name : string;
  parts : string list;
  dims : int array;  (* of the values, before any transposition *)
  out_dims : int array;  (* of the written tensor *)
  elements : elements;
  data : A.buffer;  (* the elements' bytes *)
  scale : St.tensor;  (* decoded when needed *)
  zero : zero option;
  rb : int;  (* the rows and columns one scale covers *)
  cb : int;
  srows : int;  (* the scale grid of one matrix *)
  scols : int;
  e8m0 : bool;  (* the scale's bytes are E8M0 (gpt-oss) *)
  global : [ `Mul of float | `Div of float ] option;
  transpose : bool;
  describe : string;
}

type item = Weight of weight | Keep of string | Drop of string

type t = { checkpoint : Checkpoint.t; quant_method : string; items : item list }

let quant_method q = q.quant_method
let checkpoint q = q.checkpoint
let items q = q.items
let weights q = List.filter_map (function Weight w -> Some w | _ -> None) q.items
let name w = w.name
let dims w = Array.copy w.out_dims
let parts w = w.parts
let describe w = w.describe

let size d = Array.fold_left ( * ) 1 d
let cdiv a b = (a + b - 1) / b

(* The rows of a weight (its leading dimensions, flattened), the rows of
   one matrix (its second last dimension, 1 for a vector) and its
   columns. *)
let shape w =
  let n = Array.length w.dims in
  let cols = if n = 0 then 1 else w.dims.(n - 1) in
  let mrows = if n < 2 then 1 else w.dims.(n - 2) in
  (size w.dims / max 1 cols, mrows, cols)

let rows_per_piece cols = max 1 ((1 lsl 20) / max 1 cols)

let pieces w =
  let rows, mrows, _ = shape w in
  if w.transpose then rows / max 1 mrows
  else
    let cols = let _, _, c = shape w in c in
    if rows = 0 then 0 else cdiv rows (rows_per_piece cols)

let f64_of (type v s) (a : (v, s) A.t) : f64 =
  let c = A.cast Dtype.Float64 a in
  match A.to_bigarray_view c with
  | Some g -> Bigarray.reshape_1 g (A.size c)
  | None -> assert false

(* E8M0 bytes' values: 2^(b - 127), NaN for 0xFF. *)
let e8m0_values (b : A.buffer) : f64 =
  let n = Bigarray.Array1.dim b in
  let v = Bigarray.Array1.create Bigarray.float64 Bigarray.c_layout n in
  for i = 0 to n - 1 do
    let c = Char.code (Bigarray.Array1.unsafe_get b i) in
    v.{i} <- (if c = 255 then Float.nan else Float.ldexp 1. (c - 127))
  done;
  v

(* A scale or zero-point tensor's values, exactly, in float64: E8M0 for
   gpt-oss's U8 scales and F8_E8M0 (the one Raw dtype string a scale is
   let through with). *)
let decode_scale w t =
  match t with
  | St.Tensor a when w.e8m0 -> e8m0_values (A.buffer a)
  | St.Tensor a -> f64_of a
  | St.Raw r -> e8m0_values (A.buffer r.data)

(* The little-endian int32 word at byte [i] of [b], unsigned. *)
let u32 (b : A.buffer) i =
  Char.code (Bigarray.Array1.unsafe_get b i)
  lor (Char.code (Bigarray.Array1.unsafe_get b (i + 1)) lsl 8)
  lor (Char.code (Bigarray.Array1.unsafe_get b (i + 2)) lsl 16)
  lor (Char.code (Bigarray.Array1.unsafe_get b (i + 3)) lsl 24)

(* The [bits] bits at bit [p] of the stream whose word [k] is [word k],
   less 2^(bits - 1): pack_to_int32's element, as unpack_from_int32
   reads it. *)
let stream_int word p bits =
  let k = p / 32 and off = p mod 32 in
  let w = word k lsr off in
  let w = if off + bits > 32 then w lor (word (k + 1) lsl (32 - off)) else w in
  (w land ((1 lsl bits) - 1)) - (1 lsl (bits - 1))

let decode_scale_plain t =
  match t with
  | St.Tensor a -> f64_of a
  | St.Raw _ -> invalid_arg "Nx_array.Quantized: a zero point of a format without a dtype"

let decode_zero w = function
  | Zero_tensor t -> decode_scale { w with e8m0 = false } t
  | Zero_packed { t; bits; rows; cols } ->
      let b = match t with St.Tensor a -> A.buffer a | St.Raw r -> A.buffer r.data in
      let v = Bigarray.Array1.create Bigarray.float64 Bigarray.c_layout (rows * cols) in
      for g = 0 to cols - 1 do
        let word k = u32 b (((k * cols) + g) * 4) in
        for r = 0 to rows - 1 do v.{(r * cols) + g} <- float (stream_int word (r * bits) bits) done
      done;
      v

let e2m1 = [| 0.; 0.5; 1.; 1.5; 2.; 3.; 4.; 6.; -0.; -0.5; -1.; -1.5; -2.; -3.; -4.; -6. |]

(* The exact values of rows [r0, r0 + n) of [w], in float64. *)
let values w scale zero r0 n : f64 =
  let _, mrows, cols = shape w in
  let k = n * cols in
  let v =
    match w.elements with
    | E4m3 ->
        f64_of (A.of_buffer Dtype.Float8_e4m3fn [| k |] (Bigarray.Array1.sub w.data (r0 * cols) k))
    | I8 -> f64_of (A.of_buffer Dtype.Int8 [| k |] (Bigarray.Array1.sub w.data (r0 * cols) k))
    | E2m1_pairs ->
        let v = Bigarray.Array1.create Bigarray.float64 Bigarray.c_layout k in
        let base = r0 * cols / 2 in
        for i = 0 to (k / 2) - 1 do
          let b = Char.code (Bigarray.Array1.unsafe_get w.data (base + i)) in
          v.{2 * i} <- e2m1.(b land 15);
          v.{(2 * i) + 1} <- e2m1.(b lsr 4)
        done;
        v
    | Packed_int { bits; words } ->
        let v = Bigarray.Array1.create Bigarray.float64 Bigarray.c_layout k in
        for r = 0 to n - 1 do
          let row = (r0 + r) * words * 4 in
          let word j = u32 w.data (row + (j * 4)) in
          for c = 0 to cols - 1 do v.{(r * cols) + c} <- float (stream_int word (c * bits) bits) done
        done;
        v
  in
  for r = 0 to n - 1 do
    let gr = r0 + r in
    let batch = gr / mrows and i = gr mod mrows in
    let srow = (batch * w.srows) + (i / w.rb) in
    let o = r * cols in
    for c = 0 to cols - 1 do
      let si = (srow * w.scols) + (c / w.cb) in
      let e = Bigarray.Array1.unsafe_get v (o + c) in
      let e = match zero with None -> e | Some z -> e -. z.{si} in
      Bigarray.Array1.unsafe_set v (o + c) (e *. scale.{si})
    done
  done;
  (match w.global with
   | None -> ()
   | Some (`Mul g) -> for i = 0 to k - 1 do v.{i} <- v.{i} *. g done
   | Some (`Div g) -> for i = 0 to k - 1 do v.{i} <- v.{i} /. g done);
  v

let check_dt (type s) fn (dt : (float, s) Dtype.t) =
  match dt with
  | Dtype.Float64 | Dtype.Float32 | Dtype.Float16 | Dtype.Bfloat16 -> ()
  | _ -> invalid_arg (Printf.sprintf "Nx_array.Quantized.%s: %s is not float64, float32, float16 or bfloat16" fn (Dtype.name dt))

let decoded w =
  (decode_scale w w.scale, Option.map (decode_zero w) w.zero)

(* [scaled_e4m3_stub code dst src scales cols cb] stores the products of
   the E4M3 rows of [src] ([cols] a row) and the float64 scales whose
   bytes are [scales], column [c]'s the [c / cb]-th, into [dst], elements
   of the dtype [code] (rust/ocaml/src/block.rs, over rust/src/scaled.rs):
   -1 when done, -2, with nothing written, for arguments it refuses
   (which this side never passes). *)
external scaled_e4m3_stub : int -> A.buffer -> A.buffer -> A.buffer -> int -> int -> int
  = "nx_ml_scaled_e4m3_byte" "nx_ml_scaled_e4m3"

(* The float64 array [v]'s bytes. *)
let bytes_of_f64 (v : f64) =
  A.buffer (Option.get (A.of_bigarray_view (Bigarray.genarray_of_array1 v)))

(* Whether [w]'s values are E4M3 elements times their scales alone: the
   rows path of the stub. *)
let plain_e4m3 w zero =
  w.elements = E4m3 && Option.is_none zero && w.global = None && not w.transpose

(* Rows [r0, r0 + n) of the plain E4M3 weight [w] into [out]'s bytes,
   by runs of rows that share their scales' row. *)
let e4m3_rows code w scale r0 n (out : A.buffer) =
  let _, mrows, cols = shape w in
  let width = Bigarray.Array1.dim out / max 1 (n * cols) in
  let sb = bytes_of_f64 scale in
  let r = ref r0 in
  while !r < r0 + n do
    let batch = !r / mrows and i = !r mod mrows in
    let k = min (r0 + n - !r) (min mrows (((i / w.rb) + 1) * w.rb) - i) in
    let srow = (batch * w.srows) + (i / w.rb) in
    let dst = Bigarray.Array1.sub out ((!r - r0) * cols * width) (k * cols * width) in
    let src = Bigarray.Array1.sub w.data (!r * cols) (k * cols) in
    let scales = Bigarray.Array1.sub sb (srow * w.scols * 8) (w.scols * 8) in
    if scaled_e4m3_stub code dst src scales cols w.cb <> -1 then
      invalid_arg "Nx_array.Quantized: the kernel refused a weight's rows";
    r := !r + k
  done

(* The rows and the first row of piece [i] of a weight not transposed. *)
let piece_rows w i =
  let rows, _, cols = shape w in
  let per = rows_per_piece cols in
  (i * per, min per (rows - (i * per)))

let piece_into (type s) w (scale, zero) i (out : (float, s) nx) =
  let _, mrows, cols = shape w in
  let cast_to (v : f64) =
    A.cast_into (Option.get (A.of_bigarray_view (Bigarray.genarray_of_array1 v))) out
  in
  if w.transpose then begin
    let v = values w scale zero (i * mrows) mrows in
    (* [mrows; cols] into [cols; mrows] *)
    let t = Bigarray.Array1.create Bigarray.float64 Bigarray.c_layout (mrows * cols) in
    for r = 0 to mrows - 1 do
      for c = 0 to cols - 1 do t.{(c * mrows) + r} <- v.{(r * cols) + c} done
    done;
    cast_to t
  end
  else
    let r0, n = piece_rows w i in
    if plain_e4m3 w zero then e4m3_rows (Dtype.code (A.dtype out)) w scale r0 n (A.buffer out)
    else cast_to (values w scale zero r0 n)

let piece_size w i =
  if i < 0 || i >= pieces w then
    invalid_arg (Printf.sprintf "Nx_array.Quantized.piece_size: piece %d of %d" i (pieces w));
  let _, mrows, cols = shape w in
  if w.transpose then mrows * cols else snd (piece_rows w i) * cols

let check_piece fn w i =
  if i < 0 || i >= pieces w then
    invalid_arg (Printf.sprintf "Nx_array.Quantized.%s: piece %d of %d" fn i (pieces w))

let dequantize_piece_into (type s) w i (dst : (float, s) nx) =
  let fn = "dequantize_piece_into" in
  check_piece fn w i;
  check_dt fn (A.dtype dst);
  if A.size dst <> piece_size w i then
    invalid_arg
      (Printf.sprintf "Nx_array.Quantized.%s: piece %d has %d values, not %d" fn i
         (piece_size w i) (A.size dst));
  let stored =
    w.data
    :: List.map (function St.Tensor a -> A.buffer a | St.Raw r -> A.buffer r.data)
         (w.scale
          :: (match w.zero with
              | Some (Zero_tensor t) | Some (Zero_packed { t; _ }) -> [ t ]
              | None -> []))
  in
  if List.exists (fun b -> A.Private.overlap b (A.buffer dst)) stored then
    invalid_arg
      (Printf.sprintf "Nx_array.Quantized.%s: the destination shares bytes with the weight" fn);
  piece_into w (decoded w) i dst

let dequantize_piece dt w i =
  check_dt "dequantize_piece" dt;
  check_piece "dequantize_piece" w i;
  let out = A.create dt [| piece_size w i |] in
  piece_into w (decoded w) i out;
  out

let release_piece w i =
  check_piece "release_piece" w i;
  let _, mrows, cols = shape w in
  let r0, n = if w.transpose then (i * mrows, mrows) else piece_rows w i in
  let total = Bigarray.Array1.dim w.data in
  (* The piece's bytes: rows of [cols] elements, of a byte each or, for
     E2M1 pairs and packed integers, less. *)
  let per_row = if size w.dims = 0 then 0 else total / (size w.dims / max 1 cols) in
  let at = min total (r0 * per_row) in
  A.Private.release_mapped (Bigarray.Array1.sub w.data at (min (total - at) (n * per_row)))

let dequantize dt w =
  check_dt "dequantize" dt;
  let s = decoded w in
  let out = A.create dt w.out_dims in
  let b = A.buffer out in
  let width = Dtype.bytes dt 1 in
  let at = ref 0 in
  for i = 0 to pieces w - 1 do
    let n = piece_size w i in
    piece_into w s i (A.of_buffer dt [| n |] (Bigarray.Array1.sub b (!at * width) (n * width)));
    at := !at + n
  done;
  out

(* {1 Configs} *)

module J = Json

exception Err of string

let fail fmt = Printf.ksprintf (fun m -> raise (Err m)) fmt

let member k = function J.Object m -> List.assoc_opt k m | _ -> None

let string_member path k o =
  match member k o with
  | Some (J.String s) -> Some s
  | None | Some J.Null -> None
  | Some _ -> fail "%s: quantization_config.%s is not a string" path k

let string_list path what = function
  | None | Some J.Null -> []
  | Some (J.Array l) ->
      List.map (function J.String s -> s | _ -> fail "%s: %s holds a non-string" path what) l
  | Some (J.String s) -> [ s ]
  | Some _ -> fail "%s: %s is not a list of strings" path what

let int_of path what = function
  | J.Number s -> (
      match int_of_string_opt s with
      | Some n when n > 0 -> n
      | _ -> fail "%s: %s is %s, not a positive integer" path what s)
  | _ -> fail "%s: %s is not a number" path what

let int_pair path what = function
  | Some (J.Array [ a; b ]) -> Some (int_of path what a, int_of path what b)
  | None | Some J.Null -> None
  | Some _ -> fail "%s: %s is not a pair of integers" path what

let compile path what p =
  match Pyre.parse p with
  | Ok r -> r
  | Error m -> fail "%s: %s %S: %s (Python regular expressions of this subset: literals, ., \\d \\w \\s, [...], (...), (?:...), |, * + ? {m,n}, ^ $)" path what p m

let prefix_match path r s k =
  match Pyre.matches_prefix r s k with Ok b -> b | Error m -> fail "%s: %s" path m

(* transformers' should_convert_module: [p] matches [name] from its
   start up to a module boundary, or is a suffix of it. *)
let not_converted path patterns =
  let compiled = List.map (fun p -> (p, compile path "modules_to_not_convert pattern" p)) patterns in
  fun name ->
    let n = String.length name in
    List.exists
      (fun (p, r) ->
        String.ends_with ~suffix:p name
        || prefix_match path r name (fun j ->
               j = n || name.[j] = '.' || (j > 0 && name.[j - 1] = '.')))
      compiled

let module_of tensor =
  match String.rindex_opt tensor '.' with
  | Some i -> (String.sub tensor 0 i, String.sub tensor (i + 1) (String.length tensor - i - 1))
  | None -> ("", tensor)

(* The tensors of a checkpoint by name. *)
type tensors = { c : Checkpoint.t; dir : string; infos : St.info list; by_name : (string, St.info) Hashtbl.t }

let tensors_of c =
  let infos = Checkpoint.tensors c in
  let by_name = Hashtbl.create (2 * List.length infos + 1) in
  List.iter (fun (i : St.info) -> Hashtbl.replace by_name i.name i) infos;
  { c; dir = Checkpoint.dir c; infos; by_name }

let has ts n = Hashtbl.mem ts.by_name n
let info ts n = Hashtbl.find ts.by_name n

let tensor ts n = Checkpoint.get_tensor ts.c n

let expect_dtype ts n accepted =
  let i = info ts n in
  if not (List.mem i.dtype accepted) then
    fail "%s: tensor %S is %s, not %s" ts.dir n i.dtype (String.concat " or " accepted)

let shape_text d = "[" ^ String.concat ", " (Array.to_list (Array.map string_of_int d)) ^ "]"

let bytes_of ts n =
  match tensor ts n with St.Tensor a -> A.buffer a | St.Raw r -> A.buffer r.data

(* One element of a one-element F32 tensor. *)
let scalar ts n =
  expect_dtype ts n [ "F32"; "BF16"; "F16" ];
  let i = info ts n in
  if size i.shape <> 1 then fail "%s: tensor %S has shape %s, not one element" ts.dir n (shape_text i.shape);
  let v = match tensor ts n with St.Tensor a -> (f64_of a).{0} | St.Raw _ -> assert false in
  if not (Float.is_finite v && v > 0.) then
    fail "%s: tensor %S is %s, not a positive finite scale" ts.dir n (Float.to_string v);
  v

(* A weight [wname] of elements [en] and scale [sn], each scale covering
   [rb] x [cb] values of each matrix; the shapes checked. *)
let make ts ~name ~parts ~elements ~en ~sn ?zn ?zero ?dims ~rb ~cb ?global ~describe () =
  let ei = info ts en in
  let dims =
    match dims with
    | Some d -> d
    | None ->
    match elements with
    | E2m1_pairs ->
        let d = Array.copy ei.shape in
        let n = Array.length d in
        if n = 0 then fail "%s: tensor %S is a scalar, not packed elements" ts.dir en;
        d.(n - 1) <- 2 * d.(n - 1);
        d
    | E4m3 | I8 | Packed_int _ -> Array.copy ei.shape
  in
  let n = Array.length dims in
  if n = 0 then fail "%s: tensor %S is a scalar, not a weight" ts.dir en;
  let cols = dims.(n - 1) and mrows = if n < 2 then 1 else dims.(n - 2) in
  let rb = max 1 (if rb = 0 then mrows else rb) and cb = max 1 (if cb = 0 then cols else cb) in
  let srows = cdiv mrows rb and scols = cdiv cols cb in
  let lead = Array.sub dims 0 (max 0 (n - 2)) in
  let si = info ts sn in
  let batches = size lead in
  let ok s =
    size s = batches * srows * scols
    && (Array.length s < 2 || s.(Array.length s - 1) = scols)
  in
  if not (ok si.shape) then
    fail "%s: tensor %S has shape %s: the scales of %S %s are %s" ts.dir sn (shape_text si.shape) en
      (shape_text dims)
      (shape_text (Array.append lead [| srows; scols |]));
  Option.iter
    (fun zn ->
      let zi = info ts zn in
      if size zi.shape <> size si.shape then
        fail "%s: tensor %S has shape %s, not its scale's %s" ts.dir zn (shape_text zi.shape)
          (shape_text si.shape);
      (* The exactness of (e - z) * s needs integer zero points of at
         most 8 bits (compressed-tensors' are int8 values). *)
      let z = decode_scale_plain (tensor ts zn) in
      for i = 0 to Bigarray.Array1.dim z - 1 do
        let v = z.{i} in
        if not (Float.is_integer v && Float.abs v <= 256.) then
          fail "%s: tensor %S: element %d, %s, is not an integer zero point of at most 8 bits" ts.dir zn i
            (Float.to_string v)
      done)
    zn;
  let e8m0 = si.dtype = "U8" in
  { name; parts; dims; out_dims = dims; elements; data = bytes_of ts en; scale = tensor ts sn;
    zero = (match zero with Some z -> Some z | None -> Option.map (fun z -> Zero_tensor (tensor ts z)) zn); rb; cb; srows; scols; e8m0; global; transpose = false;
    describe }

let float_scales = [ "F32"; "BF16"; "F16" ]

let grid_text rb cb = match (rb, cb) with 0, 0 -> "one" | 1, 0 -> "per-row" | _ -> Printf.sprintf "%dx%d blocks of" rb cb

(* {2 fp8} *)

let fp8 path ts q =
  let block = int_pair path "quantization_config.weight_block_size" (member "weight_block_size" q) in
  let rb, cb = Option.value block ~default:(0, 0) in
  (match string_member path "fmt" q with
   | None | Some "e4m3" -> ()
   | Some f -> fail "%s: quantization_config.fmt %S: only e4m3 is read" path f);
  let skip = not_converted path (string_list path "modules_to_not_convert" (member "modules_to_not_convert" q)) in
  List.map
    (fun (i : St.info) ->
      let m, p = module_of i.name in
      if p = "weight_scale_inv" then
        if has ts (m ^ ".weight") then `Drop i.name
        else fail "%s: tensor %S scales no weight (there is no %S)" ts.dir i.name (m ^ ".weight")
      else if p = "weight" && has ts (m ^ ".weight_scale_inv") then begin
        if skip m then
          fail "%s: tensor %S has a weight_scale_inv, but %s's modules_to_not_convert leaves %S alone"
            ts.dir i.name path m;
        expect_dtype ts i.name [ "F8_E4M3" ];
        let sn = m ^ ".weight_scale_inv" in
        expect_dtype ts sn float_scales;
        `Weight
          (make ts ~name:i.name ~parts:[ i.name; sn ] ~elements:E4m3 ~en:i.name ~sn ~rb ~cb
             ~describe:(Printf.sprintf "F8_E4M3 x %s %s" (grid_text rb cb) (info ts sn).dtype) ())
      end
      else if i.dtype = "F8_E4M3" && not (skip m) then
        fail "%s: tensor %S is F8_E4M3 without its scale %S" ts.dir i.name (m ^ ".weight_scale_inv")
      else if (p = "input_scale" || p = "activation_scale") && has ts (m ^ ".weight_scale_inv") then `Drop i.name
      else `Keep i.name)
    ts.infos

(* {2 compressed-tensors} *)

type group = {
  gname : string;
  format : string;
  strategy : string;
  gsize : int option;
  gblock : (int * int) option;
  symmetric : bool;
  wtype : string;
  nbits : int option;
}

(* compressed-tensors' match_targets and _scheme_from_targets: the
   group of module [m], if a target matches it. *)
let matcher path kind targets =
  let exact = Hashtbl.create 16 and regex = ref [] and classes = ref [] in
  List.iter
    (fun (t, g) ->
      if String.starts_with ~prefix:"re:" t then
        regex := (t, compile path (kind ^ " target") (String.sub t 3 (String.length t - 3)), g) :: List.filter (fun (u, _, _) -> u <> t) !regex
      else begin
        Hashtbl.replace exact t g;
        if t = "Linear" || t = "LinearBase" then classes := g :: !classes
      end)
    targets;
  let regex = List.sort (fun (a, _, _) (b, _, _) -> compare a b) !regex in
  let classes = !classes in
  fun m ->
    match Hashtbl.find_opt exact m with
    | Some g -> Some g
    | None -> (
        match List.find_opt (fun (_, r, _) -> prefix_match path r m (fun _ -> true)) regex with
        | Some (_, _, g) -> Some g
        | None -> ( match classes with g :: _ -> Some g | [] -> None))

(* pack-quantized: int weights of 1 to 8 bits in int32 words
   (compressed-tensors' pack_to_int32), their shape in weight_shape, the
   zero point of asymmetric group and channel weights packed along the
   rows. *)
(* The rows and columns of the block a config group's scales each cover,
   by its strategy: (0, 0) one scale, (1, 0) one per row, (1, s) per
   group of s, and, where [block], the group's block_structure; any other
   strategy is refused as [what]. *)
let scale_grid path g ~block ~what =
  match g.strategy with
  | "tensor" -> (0, 0)
  | "channel" -> (1, 0)
  | "group" -> (
      match g.gsize with
      | Some s -> (1, s)
      | None -> fail "%s: config group %s: strategy group without a group_size" path g.gname)
  | "block" when block -> (
      match g.gblock with
      | Some b -> b
      | None -> fail "%s: config group %s: strategy block without a block_structure" path g.gname)
  | s -> fail "%s: config group %s: %s %S is not read" path g.gname what s

let pack_quantized path ts g ~m ~wn ~sn ~zn ~name =
  let bits =
    match g.nbits with
    | Some b when b >= 1 && b <= 8 -> b
    | Some b -> fail "%s: config group %s: num_bits %d is not 1 to 8" path g.gname b
    | None -> fail "%s: config group %s: pack-quantized without num_bits" path g.gname
  in
  if g.wtype <> "int" then fail "%s: config group %s: pack-quantized %s weights are not read" path g.gname g.wtype;
  expect_dtype ts wn [ "I32" ];
  expect_dtype ts sn float_scales;
  let shn = m ^ ".weight_shape" in
  if not (has ts shn) then fail "%s: tensor %S has no %S" ts.dir wn shn;
  expect_dtype ts shn [ "I64"; "I32" ];
  let shape =
    match tensor ts shn with
    | St.Tensor a -> Array.map int_of_float (Array.of_seq (Seq.init (A.size a) (fun i -> (f64_of a).{i})))
    | St.Raw _ -> assert false
  in
  let pi = info ts wn in
  let dims =
    match shape with
    | [| rows; cols |] when rows >= 0 && cols >= 0 -> [| rows; cols |]
    | _ -> fail "%s: tensor %S is %s: pack-quantized weights of two dimensions are read" ts.dir shn (shape_text shape)
  in
  let words = cdiv (dims.(1) * bits) 32 in
  if pi.shape <> [| dims.(0); words |] then
    fail "%s: tensor %S has shape %s, not %s for %s of %d bits" ts.dir wn (shape_text pi.shape)
      (shape_text [| dims.(0); words |]) (shape_text dims) bits;
  let rb, cb = scale_grid path g ~block:false ~what:"pack-quantized weight strategy" in
  let zero, parts =
    if g.symmetric then (None, [ wn; sn; shn ])
    else
      match (zn, g.strategy) with
      | Some zn, ("group" | "channel") ->
          expect_dtype ts zn [ "I32" ];
          let cols = if cb = 0 then 1 else cdiv dims.(1) cb in
          let zw = cdiv (dims.(0) * bits) 32 in
          if (info ts zn).shape <> [| zw; cols |] then
            fail "%s: tensor %S has shape %s, not %s" ts.dir zn (shape_text (info ts zn).shape)
              (shape_text [| zw; cols |]);
          (Some (Zero_packed { t = tensor ts zn; bits; rows = dims.(0); cols }), [ wn; sn; zn; shn ])
      | None, _ -> fail "%s: tensor %S is asymmetric without its %S" ts.dir wn (m ^ ".weight_zero_point")
      | Some _, s -> fail "%s: config group %s: asymmetric %s weights are not read" path g.gname s
  in
  `Weight
    (make ts ~name ~parts ~elements:(Packed_int { bits; words }) ~en:wn ~sn ?zero ~dims ~rb ~cb
       ~describe:(Printf.sprintf "int%d in I32 x %s %s (%s, %s%s)" bits (grid_text rb cb) (info ts sn).dtype
                    g.gname g.strategy (if g.symmetric then "" else ", zero points"))
       ())

let class_name t =
  (not (String.starts_with ~prefix:"re:" t))
  && String.length t > 0
  && 'A' <= t.[0] && t.[0] <= 'Z'
  && not (String.contains t '.')

let compressed path ts q =
  let format = Option.value (string_member path "format" q) ~default:"dense" in
  (match member "sparsity_config" q with
   | None | Some J.Null -> ()
   | Some s -> (
       match member "format" s with
       | None | Some J.Null | Some (J.String "dense") -> ()
       | Some (J.String f) -> fail "%s: sparsity_config format %S is not read" path f
       | Some _ -> fail "%s: sparsity_config.format is not a string" path));
  (match member "transform_config" q with
   | None | Some J.Null -> ()
   | Some _ -> fail "%s: a transform_config (rotated weights) is not read" path);
  let groups =
    match member "config_groups" q with
    | Some (J.Object gs) -> gs
    | None | Some J.Null -> []
    | Some _ -> fail "%s: quantization_config.config_groups is not an object" path
  in
  let targets = ref [] in
  List.iter
    (fun (gname, g) ->
      let at k = Printf.sprintf "config_groups.%s.%s" gname k in
      let w = match member "weights" g with Some (J.Object _ as w) -> Some w | _ -> None in
      let str o k = match member k o with Some (J.String s) -> Some s | _ -> None in
      let format = Option.value (str g "format") ~default:format in
      let grp =
        match w with
        | None -> { gname; format = "dense"; strategy = "tensor"; gsize = None; gblock = None; symmetric = true; wtype = "float"; nbits = None }
        | Some w ->
            { gname; format;
              strategy = Option.value (str w "strategy") ~default:"tensor";
              gsize = (match member "group_size" w with None | Some J.Null -> None | Some n -> Some (int_of path (at "weights.group_size") n));
              gblock = int_pair path (at "weights.block_structure") (member "block_structure" w);
              symmetric = (match member "symmetric" w with Some (J.Bool b) -> b | _ -> true);
              wtype = Option.value (str w "type") ~default:"int";
              nbits = (match member "num_bits" w with None | Some J.Null -> None | Some n -> Some (int_of path (at "weights.num_bits") n)) }
      in
      let ts_ = string_list path (at "targets") (member "targets" g) in
      List.iter
        (fun t ->
          if class_name t && t <> "Linear" && t <> "LinearBase" then
            fail "%s: %s names the class %S: a checkpoint has no classes, and only Linear is taken to \
                  match every quantized module" path (at "targets") t)
        ts_;
      targets := !targets @ List.map (fun t -> (t, grp)) ts_)
    groups;
  let ignore_l = string_list path "quantization_config.ignore" (member "ignore" q) in
  List.iter
    (fun t ->
      if class_name t && t <> "Linear" && t <> "LinearBase" then
        fail "%s: quantization_config.ignore names the class %S: a checkpoint has no classes" path t)
    ignore_l;
  let group_of = matcher path "config_groups" !targets in
  let ignored = matcher path "ignore" (List.map (fun t -> (t, ())) ignore_l) in
  let kv = match member "kv_cache_scheme" q with None | Some J.Null -> false | Some _ -> true in
  let quantized_params = [ "weight_scale"; "weight_packed"; "weight_zero_point"; "weight_global_scale"; "weight_shape" ] in
  let is_quantized m = List.exists (fun p -> has ts (m ^ "." ^ p)) quantized_params in
  List.map
    (fun (i : St.info) ->
      let m, p = module_of i.name in
      let activation = [ "input_scale"; "input_zero_point"; "input_global_scale"; "output_scale"; "output_zero_point" ] in
      if List.mem p quantized_params then begin
        if not (has ts (m ^ ".weight") || has ts (m ^ ".weight_packed")) then
          fail "%s: tensor %S scales no weight" ts.dir i.name;
        if p = "weight_packed" then `Weight_of m else `Drop i.name
      end
      else if p = "weight" && has ts (m ^ ".weight_packed") then
        fail "%s: module %S has both a weight and a weight_packed" ts.dir m
      else if p = "weight" && is_quantized m then `Weight_of m
      else if List.mem p activation && is_quantized m then `Drop i.name
      else if kv && (p = "k_scale" || p = "v_scale") then `Drop i.name
      else if i.dtype = "F8_E4M3" && p = "weight" && ignored m = None then
        fail "%s: tensor %S is F8_E4M3 without its scale %S" ts.dir i.name (m ^ ".weight_scale")
      else `Keep i.name)
    ts.infos
  |> List.map (function
       | `Weight_of m -> (
           let wn = if has ts (m ^ ".weight_packed") then m ^ ".weight_packed" else m ^ ".weight" in
           if ignored m <> None then
             fail "%s: tensor %S is quantized, but %s's ignore leaves %S alone" ts.dir wn path m;
           let g =
             match group_of m with
             | Some g -> g
             | None -> fail "%s: tensor %S is quantized, but no config group of %s targets %S" ts.dir wn path m
           in
           let sn = m ^ ".weight_scale" in
           if not (has ts sn) then fail "%s: tensor %S has no scale %S" ts.dir wn sn;
           let name = m ^ ".weight" in
           let zn = if has ts (m ^ ".weight_zero_point") then Some (m ^ ".weight_zero_point") else None in
           match g.format with
           | "float-quantized" | "naive-quantized" | "int-quantized" ->
               if has ts (m ^ ".weight_packed") then
                 fail "%s: tensor %S is packed, but group %s's format is %s" ts.dir wn g.gname g.format;
               let elements, accepted = if g.wtype = "float" then (E4m3, "F8_E4M3") else (I8, "I8") in
               expect_dtype ts wn [ accepted ];
               expect_dtype ts sn float_scales;
               let zn = if g.symmetric then None else zn in
               if zn <> None && g.wtype = "float" then
                 fail "%s: config group %s: asymmetric float8 weights are not read" path g.gname;
               Option.iter (fun z -> expect_dtype ts z [ "I8"; "F32"; "BF16"; "F16" ]) zn;
               let rb, cb = scale_grid path g ~block:true ~what:"weight strategy" in
               `Weight
                 (make ts ~name ~parts:(wn :: sn :: Option.to_list zn) ~elements ~en:wn ~sn ?zn ~rb ~cb
                    ~describe:(Printf.sprintf "%s x %s %s (%s, %s)" accepted (grid_text rb cb) (info ts sn).dtype g.gname g.strategy) ())
           | "nvfp4-pack-quantized" ->
               expect_dtype ts wn [ "U8" ];
               expect_dtype ts sn [ "F8_E4M3" ];
               let gn = m ^ ".weight_global_scale" in
               if not (has ts gn) then fail "%s: tensor %S has no global scale %S" ts.dir wn gn;
               if not g.symmetric then fail "%s: config group %s: asymmetric NVFP4 is not read" path g.gname;
               let gs = scalar ts gn in
               let cb = Option.value g.gsize ~default:16 in
               `Weight
                 (make ts ~name ~parts:[ wn; sn; gn ] ~elements:E2m1_pairs ~en:wn ~sn ~rb:1 ~cb
                    ~global:(`Div gs)
                    ~describe:(Printf.sprintf "E2M1 x 1x%d blocks of F8_E4M3 / F32 (%s)" cb g.gname) ())
           | "pack-quantized" -> pack_quantized path ts g ~m ~wn ~sn ~zn ~name
           | f ->
               fail "%s: config group %s: format %S is not read (float-quantized, int-quantized, naive-quantized, \
                     pack-quantized and nvfp4-pack-quantized are)" path g.gname f)
       | (`Keep _ | `Drop _) as x -> x)

(* {2 modelopt} *)

let modelopt path ts q =
  let q = match member "quantization" q with Some (J.Object _ as i) -> i | _ -> q in
  let algo = Option.value (string_member path "quant_algo" q) ~default:"" in
  let kv = match member "kv_cache_quant_algo" q with None | Some J.Null -> false | Some _ -> true in
  let nvfp4 =
    match algo with
    | "FP8" -> false
    | "NVFP4" -> true
    | a -> fail "%s: quantization_config.quant_algo %S is not read (FP8 and NVFP4 are)" path a
  in
  let is_q m =
    has ts (m ^ ".weight") && has ts (m ^ ".weight_scale") && ((not nvfp4) || has ts (m ^ ".weight_scale_2"))
  in
  List.map
    (fun (i : St.info) ->
      let m, p = module_of i.name in
      if (p = "weight_scale" || p = "weight_scale_2") then
        if is_q m then `Drop i.name
        else fail "%s: tensor %S scales no weight of %s" ts.dir i.name algo
      else if p = "weight" && is_q m then begin
        let sn = m ^ ".weight_scale" in
        if nvfp4 then begin
          expect_dtype ts i.name [ "U8" ];
          expect_dtype ts sn [ "F8_E4M3" ];
          let s2 = m ^ ".weight_scale_2" in
          let g = scalar ts s2 in
          `Weight
            (make ts ~name:i.name ~parts:[ i.name; sn; s2 ] ~elements:E2m1_pairs ~en:i.name ~sn ~rb:1
               ~cb:16 ~global:(`Mul g) ~describe:"E2M1 x 1x16 blocks of F8_E4M3 x F32" ())
        end
        else begin
          expect_dtype ts i.name [ "F8_E4M3" ];
          expect_dtype ts sn float_scales;
          let per_tensor = size (info ts sn).shape = 1 in
          let rb, cb = if per_tensor then (0, 0) else (1, 0) in
          `Weight
            (make ts ~name:i.name ~parts:[ i.name; sn ] ~elements:E4m3 ~en:i.name ~sn ~rb ~cb
               ~describe:(Printf.sprintf "F8_E4M3 x %s %s" (grid_text rb cb) (info ts sn).dtype) ())
        end
      end
      else if p = "weight" && i.dtype = "F8_E4M3" then
        fail "%s: tensor %S is F8_E4M3 without its scale %S" ts.dir i.name (m ^ ".weight_scale")
      else if (p = "input_scale" || p = "input_scale_2") && is_q m then `Drop i.name
      else if kv && (p = "k_scale" || p = "v_scale") then `Drop i.name
      else `Keep i.name)
    ts.infos

(* {2 mxfp4} *)

let mxfp4 path ts q =
  let skip = not_converted path (string_list path "modules_to_not_convert" (member "modules_to_not_convert" q)) in
  let base n sfx = if String.ends_with ~suffix:sfx n then Some (String.sub n 0 (String.length n - String.length sfx)) else None in
  List.map
    (fun (i : St.info) ->
      match (base i.name "_blocks", base i.name "_scales") with
      | Some w, _ when has ts (w ^ "_scales") ->
          let m = fst (module_of w) in
          if skip m then
            fail "%s: tensor %S is MXFP4, but %s's modules_to_not_convert leaves %S alone" ts.dir i.name path m;
          if has ts w then fail "%s: tensor %S is both a tensor and the weight of %S" ts.dir w i.name;
          let sn = w ^ "_scales" in
          expect_dtype ts i.name [ "U8" ];
          expect_dtype ts sn [ "U8"; "F8_E8M0" ];
          let bi = info ts i.name in
          let n = Array.length bi.shape in
          if n < 2 || bi.shape.(n - 1) <> 16 then
            fail "%s: tensor %S has shape %s, not [..., blocks, 16]" ts.dir i.name (shape_text bi.shape);
          let dims = Array.append (Array.sub bi.shape 0 (n - 2)) [| 32 * bi.shape.(n - 2) |] in
          let si = info ts sn in
          if si.shape <> Array.sub bi.shape 0 (n - 1) then
            fail "%s: tensor %S has shape %s, not %s" ts.dir sn (shape_text si.shape)
              (shape_text (Array.sub bi.shape 0 (n - 1)));
          let nd = Array.length dims in
          let cols = dims.(nd - 1) and mrows = if nd < 2 then 1 else dims.(nd - 2) in
          let transpose = nd >= 3 in
          let out_dims =
            if transpose then Array.append (Array.sub dims 0 (nd - 2)) [| cols; mrows |] else dims
          in
          `Weight
            { name = w; parts = [ i.name; sn ]; dims; out_dims; elements = E2m1_pairs;
              data = bytes_of ts i.name; scale = tensor ts sn; zero = None; rb = 1; cb = 32;
              srows = mrows; scols = cols / 32; e8m0 = true; global = None; transpose;
              describe = "E2M1 x 1x32 blocks of E8M0" ^ if transpose then " (last two dimensions transposed)" else "" }
      | _, Some w when has ts (w ^ "_blocks") -> `Drop i.name
      | _ -> `Keep i.name)
    ts.infos

let config_path c = Filename.concat (Checkpoint.dir c) "config.json"

let read_config path =
  match In_channel.with_open_bin path In_channel.input_all with
  | exception Sys_error _ when not (Sys.file_exists path) -> None
  | exception Sys_error m -> fail "%s: cannot read: %s" path m
  | text -> (
      match J.parse text with
      | Ok (J.Object _ as o) -> Some o
      | Ok _ -> fail "%s: not a JSON object" path
      | Error (i, m) -> fail "%s: byte %d: %s" path i m)

let of_checkpoint c =
  let path = config_path c in
  match
    match read_config path with
    | None -> None
    | Some cfg -> (
        match member "quantization_config" cfg with
        | None | Some J.Null -> None
        | Some (J.Object _ as q) ->
            let ts = tensors_of c in
            let meth = Option.value (string_member path "quant_method" q) ~default:"" in
            let plan =
              match meth with
              | "fp8" -> fp8 path ts q
              | "compressed-tensors" -> compressed path ts q
              | "modelopt" -> modelopt path ts q
              | "mxfp4" -> mxfp4 path ts q
              | "" -> fail "%s: quantization_config has no quant_method" path
              | m ->
                  fail "%s: quant_method %S is not read (fp8, compressed-tensors, modelopt and mxfp4 are)"
                    path m
            in
            let items =
              List.map (function `Weight w -> Weight w | `Keep n -> Keep n | `Drop n -> Drop n) plan
            in
            Some { checkpoint = c; quant_method = meth; items }
        | Some _ -> fail "%s: quantization_config is not an object" path)
  with
  | v -> Ok v
  | exception Err m -> Error m

(* {1 config.json} *)

let write_json b v =
  let rec go ind v =
    let pad n = Buffer.add_char b '\n'; Buffer.add_string b (String.make n ' ') in
    match v with
    | J.Null -> Buffer.add_string b "null"
    | J.Bool x -> Buffer.add_string b (if x then "true" else "false")
    | J.Number s -> Buffer.add_string b s
    | J.String s -> J.add_string b s
    | J.Array [] -> Buffer.add_string b "[]"
    | J.Object [] -> Buffer.add_string b "{}"
    | J.Array l ->
        Buffer.add_char b '[';
        List.iteri (fun i x -> if i > 0 then Buffer.add_char b ','; pad (ind + 2); go (ind + 2) x) l;
        pad ind; Buffer.add_char b ']'
    | J.Object l ->
        Buffer.add_char b '{';
        List.iteri
          (fun i (k, x) ->
            if i > 0 then Buffer.add_char b ',';
            pad (ind + 2); J.add_string b k; Buffer.add_string b ": "; go (ind + 2) x)
          l;
        pad ind; Buffer.add_char b '}'
  in
  go 0 v

let dequantized_config text ~dtype =
  match J.parse text with
  | Ok (J.Object m) ->
      let m = List.filter (fun (k, _) -> k <> "quantization_config") m in
      let m = List.map (fun (k, v) -> if k = "torch_dtype" || k = "dtype" then (k, J.String dtype) else (k, v)) m in
      let m = if List.mem_assoc "torch_dtype" m then m else m @ [ ("torch_dtype", J.String dtype) ] in
      let b = Buffer.create (String.length text) in
      write_json b (J.Object m);
      Buffer.add_char b '\n';
      Ok (Buffer.contents b)
  | Ok _ -> Error "not a JSON object"
  | Error (i, m) -> Error (Printf.sprintf "byte %d: %s" i m)
