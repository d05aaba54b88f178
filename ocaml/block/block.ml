(* Block-scaled formats. The kernels are Rust's (rust/src/block/), called
   through the exports of rust/ocaml/src/block.rs once this side has
   checked everything; the codes are Nx_codes's. *)

type buffer = Arrays.buffer

module A = struct
  include Arrays
  include Arrays.Private
end

module St = Safetensors

(* The externals. [quantize p src elements scales n tensor_scale] is -1
   when done, the index of a refused element, -2 for bad parameters; [p] is
   [Nx_codes.block_quantize]. [dequantize p dst elements scales n
   tensor_scale], [p] being [Nx_codes.block_dequantize], is -1 or -2. *)

external quantize_stub : int -> buffer -> buffer -> buffer -> int -> float -> int
  = "nx_ml_block_quantize_byte" "nx_ml_block_quantize"

external dequantize_stub : int -> buffer -> buffer -> buffer -> int -> float -> int
  = "nx_ml_block_dequantize_byte" "nx_ml_block_dequantize"

external tensor_scale_stub : int -> buffer -> int -> float = "nx_ml_block_tensor_scale"

external store_stub :
  (int[@untagged]) -> (int[@untagged]) -> (float[@unboxed]) -> (int[@untagged])
  = "nx_ml_block_store_byte" "nx_ml_block_store"
[@@noalloc]

external load_stub : (int[@untagged]) -> (int[@untagged]) -> (float[@unboxed])
  = "nx_ml_block_load_byte" "nx_ml_block_load"
[@@noalloc]

let err fn fmt = Printf.ksprintf (fun s -> invalid_arg ("Nx_array.Block." ^ fn ^ ": " ^ s)) fmt

type ('v, 's) nx = ('v, 's) A.t
type rounding = A.rounding
type safetensors = St.t
type tensor = St.tensor

let rounding_code = function
  | None -> Nx_codes.Rounding.nearest_even
  | Some r -> A.rounding_code r

module E8m0 = struct
  let nan = 0xff

  let to_float b =
    if b < 0 || b > 255 then err "E8m0.to_float" "%d is not a byte" b;
    load_stub Nx_codes.Block_format.e8m0 b

  let of_float ?rounding x = store_stub Nx_codes.Block_format.e8m0 (rounding_code rounding) x
end

module Float6 = struct
  type t = E2m3fn | E3m2fn

  let name = function E2m3fn -> "float6_e2m3fn" | E3m2fn -> "float6_e3m2fn"
  let max_finite = function E2m3fn -> 7.5 | E3m2fn -> 28.
  let code = function
    | E2m3fn -> Nx_codes.Block_format.float6_e2m3fn
    | E3m2fn -> Nx_codes.Block_format.float6_e3m2fn

  let to_float f bits =
    if bits < 0 || bits > 63 then err "Float6.to_float" "%d is not a 6-bit encoding" bits;
    load_stub (code f) bits

  let of_float ?rounding f x = store_stub (code f) (rounding_code rounding) x
end

type scheme =
  | Mxfp8_e4m3 | Mxfp8_e5m2 | Mxfp6_e2m3 | Mxfp6_e3m2 | Mxfp4 | Mxint8 | Nvfp4
  | Ggml_q8_0 | Ggml_q4_0 | Ggml_mxfp4 | Ggml_nvfp4

let schemes =
  [ Mxfp8_e4m3; Mxfp8_e5m2; Mxfp6_e2m3; Mxfp6_e3m2; Mxfp4; Mxint8; Nvfp4; Ggml_q8_0;
    Ggml_q4_0; Ggml_mxfp4; Ggml_nvfp4 ]

let scheme_code =
  let open Nx_codes.Block_scheme in
  function
  | Mxfp8_e4m3 -> mxfp8_e4m3 | Mxfp8_e5m2 -> mxfp8_e5m2 | Mxfp6_e2m3 -> mxfp6_e2m3
  | Mxfp6_e3m2 -> mxfp6_e3m2 | Mxfp4 -> mxfp4 | Mxint8 -> mxint8 | Nvfp4 -> nvfp4
  | Ggml_q8_0 -> ggml_q8_0 | Ggml_q4_0 -> ggml_q4_0 | Ggml_mxfp4 -> ggml_mxfp4
  | Ggml_nvfp4 -> ggml_nvfp4

let scheme_name = function
  | Mxfp8_e4m3 -> "mxfp8_e4m3" | Mxfp8_e5m2 -> "mxfp8_e5m2" | Mxfp6_e2m3 -> "mxfp6_e2m3"
  | Mxfp6_e3m2 -> "mxfp6_e3m2" | Mxfp4 -> "mxfp4" | Mxint8 -> "mxint8" | Nvfp4 -> "nvfp4"
  | Ggml_q8_0 -> "ggml_q8_0" | Ggml_q4_0 -> "ggml_q4_0" | Ggml_mxfp4 -> "ggml_mxfp4"
  | Ggml_nvfp4 -> "ggml_nvfp4"

let scheme_of_name n = List.find_opt (fun s -> scheme_name s = n) schemes

type element =
  | Float8_e4m3fn | Float8_e5m2 | Float6_e2m3fn | Float6_e3m2fn | Float4_e2m1fn
  | Int8_scaled | Int8 | Uint4_minus_8

type scale = E8m0 | E4m3 | Ue4m3 | Float16

type facts = {
  block_size : int;
  scale_block : int;
  element : element;
  element_bits : int;
  scale : scale;
  bytes_per_block : int;
  tensor_scale : bool;
}

(* As rust/src/block/scheme.rs has them; the tests check the bytes
   against the kernels'. *)
let facts s =
  let block_size, scale_block, element, scale =
    match s with
    | Mxfp8_e4m3 -> (32, 32, Float8_e4m3fn, E8m0)
    | Mxfp8_e5m2 -> (32, 32, Float8_e5m2, E8m0)
    | Mxfp6_e2m3 -> (32, 32, Float6_e2m3fn, E8m0)
    | Mxfp6_e3m2 -> (32, 32, Float6_e3m2fn, E8m0)
    | Mxfp4 -> (32, 32, Float4_e2m1fn, E8m0)
    | Mxint8 -> (32, 32, Int8_scaled, E8m0)
    | Nvfp4 -> (16, 16, Float4_e2m1fn, E4m3)
    | Ggml_q8_0 -> (32, 32, Int8, Float16)
    | Ggml_q4_0 -> (32, 32, Uint4_minus_8, Float16)
    | Ggml_mxfp4 -> (32, 32, Float4_e2m1fn, E8m0)
    | Ggml_nvfp4 -> (64, 16, Float4_e2m1fn, Ue4m3)
  in
  let element_bits = match element with Float4_e2m1fn | Uint4_minus_8 -> 4 | _ -> 8 in
  let scale_bytes = match scale with Float16 -> 2 | _ -> 1 in
  { block_size; scale_block; element; element_bits; scale;
    bytes_per_block = (block_size * element_bits / 8) + (scale_bytes * block_size / scale_block);
    tensor_scale = s = Nvfp4 }

let is_ggml = function
  | Ggml_q8_0 | Ggml_q4_0 | Ggml_mxfp4 | Ggml_nvfp4 -> true
  | Mxfp8_e4m3 | Mxfp8_e5m2 | Mxfp6_e2m3 | Mxfp6_e3m2 | Mxfp4 | Mxint8 | Nvfp4 -> false

type u8 = (int, Dtype.int8_unsigned_elt) nx

type t = {
  scheme : scheme;
  dims : int array;
  elements : u8;
  scales : u8 option;
  tensor_scale : float;
}

let scheme q = q.scheme
let dims q = Array.copy q.dims
let elements q = q.elements
let scales q = q.scales
let tensor_scale q = q.tensor_scale

(* Shapes *)

let dims_to_string d =
  "[|" ^ String.concat "; " (Array.to_list (Array.map string_of_int d)) ^ "|]"

let last d = d.(Array.length d - 1)
let with_last d x = let d = Array.copy d in d.(Array.length d - 1) <- x; d
let size d = Array.fold_left ( * ) 1 d
let nbytes a = Bigarray.Array1.dim (A.buffer a)

(* [size d] of non-negative dimensions, or [None] past [max_int]. *)
let checked_size d =
  Array.fold_left
    (fun n x -> match n with Some n when x = 0 || n <= max_int / x -> Some (n * x) | _ -> None)
    (Some 1) d

(* The number of values of [dims], checked for the scheme. *)
let check_dims fn s dims =
  let f = facts s in
  if Array.length dims = 0 then err fn "%s needs at least one dimension" (scheme_name s);
  if Array.exists (fun d -> d < 0) dims then err fn "negative dimension in %s" (dims_to_string dims);
  if last dims mod f.block_size <> 0 then
    err fn "the last dimension of %s is not a multiple of %s's block of %d" (dims_to_string dims)
      (scheme_name s) f.block_size;
  match checked_size dims with
  | Some n when n / f.block_size <= max_int / f.bytes_per_block -> n
  | _ -> err fn "%s overflows an int" (dims_to_string dims)

(* The dimensions of the elements (or ggml's blocks) and of the scales
   of values of dimensions [dims]. *)
let element_dims s dims =
  let f = facts s in
  if is_ggml s then with_last dims (last dims / f.block_size * f.bytes_per_block)
  else with_last dims (last dims * f.element_bits / 8)

let scale_dims s dims = with_last dims (last dims / (facts s).scale_block)

let is_float32 x = Int32.float_of_bits (Int32.bits_of_float x) = x

(* [name], if given, says where the tensor scale came from. *)
let check_tensor_scale ?name fn x =
  if not (Float.is_finite x && x > 0. && is_float32 x) then
    err fn "%sthe tensor scale %.9g is not a positive finite float32 value"
      (match name with Some n -> n ^ ": " | None -> "") x

(* [count n "byte"] is "1 byte", "2 bytes"… *)
let count n what = Printf.sprintf "%d %s%s" n what (if n = 1 then "" else "s")
let bytes n = count n "byte"

(* [a] as the array of dimensions [d], the [what] of values of
   dimensions [dims]. *)
let view fn what ~dims d a =
  let want = size d in
  if nbytes a <> want then
    err fn "%s has %s; values of dimensions %s need %s (%s of dimensions %s)" what
      (bytes (nbytes a)) (dims_to_string dims) (bytes want) what (dims_to_string d);
  A.of_buffer Dtype.Uint8 d (A.buffer a)

let v ?scales ?tensor_scale s ~dims elements =
  let fn = "v" in
  let dims = Array.copy dims in
  ignore (check_dims fn s dims);
  let elements = view fn "elements" ~dims (element_dims s dims) elements in
  let scales =
    match (is_ggml s, scales) with
    | true, None -> None
    | true, Some _ -> err fn "%s keeps its scales in its blocks: no ~scales" (scheme_name s)
    | false, None -> err fn "%s needs ~scales" (scheme_name s)
    | false, Some sc -> Some (view fn "scales" ~dims (scale_dims s dims) sc)
  in
  let tensor_scale =
    match tensor_scale with
    | None -> 1.
    | Some x when s = Nvfp4 -> check_tensor_scale fn x; x
    | Some _ -> err fn "~tensor_scale is NVFP4's, not %s's" (scheme_name s)
  in
  { scheme = s; dims; elements; scales; tensor_scale }

(* Quantizing *)

type policy = Floor | Ceil | Even | Rceil

let policy_code =
  let open Nx_codes.Block_policy in
  function Floor -> floor | Ceil -> ceil | Even -> even | Rceil -> rceil

let source_code : type s. string -> (float, s) Dtype.t -> int = fun fn dt ->
  match dt with
  | Dtype.Float64 | Dtype.Float32 | Dtype.Bfloat16 | Dtype.Float16 -> Dtype.code dt
  | _ -> err fn "cannot quantize %s: float64, float32, bfloat16 or float16 only" (Dtype.name dt)

let empty = lazy (Bigarray.Array1.create Bigarray.char Bigarray.c_layout 0)

let quantize ?policy ?rounding ?tensor_scale s a =
  let fn = "quantize" in
  let src_code = source_code fn (A.dtype a) in
  let dims = A.dims a in
  let n = check_dims fn s dims in
  let f = facts s in
  (match policy with
   | Some _ when f.scale <> E8m0 -> err fn "~policy chooses E8M0 scales: %s has none" (scheme_name s)
   | _ -> ());
  let src = A.buffer a in
  let ts =
    match (s, tensor_scale) with
    | Nvfp4, Some x -> check_tensor_scale fn x; x
    | Nvfp4, None -> tensor_scale_stub src_code src n
    | _, Some _ -> err fn "~tensor_scale is NVFP4's, not %s's" (scheme_name s)
    | _, None -> 1.
  in
  let edims = element_dims s dims in
  let el = A.alloc_buffer (size edims) in
  let sdims = scale_dims s dims in
  let sc = if is_ggml s then Lazy.force empty else A.alloc_buffer (size sdims) in
  let p =
    Nx_codes.block_quantize ~scheme:(scheme_code s)
      ~policy:(policy_code (Option.value policy ~default:Floor))
      ~rounding:(rounding_code rounding) ~src:src_code
  in
  let r = quantize_stub p src el sc n ts in
  if r = -2 then invalid_arg ("Nx_array.Block." ^ fn ^ ": the kernels refused the parameters");
  if r >= 0 then
    err fn "element %d is not finite: %s has no NaN scale" r (scheme_name s);
  let scales = if is_ggml s then None else Some (A.of_buffer Dtype.Uint8 sdims sc) in
  { scheme = s; dims; elements = A.of_buffer Dtype.Uint8 edims el; scales; tensor_scale = ts }

(* Dequantizing *)

let run_dequantize fn q dt dst =
  let n = size q.dims in
  let sc = match q.scales with Some sc -> A.buffer sc | None -> Lazy.force empty in
  let p = Nx_codes.block_dequantize ~scheme:(scheme_code q.scheme) ~dst:(Dtype.code dt) in
  let r = dequantize_stub p dst (A.buffer q.elements) sc n q.tensor_scale in
  if r <> -1 then err fn "the kernels refused the parameters"

let dequantize (type s) (dt : (float, s) Dtype.t) q : (float, s) nx =
  let dst = A.alloc_buffer (Dtype.bytes dt (size q.dims)) in
  run_dequantize "dequantize" q dt dst;
  A.of_buffer dt (Array.copy q.dims) dst

let dequantize_into q a =
  let fn = "dequantize_into" in
  if A.dims a <> q.dims then
    err fn "dimensions differ: %s and %s" (dims_to_string q.dims) (dims_to_string (A.dims a));
  let dst = A.buffer a in
  if A.overlap dst (A.buffer q.elements) then
    err fn "the destination shares bytes with the blocks' elements";
  (match q.scales with
   | Some sc when A.overlap dst (A.buffer sc) ->
       err fn "the destination shares bytes with the blocks' scales"
   | _ -> ());
  run_dequantize fn q (A.dtype a) dst

(* Checkpoint layouts *)

let leading d = Array.sub d 0 (Array.length d - 1)

(* The arrays of a gpt-oss weight and of a ModelOpt one, checked for the
   function [fn], the tensors named [names] in its messages. *)
let gpt_oss fn ?(names = ("blocks", "scales")) ~blocks ~scales () =
  let bn, sn = names in
  let bd = A.dims blocks and sd = A.dims scales in
  let nb = Array.length bd in
  if nb < 2 then
    err fn "%s %s: gpt-oss blocks have at least two dimensions: the blocks, then their 16 bytes" bn
      (dims_to_string bd);
  if bd.(nb - 1) <> 16 then
    err fn "%s %s: the last dimension must be 16 bytes (32 E2M1 elements), not %d" bn
      (dims_to_string bd) bd.(nb - 1);
  if leading bd <> sd then
    err fn "%s %s and %s %s: the scales must be the blocks' dimensions without the last" bn
      (dims_to_string bd) sn (dims_to_string sd);
  let dims = Array.append (leading sd) [| 32 * last sd |] in
  v Mxfp4 ~dims ~scales blocks

let of_gpt_oss ~blocks ~scales = gpt_oss "of_gpt_oss" ~blocks ~scales ()
let dequantize_gpt_oss dt ~blocks ~scales =
  dequantize dt (gpt_oss "dequantize_gpt_oss" ~blocks ~scales ())

let to_gpt_oss_named fn q =
  if q.scheme <> Mxfp4 then err fn "gpt-oss stores mxfp4, not %s" (scheme_name q.scheme);
  let nb = last q.dims / 32 in
  let lead = leading q.dims in
  let scales = Option.get q.scales in
  ( A.of_buffer Dtype.Uint8 (Array.append lead [| nb; 16 |]) (A.buffer q.elements),
    A.of_buffer Dtype.Uint8 (Array.append lead [| nb |]) (A.buffer scales) )

let to_gpt_oss q = to_gpt_oss_named "to_gpt_oss" q

(* The float32 of a one-element Float32 array, from its bytes. *)
let the_float32 fn name a =
  if size (A.dims a) <> 1 then
    err fn "%s %s has %d elements, not one" name (dims_to_string (A.dims a)) (size (A.dims a));
  let b = A.buffer a in
  let byte i = Int32.of_int (Char.code (Bigarray.Array1.get b i)) in
  let bits =
    List.fold_left (fun acc i -> Int32.logor acc (Int32.shift_left (byte i) (8 * i))) 0l [ 0; 1; 2; 3 ]
  in
  Int32.float_of_bits bits

let modelopt fn ?(names = ("weight", "weight_scale", "weight_scale_2")) ~weight ~weight_scale
    ~weight_scale_2 () =
  let wn, sn, s2n = names in
  let wd = A.dims weight and sd = A.dims weight_scale in
  if Array.length wd = 0 then
    err fn "%s has no dimension: NVFP4 weights are bytes of at least one dimension, two elements each" wn;
  let both = Printf.sprintf "%s %s and %s %s" wn (dims_to_string wd) sn (dims_to_string sd) in
  if Array.length sd <> Array.length wd then
    err fn "%s: the scales need the weight's number of dimensions" both;
  if leading wd <> leading sd then err fn "%s: the dimensions but the last differ" both;
  let row = 2 * last wd in
  if row mod 16 <> 0 then
    err fn "%s %s: a row of %s holds %d elements, not a multiple of NVFP4's block of 16" wn
      (dims_to_string wd) (bytes (last wd)) row;
  if row / 16 <> last sd then
    err fn "%s: a row of %d elements needs %s, not %d" both row (count (row / 16) "scale") (last sd);
  let ts = the_float32 fn s2n weight_scale_2 in
  check_tensor_scale ~name:s2n fn ts;
  let scales = A.of_buffer Dtype.Uint8 sd (A.buffer weight_scale) in
  v Nvfp4 ~scales ~tensor_scale:ts ~dims:(with_last wd (2 * last wd)) weight

let of_modelopt ~weight ~weight_scale ~weight_scale_2 =
  modelopt "of_modelopt" ~weight ~weight_scale ~weight_scale_2 ()

let dequantize_modelopt dt ~weight ~weight_scale ~weight_scale_2 =
  dequantize dt (modelopt "dequantize_modelopt" ~weight ~weight_scale ~weight_scale_2 ())

let nvfp4_tensor_scale a =
  let src = source_code "nvfp4_tensor_scale" (A.dtype a) in
  tensor_scale_stub src (A.buffer a) (size (A.dims a))

(* Safetensors files *)

type file_format = F8_e8m0 | F6_e2m3 | F6_e3m2

let file_formats = [ F8_e8m0; F6_e2m3; F6_e3m2 ]

let file_format_to_string = function
  | F8_e8m0 -> "F8_E8M0" | F6_e2m3 -> "F6_E2M3" | F6_e3m2 -> "F6_E3M2"

let file_format_of_string s = List.find_opt (fun f -> file_format_to_string f = s) file_formats

(* A tensor's dtype string, or its dtype's name where it has none (a
   Tensor made by the caller). *)
let dtype_string = function
  | St.Raw r -> r.dtype
  | St.Tensor a -> (
      match St.dtype_to_string (A.dtype a) with Some s -> s | None -> Dtype.name (A.dtype a))

let label = function None -> "" | Some n -> Printf.sprintf "tensor %S: " n

let tensor_data = function St.Raw r -> A.buffer r.data | St.Tensor a -> A.buffer a

let format_of_tensor fn ?name t =
  let s = dtype_string t in
  match file_format_of_string s with
  | Some f -> f
  | None when s = "U8" ->
      err fn "%sa U8 tensor holds numbers: F8_E8M0, F6_E2M3 or F6_E3M2 only (gpt-oss's U8 \
              scales are read as E8M0 by get_gpt_oss)" (label name)
  | None -> err fn "%sa %s tensor: F8_E8M0, F6_E2M3 or F6_E3M2 only" (label name) s

let byte b i = Char.code (Bigarray.Array1.unsafe_get b i)
let set_byte b i x = Bigarray.Array1.unsafe_set b i (Char.unsafe_chr x)

(* F6's packing: four codes in three bytes, a little-endian bit stream. *)
let unpack6 src n =
  let dst = A.alloc_buffer n in
  for g = 0 to (n / 4) - 1 do
    let b0 = byte src (3 * g) and b1 = byte src ((3 * g) + 1) and b2 = byte src ((3 * g) + 2) in
    let w = b0 lor (b1 lsl 8) lor (b2 lsl 16) in
    for k = 0 to 3 do set_byte dst ((4 * g) + k) ((w lsr (6 * k)) land 0x3f) done
  done;
  dst

let pack6 fn src n =
  if n mod 4 <> 0 then
    err fn "%d six-bit elements do not fill whole bytes: safetensors needs a multiple of 4" n;
  let dst = A.alloc_buffer (n / 4 * 3) in
  for g = 0 to (n / 4) - 1 do
    let w = ref 0 in
    for k = 0 to 3 do
      let c = byte src ((4 * g) + k) in
      if c > 63 then err fn "element %d: %d is not a six-bit code" ((4 * g) + k) c;
      w := !w lor (c lsl (6 * k))
    done;
    for k = 0 to 2 do set_byte dst ((3 * g) + k) ((!w lsr (8 * k)) land 0xff) done
  done;
  dst

let codes fn ?name t =
  let f = format_of_tensor fn ?name t in
  let shape = St.tensor_shape t in
  let data = tensor_data t in
  let n = size shape in
  let codes = match f with F8_e8m0 -> data | F6_e2m3 | F6_e3m2 -> unpack6 data n in
  (f, A.of_buffer Dtype.Uint8 shape codes)

let tensor_codes t = snd (codes "tensor_codes" t)

let raw f shape data =
  St.Raw { dtype = file_format_to_string f; shape;
           data = A.of_buffer Dtype.Uint8 [| Bigarray.Array1.dim data |] data }

let of_codes fn f codes =
  let shape = A.dims codes and b = A.buffer codes in
  match f with
  | F8_e8m0 -> raw f shape b
  | F6_e2m3 | F6_e3m2 -> raw f shape (pack6 fn b (size shape))

let tensor_of_codes f codes = of_codes "tensor_of_codes" f codes

let load_code = function
  | F8_e8m0 -> E8m0.to_float
  | F6_e2m3 -> Float6.to_float Float6.E2m3fn
  | F6_e3m2 -> Float6.to_float Float6.E3m2fn

let decode fn ?name dt t =
  let f, c = codes fn ?name t in
  let table = Array.init (if f = F8_e8m0 then 256 else 64) (load_code f) in
  let b = A.buffer c in
  let values = Array.init (size (A.dims c)) (fun i -> table.(byte b i)) in
  A.cast dt (A.of_array Dtype.Float64 (A.dims c) values)

let decode_tensor dt t = decode "decode_tensor" dt t

let encode_tensor ?rounding f a =
  let fn = "encode_tensor" in
  let dims = A.dims a in
  if f <> F8_e8m0 && size dims mod 4 <> 0 then
    err fn "%s: %d elements do not fill whole bytes: a multiple of 4" (file_format_to_string f)
      (size dims);
  let store =
    match f with
    | F8_e8m0 -> E8m0.of_float ?rounding
    | F6_e2m3 -> Float6.of_float ?rounding Float6.E2m3fn
    | F6_e3m2 -> Float6.of_float ?rounding Float6.E3m2fn
  in
  let values = A.to_array (A.cast Dtype.Float64 a) in
  let b = A.alloc_buffer (Array.length values) in
  Array.iteri (fun i x -> set_byte b i (store x)) values;
  of_codes fn f (A.of_buffer Dtype.Uint8 dims b)

let find fn st name =
  match St.find_tensor st name with Some t -> t | None -> err fn "no tensor %S" name

(* [f ()], a reader of a file's tensors, as a result: what the file gets
   wrong (a tensor missing, a dtype string or a shape the layout has
   not) is [Error msg], without the function's name, which is the
   program's and not the file's. *)
let of_file fn f =
  match f () with
  | v -> Ok v
  | exception Invalid_argument m -> Error (File_io.without_prefix ("Nx_array.Block." ^ fn ^ ": ") m)

let get_decoded dt st name =
  of_file "get_decoded" (fun () -> decode "get_decoded" ~name dt (find "get_decoded" st name))

(* Checkpoints in files *)

(* The tensor [name] of [st] as an array of [dt] with its shape, if its
   dtype string is one of [accepted]. *)
let tensor_as fn dt st name accepted =
  let t = find fn st name in
  let s = dtype_string t in
  if not (List.mem s accepted) then
    err fn "tensor %S is %s, not %s" name s (String.concat " or " accepted);
  let data = tensor_data t in
  A.of_buffer dt (St.tensor_shape t) data

let tensor_label n = Printf.sprintf "tensor %S" n

let get_gpt_oss_for fn st name =
  let bn = name ^ "_blocks" and sn = name ^ "_scales" in
  let blocks = tensor_as fn Dtype.Uint8 st bn [ "U8" ] in
  let scales = tensor_as fn Dtype.Uint8 st sn [ "U8"; "F8_E8M0" ] in
  gpt_oss fn ~names:(tensor_label bn, tensor_label sn) ~blocks ~scales ()

let get_gpt_oss st name = of_file "get_gpt_oss" (fun () -> get_gpt_oss_for "get_gpt_oss" st name)

let load_gpt_oss dt st name =
  of_file "load_gpt_oss" (fun () -> dequantize dt (get_gpt_oss_for "load_gpt_oss" st name))

let gpt_oss_tensors ?(e8m0 = false) name q =
  let fn = "gpt_oss_tensors" in
  let blocks, scales = to_gpt_oss_named fn q in
  [ (name ^ "_blocks", St.Tensor blocks);
    (name ^ "_scales", if e8m0 then of_codes fn F8_e8m0 scales else St.Tensor scales) ]

let get_modelopt_for fn st name =
  let sn = name ^ "_scale" and s2n = name ^ "_scale_2" in
  let weight = tensor_as fn Dtype.Uint8 st name [ "U8" ] in
  let weight_scale = tensor_as fn Dtype.Float8_e4m3fn st sn [ "F8_E4M3" ] in
  let weight_scale_2 = tensor_as fn Dtype.Float32 st s2n [ "F32" ] in
  modelopt fn ~names:(tensor_label name, tensor_label sn, tensor_label s2n) ~weight ~weight_scale
    ~weight_scale_2 ()

let get_modelopt st name =
  of_file "get_modelopt" (fun () -> get_modelopt_for "get_modelopt" st name)

let load_modelopt dt st name =
  of_file "load_modelopt" (fun () -> dequantize dt (get_modelopt_for "load_modelopt" st name))

let modelopt_tensors name q =
  if q.scheme <> Nvfp4 then
    err "modelopt_tensors" "ModelOpt's layout stores nvfp4, not %s" (scheme_name q.scheme);
  let scales = Option.get q.scales in
  [ (name, St.Tensor q.elements);
    (name ^ "_scale", St.Tensor (A.of_buffer Dtype.Float8_e4m3fn (A.dims scales) (A.buffer scales)));
    (name ^ "_scale_2", St.Tensor (A.of_array Dtype.Float32 [||] [| q.tensor_scale |])) ]

(* GGUF files *)

let gguf_scheme (g : Gguf.ggml_type) =
  match g.type_name with
  | "Q8_0" -> Some Ggml_q8_0 | "Q4_0" -> Some Ggml_q4_0 | "MXFP4" -> Some Ggml_mxfp4
  | "NVFP4" -> Some Ggml_nvfp4
  | _ -> None

let get_gguf g name =
  let module G = Gguf in
  match G.find_info g name with
  | None -> Error (Printf.sprintf "no tensor %S" name)
  | Some i -> (
      match (gguf_scheme i.ggml_type, G.get_tensor g name) with
      | Some s, G.Blocks b when Array.length i.dims > 0 -> Ok (v s ~dims:i.dims b.data)
      | Some _, _ -> Error (Printf.sprintf "tensor %S has no dimension" name)
      | None, _ ->
          Error
            (Printf.sprintf "tensor %S is %s: the block types here are Q8_0, Q4_0, MXFP4 and NVFP4"
               name i.ggml_type.type_name))

let load_gguf dt g name = Result.map (dequantize dt) (get_gguf g name)
