(* Block-scaled formats. The kernels are Rust's (rust/src/block/), called
   through the exports of rust/ocaml/src/block.rs once this side has
   checked everything; the codes are Nx_codes's. *)

type buffer = Block_intf.buffer

module type ARRAY = Block_intf.ARRAY
module type S = Block_intf.S

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

module Make (A : ARRAY) = struct
  type ('v, 's) nx = ('v, 's) A.t
  type rounding = A.rounding

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

  (* The number of values of [dims], checked for the scheme. *)
  let check_dims fn s dims =
    let f = facts s in
    if Array.length dims = 0 then err fn "%s needs at least one dimension" (scheme_name s);
    if Array.exists (fun d -> d < 0) dims then err fn "negative dimension in %s" (dims_to_string dims);
    if last dims mod f.block_size <> 0 then
      err fn "the last dimension of %s is not a multiple of %s's block of %d" (dims_to_string dims)
        (scheme_name s) f.block_size;
    let n = size dims in
    if n < 0 || (n > 0 && n / f.block_size > max_int / f.bytes_per_block) then
      err fn "%s overflows an int" (dims_to_string dims);
    n

  (* The dimensions of the elements (or ggml's blocks) and of the scales
     of values of dimensions [dims]. *)
  let element_dims s dims =
    let f = facts s in
    if is_ggml s then with_last dims (last dims / f.block_size * f.bytes_per_block)
    else with_last dims (last dims * f.element_bits / 8)

  let scale_dims s dims = with_last dims (last dims / (facts s).scale_block)

  let is_float32 x = Int32.float_of_bits (Int32.bits_of_float x) = x

  let check_tensor_scale fn x =
    if not (Float.is_finite x && x > 0. && is_float32 x) then
      err fn "the tensor scale %h is not a positive finite float32 value" x

  let view fn what d a =
    let want = size d in
    if nbytes a <> want then
      err fn "%s has %d bytes, %s needs %d" what (nbytes a) (dims_to_string d) want;
    A.of_buffer Dtype.Uint8 d (A.buffer a)

  let v ?scales ?tensor_scale s ~dims elements =
    let fn = "v" in
    let dims = Array.copy dims in
    ignore (check_dims fn s dims);
    let elements = view fn "elements" (element_dims s dims) elements in
    let scales =
      match (is_ggml s, scales) with
      | true, None -> None
      | true, Some _ -> err fn "%s keeps its scales in its blocks: no ~scales" (scheme_name s)
      | false, None -> err fn "%s needs ~scales" (scheme_name s)
      | false, Some sc -> Some (view fn "scales" (scale_dims s dims) sc)
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
    run_dequantize fn q (A.dtype a) (A.buffer a)

  (* Checkpoint layouts *)

  let leading d = Array.sub d 0 (Array.length d - 1)

  let of_gpt_oss ~blocks ~scales =
    let fn = "of_gpt_oss" in
    let bd = A.dims blocks and sd = A.dims scales in
    let nb = Array.length bd in
    if nb < 2 || bd.(nb - 1) <> 16 then
      err fn "blocks %s: the last dimension must be 16 bytes (32 E2M1 elements)" (dims_to_string bd);
    if leading bd <> sd then
      err fn "blocks %s and scales %s: the scales must be the blocks' dimensions without the last"
        (dims_to_string bd) (dims_to_string sd);
    let dims = Array.append (leading sd) [| 32 * last sd |] in
    v Mxfp4 ~dims ~scales blocks

  let dequantize_gpt_oss dt ~blocks ~scales = dequantize dt (of_gpt_oss ~blocks ~scales)

  let to_gpt_oss q =
    if q.scheme <> Mxfp4 then
      err "to_gpt_oss" "gpt-oss stores mxfp4, not %s" (scheme_name q.scheme);
    let nb = last q.dims / 32 in
    let lead = leading q.dims in
    let scales = Option.get q.scales in
    ( A.of_buffer Dtype.Uint8 (Array.append lead [| nb; 16 |]) (A.buffer q.elements),
      A.of_buffer Dtype.Uint8 (Array.append lead [| nb |]) (A.buffer scales) )

  (* The float32 of a one-element Float32 array, from its bytes. *)
  let the_float32 fn a =
    if size (A.dims a) <> 1 then
      err fn "weight_scale_2 %s has %d elements, not one" (dims_to_string (A.dims a)) (size (A.dims a));
    let b = A.buffer a in
    let byte i = Int32.of_int (Char.code (Bigarray.Array1.get b i)) in
    let bits =
      List.fold_left (fun acc i -> Int32.logor acc (Int32.shift_left (byte i) (8 * i))) 0l [ 0; 1; 2; 3 ]
    in
    Int32.float_of_bits bits

  let of_modelopt ~weight ~weight_scale ~weight_scale_2 =
    let fn = "of_modelopt" in
    let wd = A.dims weight and sd = A.dims weight_scale in
    if Array.length wd = 0 || Array.length sd <> Array.length wd || leading wd <> leading sd
       || 2 * last wd <> 16 * last sd then
      err fn "weight %s and weight_scale %s: a scale per 16 elements, two elements per byte"
        (dims_to_string wd) (dims_to_string sd);
    let ts = the_float32 fn weight_scale_2 in
    check_tensor_scale fn ts;
    let scales = A.of_buffer Dtype.Uint8 sd (A.buffer weight_scale) in
    v Nvfp4 ~scales ~tensor_scale:ts ~dims:(with_last wd (2 * last wd)) weight

  let dequantize_modelopt dt ~weight ~weight_scale ~weight_scale_2 =
    dequantize dt (of_modelopt ~weight ~weight_scale ~weight_scale_2)
end
