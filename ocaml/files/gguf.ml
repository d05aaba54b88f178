(* GGUF files: a header, typed metadata, tensor infos, then the aligned
   data section. Every count and length is checked against the bytes that
   are there before anything is made of that size. *)

module A = struct
  include Arrays
  include Arrays.Private
end

type buffer = Arrays.buffer
type ('v, 's) nx_array = ('v, 's) Arrays.t

(* {1 ggml types} *)

type ggml_type = {
  id : int;
  type_name : string;
  block_size : int;
  type_size : int;
  dtype : Dtype.any option;
}

let t ?dtype id type_name block_size type_size = { id; type_name; block_size; type_size; dtype }

(* ggml.h's table (ids 4, 5, 31 to 33 and 36 to 38 are retired). *)
let ggml_types =
  let open Dtype in
  [ t ~dtype:(Any Float32) 0 "F32" 1 4; t ~dtype:(Any Float16) 1 "F16" 1 2;
    t 2 "Q4_0" 32 18; t 3 "Q4_1" 32 20; t 6 "Q5_0" 32 22; t 7 "Q5_1" 32 24;
    t 8 "Q8_0" 32 34; t 9 "Q8_1" 32 36; t 10 "Q2_K" 256 84; t 11 "Q3_K" 256 110;
    t 12 "Q4_K" 256 144; t 13 "Q5_K" 256 176; t 14 "Q6_K" 256 210; t 15 "Q8_K" 256 292;
    t 16 "IQ2_XXS" 256 66; t 17 "IQ2_XS" 256 74; t 18 "IQ3_XXS" 256 98; t 19 "IQ1_S" 256 50;
    t 20 "IQ4_NL" 32 18; t 21 "IQ3_S" 256 110; t 22 "IQ2_S" 256 82; t 23 "IQ4_XS" 256 136;
    t ~dtype:(Any Int8) 24 "I8" 1 1; t ~dtype:(Any Int16) 25 "I16" 1 2;
    t ~dtype:(Any Int32) 26 "I32" 1 4; t ~dtype:(Any Int64) 27 "I64" 1 8;
    t ~dtype:(Any Float64) 28 "F64" 1 8; t 29 "IQ1_M" 256 56;
    t ~dtype:(Any Bfloat16) 30 "BF16" 1 2; t 34 "TQ1_0" 256 54; t 35 "TQ2_0" 256 66;
    t 39 "MXFP4" 32 17; t 40 "NVFP4" 64 36; t 41 "Q1_0" 128 18; t 42 "Q2_0" 64 18 ]

let ggml_type_of_id id = List.find_opt (fun g -> g.id = id) ggml_types
let ggml_type_of_name n = List.find_opt (fun g -> g.type_name = n) ggml_types

(* {1 Values} *)

type value_type =
  | U8 | I8 | U16 | I16 | U32 | I32 | F32 | Bool | String | Array | U64 | I64 | F64

let value_types = [| U8; I8; U16; I16; U32; I32; F32; Bool; String; Array; U64; I64; F64 |]

let value_type_name = function
  | U8 -> "u8" | I8 -> "i8" | U16 -> "u16" | I16 -> "i16" | U32 -> "u32" | I32 -> "i32"
  | F32 -> "f32" | Bool -> "bool" | String -> "string" | Array -> "array" | U64 -> "u64"
  | I64 -> "i64" | F64 -> "f64"

(* The bytes of a scalar of [ty]; strings and arrays have none. *)
let scalar_size = function
  | U8 | I8 | Bool -> 1 | U16 | I16 -> 2 | U32 | I32 | F32 -> 4 | U64 | I64 | F64 -> 8
  | String | Array -> 0

type value =
  | Int of value_type * int
  | Int64 of value_type * int64
  | Float of value_type * float
  | Bool of bool
  | String of string
  | Array of values

and values = { elt : value_type; length : int; src : src }

and src =
  | In_file of {
      buf : buffer;
      first : int;  (* the first element's position in [buf] *)
      mutable starts : int array option;  (* of each element, when they vary *)
    }
  | Made of value array

(* {1 Reading} *)

exception Bad of string

let bad fmt = Printf.ksprintf (fun m -> raise (Bad m)) fmt

type info = {
  name : string;
  ggml_type : ggml_type;
  ne : int array;
  dims : int array;
  offset : int;
  bytes : int;
}

type t = {
  file : buffer;
  version : int;
  alignment : int;
  data_start : int;
  metadata : (string * value) list;
  by_key : (string, value) Hashtbl.t;
  infos : info list;
  by_name : (string, info) Hashtbl.t;
}

let max_depth = 64
let max_dims = 4
let default_alignment = 32

(* A power of two, as llama.cpp's reader asks, and a multiple of 8, as
   the format's description does. *)
let valid_alignment a = a >= 8 && a land (a - 1) = 0

let u8 b i = Char.code (Bigarray.Array1.unsafe_get b i)
let u16 b i = u8 b i lor (u8 b (i + 1) lsl 8)
let u32 b i = u16 b i lor (u16 b (i + 2) lsl 16)
let i64 b i = Int64.logor (Int64.of_int (u32 b i)) (Int64.shift_left (Int64.of_int (u32 b (i + 4))) 32)

(* A cursor over the file, every read checked against its end. *)
type cursor = { b : buffer; mutable pos : int }

let need c n what =
  if n < 0 || n > Bigarray.Array1.dim c.b - c.pos then
    bad "%s at byte %d runs past the end of the file (%d bytes)" what c.pos (Bigarray.Array1.dim c.b)

let take c n what =
  need c n what;
  let p = c.pos in
  c.pos <- p + n;
  p

(* A count or length of 8 bytes, which must be an int the file can back:
   at most [per] bytes for each of the bytes that remain. *)
let count c ~per what =
  let p = take c 8 what in
  let v = i64 c.b p in
  let left = Bigarray.Array1.dim c.b - c.pos in
  if Int64.compare v 0L < 0 || Int64.compare v (Int64.of_int (left / max 1 per)) > 0 then
    bad "%s %Lu at byte %d: more than the %d bytes that follow can hold" what v p left;
  Int64.to_int v

let string_ c what =
  let n = count c ~per:1 (what ^ "'s length") in
  let p = take c n what in
  let s = A.string_of_buffer (Bigarray.Array1.sub c.b p n) in
  if not (String.is_valid_utf_8 s) then bad "%s at byte %d is not UTF-8" what p;
  s

let value_type c what =
  let p = take c 4 what in
  let code = u32 c.b p in
  if code >= Array.length value_types then bad "%s at byte %d: unknown value type %d" what p code;
  value_types.(code)

let scalar b p : value_type -> value = function
  | U8 -> Int (U8, u8 b p)
  | I8 -> Int (I8, (u8 b p lxor 0x80) - 0x80)
  | U16 -> Int (U16, u16 b p)
  | I16 -> Int (I16, (u16 b p lxor 0x8000) - 0x8000)
  | U32 -> Int (U32, u32 b p)
  | I32 -> Int (I32, (u32 b p lxor 0x80000000) - 0x80000000)
  | U64 -> Int64 (U64, i64 b p)
  | I64 -> Int64 (I64, i64 b p)
  | F32 -> Float (F32, Int32.float_of_bits (Int32.of_int (u32 b p)))
  | F64 -> Float (F64, Int64.float_of_bits (i64 b p))
  | Bool -> Bool (u8 b p <> 0)
  | String | Array -> assert false (* [value] and [array_get] ask for scalars only *)

let rec value c (ty : value_type) ~depth what =
  match ty with
  | String -> String (string_ c what)
  | Array ->
      if depth >= max_depth then bad "%s: arrays nested more than %d deep" what max_depth;
      let elt = value_type c (what ^ "'s element type") in
      (* Every element takes a byte at least: strings 8, arrays 12. *)
      let per = match elt with String -> 8 | Array -> 12 | s -> scalar_size s in
      let length = count c ~per (what ^ "'s length") in
      let first = c.pos in
      let walk () =
        (* Walked, to check them and find the array's end. *)
        for i = 0 to length - 1 do
          ignore (value c elt ~depth:(depth + 1) (Printf.sprintf "%s[%d]" what i))
        done
      in
      (match elt with
       | String ->
           (* In one native pass; walked again only to say what is wrong. *)
           let e = Native.gguf_strings_end c.b c.pos length in
           if e >= 0 then c.pos <- e else walk ()
       | Array -> walk ()
       | Bool ->
           let p = take c length what in
           for i = 0 to length - 1 do
             if u8 c.b (p + i) > 1 then
               bad "%s[%d] at byte %d: a bool of %d" what i (p + i) (u8 c.b (p + i))
           done
       | s -> ignore (take c (length * scalar_size s) what));
      Array { elt; length; src = In_file { buf = c.b; first; starts = None } }
  | Bool ->
      let p = take c 1 what in
      if u8 c.b p > 1 then bad "%s at byte %d: a bool of %d" what p (u8 c.b p);
      Bool (u8 c.b p = 1)
  | s -> scalar c.b (take c (scalar_size s) what) s

let header_size = 4 + 4 + 8 + 8

let parse b =
  let c = { b; pos = 0 } in
  if Bigarray.Array1.dim b < 4 || A.string_of_buffer (Bigarray.Array1.sub b 0 4) <> "GGUF" then
    bad "not a GGUF file (no GGUF magic)";
  need c header_size "the header";
  let version = u32 b 4 in
  if version land 0xffff = 0 && version <> 0 then
    bad "a big-endian GGUF file (version %d, byte-swapped): only little-endian files are read"
      (version lsr 24);
  if version <> 2 && version <> 3 then
    bad "GGUF version %d: versions 2 and 3 are read" version;
  c.pos <- 8;
  (* A tensor info takes 8 + 4 + 4 + 8 bytes at least, a key-value 8 + 4. *)
  let n_tensors = count c ~per:24 "the tensor count" in
  let n_kv = count c ~per:12 "the metadata count" in
  let by_key = Hashtbl.create (2 * n_kv + 1) in
  let metadata =
    List.init n_kv (fun _ ->
        let at = c.pos in
        let key = string_ c "a metadata key" in
        if Hashtbl.mem by_key key then bad "metadata key %S at byte %d appears twice" key at;
        let ty = value_type c (Printf.sprintf "key %S's type" key) in
        let v = value c ty ~depth:0 (Printf.sprintf "key %S" key) in
        Hashtbl.add by_key key v;
        (key, v))
  in
  let alignment =
    match Hashtbl.find_opt by_key "general.alignment" with
    | None -> default_alignment
    | Some (Int (U32, a)) when valid_alignment a -> a
    | Some (Int (U32, a)) -> bad "general.alignment %d is not a power of two of 8 or more" a
    | Some _ -> bad "general.alignment is not a u32"
  in
  let by_name = Hashtbl.create (2 * n_tensors + 1) in
  let raw =
    List.init n_tensors (fun _ ->
        let at = c.pos in
        let name = string_ c "a tensor name" in
        let what = Printf.sprintf "tensor %S" name in
        if Hashtbl.mem by_name name then bad "%s at byte %d appears twice" what at;
        let n_dims = u32 b (take c 4 (what ^ "'s dimension count")) in
        if n_dims > max_dims then bad "%s has %d dimensions: GGUF has at most %d" what n_dims max_dims;
        let ne =
          Array.init n_dims (fun i ->
              let p = take c 8 (what ^ "'s dimensions") in
              let d = i64 b p in
              if Int64.compare d 0L < 0 || Int64.compare d (Int64.of_int max_int) > 0 then
                bad "%s: dimension %d is %Lu, more than an int holds" what i d;
              Int64.to_int d)
        in
        let id = u32 b (take c 4 (what ^ "'s type")) in
        let ggml_type =
          match ggml_type_of_id id with Some g -> g | None -> bad "%s: unknown ggml type %d" what id
        in
        let op = take c 8 (what ^ "'s offset") in
        let offset = i64 b op in
        if Int64.compare offset 0L < 0 || Int64.compare offset (Int64.of_int max_int) > 0 then
          bad "%s: offset %Lu runs past the end of the file (%d bytes)" what offset
            (Bigarray.Array1.dim b);
        let offset = Int64.to_int offset in
        if offset mod alignment <> 0 then
          bad "%s: offset %d is not a multiple of the alignment, %d" what offset alignment;
        let row = if n_dims = 0 then 1 else ne.(0) in
        if row mod ggml_type.block_size <> 0 then
          bad "%s: its rows of %d values are not whole %s blocks of %d" what row
            ggml_type.type_name ggml_type.block_size;
        (* Its bytes: rows of whole blocks, each product checked. *)
        let mul x y = if y <> 0 && x > max_int / y then bad "%s: its size overflows" what else x * y in
        let bytes =
          Array.fold_left mul (mul (row / ggml_type.block_size) ggml_type.type_size)
            (if n_dims = 0 then [||] else Array.sub ne 1 (n_dims - 1))
        in
        let dims = Array.of_list (List.rev (Array.to_list ne)) in
        let i = { name; ggml_type; ne; dims; offset; bytes } in
        Hashtbl.add by_name name i;
        i)
  in
  let data_start = (c.pos + alignment - 1) / alignment * alignment in
  let size = Bigarray.Array1.dim b in
  List.iter
    (fun i ->
      if i.offset > size - data_start || i.bytes > size - data_start - i.offset then
        bad "tensor %S: its %d bytes at %d run past the end of the file (%d bytes)" i.name i.bytes
          (data_start + i.offset) size)
    raw;
  (* No two tensors share a byte: by offset, each starts at or after the
     end of those before it (a tensor of no bytes shares none). *)
  let by_offset = List.stable_sort (fun a b -> compare a.offset b.offset) raw in
  ignore
    (List.fold_left
       (fun prev i ->
         if i.bytes = 0 then prev
         else
           match prev with
           | Some p when i.offset < p.offset + p.bytes ->
               bad "tensor %S: its bytes at %d overlap tensor %S's, at %d to %d" i.name
                 (data_start + i.offset) p.name (data_start + p.offset)
                 (data_start + p.offset + p.bytes)
           | _ -> Some i)
       None by_offset);
  { file = b; version; alignment; data_start; metadata; by_key; infos = raw; by_name }

let of_buffer b = match parse b with t -> Ok t | exception Bad m -> Error m
let of_string s = of_buffer (A.buffer_of_string s)

let map_file path = File_io.parsed of_buffer File_io.map_file path
let read_file path = File_io.parsed of_buffer File_io.read_file path

(* {1 Metadata} *)

let version g = g.version
let alignment g = g.alignment
let data_start g = g.data_start
let metadata g = g.metadata
let find g key = Hashtbl.find_opt g.by_key key

let find_string g key = match find g key with Some (String s) -> Some s | _ -> None
let find_bool g key = match find g key with Some (Bool b) -> Some b | _ -> None

let find_int g key =
  match find g key with
  | Some (Int (_, i)) -> Some i
  | Some (Int64 (I64, i)) when Int64.compare i (Int64.of_int min_int) >= 0
                               && Int64.compare i (Int64.of_int max_int) <= 0 ->
      Some (Int64.to_int i)
  | Some (Int64 (_, i)) when Int64.compare i 0L >= 0 && Int64.compare i (Int64.of_int max_int) <= 0 ->
      Some (Int64.to_int i)
  | _ -> None

let find_float g key =
  match find g key with Some (Float (_, x)) -> Some x | _ -> None

let find_array g key = match find g key with Some (Array a) -> Some a | _ -> None

(* {2 Arrays} *)

let array_type a = a.elt
let array_length a = a.length

(* The position of each element of an array of strings or arrays in the
   file, found once, by walking them (the file was checked when it was
   read). *)
let starts a buf first cached =
  match cached with
  | Some s -> s
  | None ->
      let c = { b = buf; pos = first } in
      Array.init a.length (fun _ ->
          let p = c.pos in
          ignore (value c a.elt ~depth:0 "an element");
          p)

let array_get a i =
  if i < 0 || i >= a.length then
    invalid_arg (Printf.sprintf "Nx_array.Gguf.array_get: index %d of an array of %d" i a.length);
  match a.src with
  | Made vs -> vs.(i)
  | In_file f -> (
      match a.elt with
      | String | Array ->
          let s = starts a f.buf f.first f.starts in
          f.starts <- Some s;
          value { b = f.buf; pos = s.(i) } a.elt ~depth:0 "an element"
      | ty -> scalar f.buf (f.first + (i * scalar_size ty)) ty)

let value_type_of = function
  | Int (t, _) | Int64 (t, _) | Float (t, _) -> t
  | Bool _ -> Bool
  | String _ -> String
  | Array _ -> Array

(* A value that a file can hold: an integer within its type's range,
   each number of a type of its kind; [fn] names the function that
   raises. *)
let check_value fn v =
  let wrong () =
    invalid_arg
      (Printf.sprintf "Nx_array.Gguf.%s: %s is no %s value" fn
         (match v with
          | Int (_, i) -> string_of_int i
          | Int64 (_, i) -> Int64.to_string i
          | Float (_, x) -> Printf.sprintf "%.17g" x
          | _ -> "this")
         (value_type_name (value_type_of v)))
  in
  match v with
  | Int (U8, i) when i < 0 || i > 0xff -> wrong ()
  | Int (I8, i) when i < -0x80 || i > 0x7f -> wrong ()
  | Int (U16, i) when i < 0 || i > 0xffff -> wrong ()
  | Int (I16, i) when i < -0x8000 || i > 0x7fff -> wrong ()
  | Int (U32, i) when i < 0 || i > 0xffffffff -> wrong ()
  | Int (I32, i) when i < -0x80000000 || i > 0x7fffffff -> wrong ()
  | Int ((F32 | F64 | Bool | String | Array | U64 | I64), _)
  | Int64 ((U8 | I8 | U16 | I16 | U32 | I32 | F32 | F64 | Bool | String | Array), _)
  | Float ((U8 | I8 | U16 | I16 | U32 | I32 | U64 | I64 | Bool | String | Array), _) ->
      wrong ()
  | String s when not (String.is_valid_utf_8 s) ->
      invalid_arg (Printf.sprintf "Nx_array.Gguf.%s: a string that is not UTF-8" fn)
  | _ -> ()

let array elt vs =
  let check v =
    if value_type_of v <> elt then
      invalid_arg
        (Printf.sprintf "Nx_array.Gguf.array: a %s among %s values"
           (value_type_name (value_type_of v)) (value_type_name elt));
    check_value "array" v
  in
  let vs = Array.of_list vs in
  Array.iter check vs;
  { elt; length = Array.length vs; src = Made vs }

let array_to_list a = List.init a.length (array_get a)

let strings a =
  match a.elt with
  | String -> Some (Array.init a.length (fun i -> match array_get a i with String s -> s | _ -> ""))
  | _ -> None

(* {1 Tensors} *)

let tensors g = List.map (fun i -> { i with ne = Array.copy i.ne; dims = Array.copy i.dims }) g.infos
let find_info g name = Hashtbl.find_opt g.by_name name

type tensor =
  | Tensor : ('v, 's) nx_array -> tensor
  | Blocks of { ggml_type : ggml_type; dims : int array; data : (int, Dtype.int8_unsigned_elt) nx_array }

let bytes_of g i = Bigarray.Array1.sub g.file (g.data_start + i.offset) i.bytes

let tensor_of g i =
  match i.ggml_type.dtype with
  | Some (Dtype.Any dt) -> Tensor (A.of_buffer dt i.dims (bytes_of g i))
  | None ->
      Blocks
        { ggml_type = i.ggml_type; dims = Array.copy i.dims;
          data = A.of_buffer Dtype.Uint8 [| i.bytes |] (bytes_of g i) }

let find_tensor g name = Option.map (tensor_of g) (find_info g name)

let get_tensor g name =
  match find_info g name with
  | Some i -> tensor_of g i
  | None -> invalid_arg (Printf.sprintf "Nx_array.Gguf.get_tensor: no tensor %S" name)

(* [dequantize_f32_stub id src dst] dequantizes the blocks of ggml type
   [id] in [src] into the float32 values of [dst] (rust/ocaml/src/block.rs,
   over rust/src/block/portable/ggml_f32): -1 when done, -2, with nothing
   written, for a type it does not dequantize (or lengths that are not
   the blocks' and their values', which the reader never makes). *)
external dequantize_f32_stub : int -> buffer -> buffer -> int = "nx_ml_ggml_dequantize_f32"

(* [dequantize_as_stub id code src dst] dequantizes the blocks as
   [dequantize_f32_stub] does into [dst], new storage of the dtype of
   [code] (float32, bfloat16 or float16), each value rounded once into
   the narrower ones by the Stores rule, without a float32 pass through
   memory: -1 when done, -2, with nothing written, for a type or a dtype
   it does not dequantize. *)
external dequantize_as_stub : int -> int -> buffer -> buffer -> int = "nx_ml_ggml_dequantize_as"

(* The block types the stub dequantizes: gguf-py 0.19's, and Q1_0 and
   Q2_0 as llama.cpp. *)
let dequantizes g =
  g.dtype = None && not (List.mem g.type_name [ "Q8_1"; "Q8_K" ])

let dequantize_into g (blocks : (int, Dtype.int8_unsigned_elt) nx_array)
    (dst : (float, Dtype.float32_elt) nx_array) =
  let fn = "Nx_array.Gguf.dequantize_into" in
  let bytes = Bigarray.Array1.dim (A.buffer blocks) in
  if not (dequantizes g) then invalid_arg (Printf.sprintf "%s: %s is not dequantized here" fn g.type_name);
  if bytes mod g.type_size <> 0 then
    invalid_arg (Printf.sprintf "%s: %d bytes are not whole %s blocks of %d" fn bytes g.type_name g.type_size);
  let n = bytes / g.type_size * g.block_size in
  if A.size dst <> n then
    invalid_arg (Printf.sprintf "%s: %d values into an array of %d" fn n (A.size dst));
  if dequantize_f32_stub g.id (A.buffer blocks) (A.buffer dst) <> -1 then
    invalid_arg (Printf.sprintf "%s: the kernels refused %s" fn g.type_name)

(* [quantizer_stub id] is -1 if the ggml type [id] is not quantized, 1
   if it needs an importance matrix, else 0 (rust/ocaml/src/block.rs, over
   rust/src/block/portable/ggml_quant). *)
external quantizer_stub : (int[@untagged]) -> (int[@untagged])
  = "nx_ml_ggml_quantizer_byte" "nx_ml_ggml_quantizer"
[@@noalloc]

(* [quantize_stub id n_per_row src imatrix dst] quantizes the float32
   rows of [src] into the blocks of [dst], with the importance matrix
   [imatrix] unless it is empty: -1 when done, the index of the first
   NaN or infinity of [src] (nothing written), -3 if the type needs an
   importance matrix, -4 - r for a row r on which ggml aborts (the rows
   before it written), -2 for anything else wrong (which the checks below
   leave out). *)
external quantize_stub : int -> int -> buffer -> buffer -> buffer -> int = "nx_ml_ggml_quantize"

let quantizes g = g.dtype = None && quantizer_stub g.id >= 0
let requires_imatrix g = g.dtype = None && quantizer_stub g.id = 1

(* The source bytes from which quantize_into splits rows across two
   domains: below, one call. *)
let parallel_bytes = 1 lsl 20

let no_imatrix = lazy (A.alloc_buffer 0)

let quantize_into ?imatrix ?(domains = 2) g ~n_per_row (src : (float, Dtype.float32_elt) nx_array)
    (dst : (int, Dtype.int8_unsigned_elt) nx_array) =
  let fn = "Nx_array.Gguf.quantize_into" in
  let fail fmt = Printf.ksprintf (fun m -> invalid_arg (fn ^ ": " ^ m)) fmt in
  if not (quantizes g) then fail "%s is not quantized here" g.type_name;
  if n_per_row <= 0 || n_per_row mod g.block_size <> 0 then
    fail "rows of %d values are not whole %s blocks of %d" n_per_row g.type_name g.block_size;
  let n = A.size src in
  if n mod n_per_row <> 0 then fail "%d values are not whole rows of %d" n n_per_row;
  let rows = n / n_per_row in
  let row_bytes = n_per_row / g.block_size * g.type_size in
  let dst_bytes = Bigarray.Array1.dim (A.buffer dst) in
  if dst_bytes <> rows * row_bytes then
    fail "%d rows of %s need %d bytes, not %d" rows g.type_name (rows * row_bytes) dst_bytes;
  let imatrix_buffer =
    match imatrix with
    | None ->
        if requires_imatrix g then fail "%s needs an importance matrix" g.type_name;
        Lazy.force no_imatrix
    | Some m ->
        if A.size m <> n_per_row then
          fail "an importance matrix of %d values for rows of %d" (A.size m) n_per_row;
        A.buffer m
  in
  let f32_at b i = Int32.float_of_bits (Int32.of_int (u32 b (4 * i))) in
  let rec bad_weight i =
    if i >= Bigarray.Array1.dim imatrix_buffer / 4 then None
    else
      let w = f32_at imatrix_buffer i in
      if Float.is_finite w && w >= 0. then bad_weight (i + 1) else Some (i, w)
  in
  match bad_weight 0 with
  | Some (i, w) -> Error (Printf.sprintf "importance matrix value %d is %h, not a finite weight of 0 or more" i w)
  | None -> (
      let run first count =
        let sb = Bigarray.Array1.sub (A.buffer src) (4 * first * n_per_row) (4 * count * n_per_row) in
        let db = Bigarray.Array1.sub (A.buffer dst) (first * row_bytes) (count * row_bytes) in
        quantize_stub g.id n_per_row sb imatrix_buffer db
      in
      let results =
        if domains < 2 || rows < 2 || 4 * n < parallel_bytes
           || Domain.recommended_domain_count () < 2
        then
          [ (0, run 0 rows) ]
        else
          (* Two halves of the rows, one in a new domain: each row's
             bytes are its own, whichever domain makes them. *)
          let half = rows / 2 in
          let other = Domain.spawn (fun () -> run half (rows - half)) in
          let mine = run 0 half in
          [ (0, mine); (half, Domain.join other) ]
      in
      let at first r =
        let i = (first * n_per_row) + r in
        Printf.sprintf "value %d (%g)" i (f32_at (A.buffer src) i)
      in
      let nonfinite =
        List.find_map (fun (first, r) -> if r >= 0 then Some (at first r) else None) results
      in
      let off_grid =
        List.find_map (fun (first, r) -> if r <= -4 then Some (first + (-4 - r)) else None) results
      in
      match nonfinite, off_grid with
      | Some what, _ ->
          Error (Printf.sprintf "%s is not finite: %s quantizes finite values only" what g.type_name)
      | None, Some row ->
          Error
            (Printf.sprintf
               "row %d is not quantized: %s's search finds no grid point of finite error \
                there (values, or weighted squares, too large for float32), where ggml aborts"
               row g.type_name)
      | None, None ->
          if List.exists (fun (_, r) -> r <> -1) results then
            fail "the kernels refused %s" g.type_name
          else Ok ())

(* The values a narrower get_as dequantizes at a time: 64 KB of float32. *)
let chunk_values = 16384

let get_as ?rounding (type s) (dt : (float, s) Dtype.t) g name : ((float, s) nx_array, string) result =
  match find_info g name with
  | None -> Error (Printf.sprintf "no tensor %S" name)
  | Some i -> (
      match tensor_of g i with
      | Tensor a when Dtype.is Dtype.Float (A.dtype a) -> (
          match Dtype.equal_witness (A.dtype a) dt with
          | Some Type.Equal -> Ok a
          | None -> Ok (A.cast ?rounding dt a))
      | Tensor a ->
          Error (Printf.sprintf "tensor %S is %s (%s), not a float tensor" name i.ggml_type.type_name
                   (Dtype.name (A.dtype a)))
      | Blocks _ -> (
          let g_ty = i.ggml_type in
          let n = i.bytes / g_ty.type_size * g_ty.block_size in
          let src = bytes_of g i in
          let refused =
            Error
              (Printf.sprintf "tensor %S is %s blocks, a type Gguf does not dequantize" name
                 g_ty.type_name)
          in
          (* Into float32, and into bfloat16 and float16 by the Stores
             rule, each block's values rounded as they are made. *)
          let code = Dtype.code dt in
          let direct =
            code = Dtype.code Dtype.Float32
            || (match rounding with None | Some A.Nearest_even -> true | Some _ -> false)
               && (code = Dtype.code Dtype.Bfloat16 || code = Dtype.code Dtype.Float16)
          in
          if direct then begin
            let dst = A.alloc_buffer (Dtype.bytes dt n) in
            if dequantize_as_stub g_ty.id (Dtype.code dt) src dst <> -1 then refused
            else Ok (A.of_buffer dt (Array.copy i.dims) dst)
          end
          else
              (* A chunk of blocks at a time into a float32 scratch that
                 stays in cache, then cast into the tensor's place: each
                 float32 value rounded once into [dt], as a cast of the
                 whole float32 tensor would, without writing and reading
                 that tensor through memory. Block sizes are even, so a
                 chunk starts on a byte of a sub-byte dtype. *)
              let per_chunk = max 1 (chunk_values / g_ty.block_size) in
              let blocks = i.bytes / g_ty.type_size in
              let dst = A.alloc_buffer (Dtype.bytes dt n) in
              let scratch = A.alloc_buffer (4 * per_chunk * g_ty.block_size) in
              let rec go b =
                if b >= blocks then Ok (A.of_buffer dt (Array.copy i.dims) dst)
                else
                  let k = min per_chunk (blocks - b) in
                  let values = k * g_ty.block_size in
                  let f32 = Bigarray.Array1.sub scratch 0 (4 * values) in
                  let part = Bigarray.Array1.sub src (b * g_ty.type_size) (k * g_ty.type_size) in
                  if dequantize_f32_stub g_ty.id part f32 <> -1 then refused
                  else begin
                    let at = Dtype.bytes dt (b * g_ty.block_size) in
                    let out = Bigarray.Array1.sub dst at (Dtype.bytes dt values) in
                    A.cast_into ?rounding (A.of_buffer Dtype.Float32 [| values |] f32)
                      (A.of_buffer dt [| values |] out);
                    go (b + k)
                  end
              in
              go 0))

(* {1 Writing} *)

let value_code t =
  let rec go i = if value_types.(i) = t then i else go (i + 1) in
  go 0

let ggml_type_of_dtype (type v s) (dt : (v, s) Dtype.t) =
  List.find_opt
    (fun g -> match g.dtype with Some (Dtype.Any d) -> Dtype.code d = Dtype.code dt | None -> false)
    ggml_types

let add_u32 b n = Buffer.add_int32_le b (Int32.of_int n)
let add_u64 b n = Buffer.add_int64_le b (Int64.of_int n)

let add_string b s =
  add_u64 b (String.length s);
  Buffer.add_string b s

let rec add_value b = function
  | Int ((U8 | I8), i) -> Buffer.add_uint8 b (i land 0xff)
  | Int ((U16 | I16), i) -> Buffer.add_uint16_le b (i land 0xffff)
  | Int (_, i) -> add_u32 b i
  | Int64 (_, i) -> Buffer.add_int64_le b i
  | Float (F32, x) -> Buffer.add_int32_le b (Int32.bits_of_float x)
  | Float (_, x) -> Buffer.add_int64_le b (Int64.bits_of_float x)
  | Bool v -> Buffer.add_uint8 b (if v then 1 else 0)
  | String s -> add_string b s
  | Array a ->
      add_u32 b (value_code a.elt);
      add_u64 b a.length;
      for i = 0 to a.length - 1 do
        add_value b (array_get a i)
      done

(* The bytes of a tensor [name] of [ggml_type] and [dims] to write,
   checked: at most 4 dimensions, whole blocks, no overflow. *)
let bytes_needed fn name ggml_type dims =
  let n = Array.length dims in
  if n > max_dims then
    invalid_arg (Printf.sprintf "Nx_array.Gguf.%s: tensor %S has %d dimensions" fn name n);
  let row = if n = 0 then 1 else dims.(n - 1) in
  if row mod ggml_type.block_size <> 0 then
    invalid_arg
      (Printf.sprintf "Nx_array.Gguf.%s: tensor %S: rows of %d values are not whole %s blocks" fn
         name row ggml_type.type_name);
  let mul x y =
    if y < 0 || (y <> 0 && x > max_int / y) then
      invalid_arg (Printf.sprintf "Nx_array.Gguf.%s: tensor %S: its size overflows" fn name)
    else x * y
  in
  Array.fold_left mul (mul (row / ggml_type.block_size) ggml_type.type_size)
    (if n = 0 then [||] else Array.sub dims 0 (n - 1))

let known_type fn name (g : ggml_type) =
  (* One of ggml's types, not a record made to look like one. *)
  if not (List.mem g ggml_types) then
    invalid_arg
      (Printf.sprintf "Nx_array.Gguf.%s: tensor %S: its ggml_type (id %d, %s) is not one of \
                       ggml_types" fn name g.id g.type_name)

(* What a tensor to write is: its ggml type, dimensions and bytes. *)
let item fn (name, t) =
  let ggml_type, dims, data =
    match t with
    | Tensor a -> (
        match ggml_type_of_dtype (A.dtype a) with
        | Some g -> (g, A.dims a, A.buffer a)
        | None ->
            invalid_arg
              (Printf.sprintf "Nx_array.Gguf.%s: tensor %S is %s, which GGUF has not" fn name
                 (Dtype.name (A.dtype a))))
    | Blocks b ->
        known_type fn name b.ggml_type;
        (b.ggml_type, b.dims, A.buffer b.data)
  in
  let bytes = bytes_needed fn name ggml_type dims in
  if Bigarray.Array1.dim data <> bytes then
    invalid_arg
      (Printf.sprintf "Nx_array.Gguf.%s: tensor %S has %d bytes, its %s values of %s need %d" fn
         name (Bigarray.Array1.dim data) ggml_type.type_name
         (String.concat "x" (Array.to_list (Array.map string_of_int dims)))
         bytes);
  (name, ggml_type, dims, data)

type stream = {
  name : string;
  ggml_type : ggml_type;
  dims : int array;
  write : (buffer -> unit) -> unit;
}

let stream name t =
  let name, ggml_type, dims, data = item "stream" (name, t) in
  { name; ggml_type; dims = Array.copy dims; write = (fun emit -> emit data) }

(* A tensor to lay out: its name, type, dimensions, bytes, and its
   writer. *)
let laid_of_item (name, g, dims, data) =
  (name, g, dims, Bigarray.Array1.dim data, fun emit -> emit data)

let laid_of_stream fn (s : stream) =
  known_type fn s.name s.ggml_type;
  (s.name, s.ggml_type, s.dims, bytes_needed fn s.name s.ggml_type s.dims, s.write)

let pad n a = (n + a - 1) / a * a

(* The alignment [metadata] asks for: [general.alignment], or 32. *)
let alignment_of fn metadata =
  match List.assoc_opt "general.alignment" metadata with
  | None -> default_alignment
  | Some (Int (U32, a)) when valid_alignment a -> a
  | Some _ ->
      invalid_arg
        (Printf.sprintf "Nx_array.Gguf.%s: general.alignment is not a u32 power of two of 8 or more"
           fn)

(* The metadata checked: no key twice, each a UTF-8 key and a value of
   its type. *)
let check_metadata fn metadata =
  let keys = Hashtbl.create 16 in
  List.iter
    (fun (k, v) ->
      if Hashtbl.mem keys k then
        invalid_arg (Printf.sprintf "Nx_array.Gguf.%s: key %S appears twice" fn k);
      if not (String.is_valid_utf_8 k) then
        invalid_arg (Printf.sprintf "Nx_array.Gguf.%s: key %S is not UTF-8" fn k);
      Hashtbl.add keys k ();
      check_value fn v)
    metadata

(* The names of tensors checked: no name twice, each UTF-8. *)
let check_names fn names_of =
  let names = Hashtbl.create 16 in
  List.iter
    (fun n ->
      if Hashtbl.mem names n then
        invalid_arg (Printf.sprintf "Nx_array.Gguf.%s: tensor %S appears twice" fn n);
      if not (String.is_valid_utf_8 n) then
        invalid_arg (Printf.sprintf "Nx_array.Gguf.%s: tensor %S is not UTF-8" fn n);
      Hashtbl.add names n ())
    names_of

(* The tensors checked: each one a file can hold, no name twice. *)
let check_items fn tensors =
  let items = List.map (item fn) tensors in
  check_names fn (List.map (fun (n, _, _, _) -> n) items);
  items

(* A file laid out: its header, metadata and tensor infos (not padded),
   its alignment and its tensors' bytes. *)
type laid = { head : string; align : int; datas : (string * int * ((buffer -> unit) -> unit)) list }

let lay ~metadata ~alignment items =
  let b = Buffer.create 4096 in
  Buffer.add_string b "GGUF";
  add_u32 b 3;
  add_u64 b (List.length items);
  add_u64 b (List.length metadata);
  List.iter
    (fun (k, v) ->
      add_string b k;
      add_u32 b (value_code (value_type_of v));
      add_value b v)
    metadata;
  let offset = ref 0 in
  List.iter
    (fun (name, g, dims, bytes, _) ->
      add_string b name;
      add_u32 b (Array.length dims);
      for i = Array.length dims - 1 downto 0 do
        add_u64 b dims.(i)
      done;
      add_u32 b g.id;
      add_u64 b !offset;
      offset := !offset + pad bytes alignment)
    items;
  { head = Buffer.contents b; align = alignment;
    datas = List.map (fun (name, _, _, bytes, write) -> (name, bytes, write)) items }

(* Checked before anything is written. *)
let layout fn ~metadata tensors =
  check_metadata fn metadata;
  let alignment = alignment_of fn metadata in
  lay ~metadata ~alignment (List.map laid_of_item (check_items fn tensors))

(* Zeros are written from one buffer of [zeros_size] bytes, however
   large the alignment: padding to 2^31 makes no string of that size. *)
let zeros_size = 65536
let zeros = lazy (String.make zeros_size '\000')

let output_to ?(progress = ignore) ~write_string ~write_buffer l =
  let zeros = Lazy.force zeros in
  let rec write_zeros n =
    if n > 0 then begin
      let k = min n zeros_size in
      write_string (if k = zeros_size then zeros else String.sub zeros 0 k);
      write_zeros (n - k)
    end
  in
  let n = String.length l.head in
  write_string l.head;
  write_zeros (pad n l.align - n);
  List.iter
    (fun (name, n, write) ->
      let seen = ref 0 in
      let wrong () =
        invalid_arg
          (Printf.sprintf "Nx_array.Gguf: stream %S gives more or fewer than its %d bytes" name n)
      in
      write (fun d ->
          seen := !seen + Bigarray.Array1.dim d;
          if !seen > n then wrong ();
          write_buffer d);
      if !seen <> n then wrong ();
      write_zeros (pad n l.align - n);
      progress n)
    l.datas

let to_string ~metadata tensors =
  let l = layout "to_string" ~metadata tensors in
  let b = Buffer.create 4096 in
  output_to ~write_string:(Buffer.add_string b)
    ~write_buffer:(fun d -> Buffer.add_string b (A.string_of_buffer d))
    l;
  Buffer.contents b

let write_fd fd =
  let write_string s = ignore (Unix.write_substring fd s 0 (String.length s)) in
  let write_buffer d = ignore (Unix.write_bigarray fd d 0 (Bigarray.Array1.dim d)) in
  (write_string, write_buffer)

let output ?progress fd ~metadata tensors =
  let l = layout "output" ~metadata tensors in
  let write_string, write_buffer = write_fd fd in
  output_to ?progress ~write_string ~write_buffer l

let output_streams ?progress fd ~metadata streams =
  let fn = "output_streams" in
  check_metadata fn metadata;
  let alignment = alignment_of fn metadata in
  let items = List.map (laid_of_stream fn) streams in
  check_names fn (List.map (fun (s : stream) -> s.name) streams);
  let l = lay ~metadata ~alignment items in
  let write_string, write_buffer = write_fd fd in
  output_to ?progress ~write_string ~write_buffer l

let write_file path ~metadata tensors =
  let l = layout "write_file" ~metadata tensors in
  File_io.write path (fun fd ->
      let write_string, write_buffer = write_fd fd in
      output_to ~write_string ~write_buffer l)

(* {1 Split models} *)

let split_no_key = "split.no"
let split_count_key = "split.count"
let split_tensors_key = "split.tensors.count"
let is_split_key k = k = split_no_key || k = split_count_key || k = split_tensors_key

(* llama.cpp's llama_split_path: PREFIX-00001-of-00003.gguf for shard 0
   of 3. *)
let split_suffix ~no ~count = Printf.sprintf "-%05d-of-%05d.gguf" (no + 1) count

let split_path prefix ~no ~count =
  if no < 0 || count < 1 || no >= count || count > 0xffff then
    invalid_arg
      (Printf.sprintf "Nx_array.Gguf.split_path: shard %d of %d (0-based, of at most 65535)" no
         count);
  prefix ^ split_suffix ~no ~count

(* gguf-py's shard names: the path's stem (its name less its last
   suffix), then the suffix. *)
let split_prefix path =
  let base = Filename.basename path in
  match String.rindex_opt base '.' with
  | Some i when i > 0 ->
      String.sub path 0 (String.length path - String.length base + i)
  | _ -> path

let split_layout ?max_tensors ?max_bytes ?(small_first_shard = false) tensors =
  let fn = "Nx_array.Gguf.split_layout" in
  let limit what = function
    | Some n when n < 1 -> invalid_arg (Printf.sprintf "%s: %s %d is less than 1" fn what n)
    | Some n -> n
    | None -> 0
  in
  let max_tensors = limit "max_tensors" max_tensors and max_bytes = limit "max_bytes" max_bytes in
  let items = check_items "split_layout" tensors in
  (* gguf-py's GGUFWriter.add_tensor_info: a new shard when the last one
     has a tensor and would pass a limit with this one (its bytes, not
     padded); a first shard of no tensor with [small_first_shard]. *)
  let shards, last, _, _ =
    List.fold_left2
      (fun (done_, cur, n, bytes) t (_, _, _, d) ->
        let size = Bigarray.Array1.dim d in
        if n > 0
           && ((max_tensors <> 0 && n >= max_tensors)
               || (max_bytes <> 0 && bytes + size > max_bytes))
        then (List.rev cur :: done_, [ t ], 1, size)
        else (done_, t :: cur, n + 1, bytes + size))
      ((if small_first_shard then [ [] ] else []), [], 0, 0)
      tensors items
  in
  List.rev (List.rev last :: shards)

let write_split ?(temp_file = File_io.temp_file) ?(released = fun _ -> ()) ?(sync = false) ?progress ?max_tensors
    ?max_bytes ?small_first_shard path ~metadata tensors =
  let fn = "write_split" in
  check_metadata fn metadata;
  List.iter
    (fun (k, _) ->
      if is_split_key k then
        invalid_arg (Printf.sprintf "Nx_array.Gguf.write_split: key %S is the writer's" k))
    metadata;
  let alignment = alignment_of fn metadata in
  let shards = split_layout ?max_tensors ?max_bytes ?small_first_shard tensors in
  let count = List.length shards in
  if count > 0xffff then
    invalid_arg (Printf.sprintf "Nx_array.Gguf.write_split: %d shards, more than 65535" count);
  let total = List.length tensors in
  let files =
    List.mapi
      (fun no ts ->
        let split =
          [ (split_no_key, Int (U16, no)); (split_count_key, Int (U16, count));
            (split_tensors_key, Int (I32, total)) ]
        in
        (* A later shard of gguf-py's has no general.alignment, and is
           then read at another alignment than it is written: here it
           says its own. *)
        let metadata =
          if count = 1 then metadata
          else if no = 0 then metadata @ split
          else
            split
            @ List.filter (fun (k, _) -> k = "general.alignment" && alignment <> default_alignment)
                metadata
        in
        let name = if count = 1 then path else split_path (split_prefix path) ~no ~count in
        (name, lay ~metadata ~alignment (List.map laid_of_item (check_items fn ts))))
      shards
  in
  (* Each shard to a temporary file beside it; renamed into place once
     all are written; none left on failure: a name that a rename cannot
     take (a directory) is refused first, and the shards renamed before
     a rename that fails are removed. *)
  match
    List.find_opt
      (fun (final, _) ->
        match Unix.stat final with
        | { Unix.st_kind = Unix.S_DIR; _ } -> true
        | _ | (exception Unix.Unix_error _) -> false)
      files
  with
  | Some (final, _) -> Error (Printf.sprintf "%s: a directory, where a shard is to be written" final)
  | None ->
  let temps = ref [] and renamed = ref [] in
  let remove_temps () =
    List.iter
      (fun (t, _) ->
        (try Unix.unlink t with Unix.Unix_error _ -> ());
        released t)
      !temps
  in
  match
    List.iter
      (fun (final, l) ->
        let tmp, fd = temp_file final in
        temps := (tmp, final) :: !temps;
        Fun.protect
          ~finally:(fun () -> Unix.close fd)
          (fun () ->
            let write_string, write_buffer = write_fd fd in
            output_to ?progress ~write_string ~write_buffer l;
            if sync then Unix.fsync fd))
      files;
    List.iter
      (fun (t, final) ->
        Unix.rename t final;
        renamed := final :: !renamed;
        temps := List.filter (fun (t', _) -> t' <> t) !temps;
        released t)
      (List.rev !temps)
  with
  | () -> Ok (List.map fst files)
  | exception Unix.Unix_error (e, _, _) ->
      remove_temps ();
      List.iter (fun f -> try Unix.unlink f with Unix.Unix_error _ -> ()) !renamed;
      Error (Printf.sprintf "%s: %s" path (Unix.error_message e))
  | exception ex ->
      remove_temps ();
      List.iter (fun f -> try Unix.unlink f with Unix.Unix_error _ -> ()) !renamed;
      raise ex

module Model = struct
  type gguf = t

  type t = {
    files : (string * gguf) list;
    meta : (string * value) list;
    all : info list;
    where : (string, string * gguf * info) Hashtbl.t;
  }

  (* A shard's split keys: [None] for a file of one (no split.count, or
     one of 0 or 1, as llama.cpp's loader reads them); else its
     split.no and split.count, and split.tensors.count if it has one. *)
  let split_keys path g =
    let u16 k =
      match find g k with
      | None -> Ok None
      | Some (Int (U16, n)) -> Ok (Some n)
      | Some _ -> Error (Printf.sprintf "%s: %s is not a u16" path k)
    in
    let ( let* ) = Result.bind in
    let* count = u16 split_count_key in
    match count with
    | None | Some (0 | 1) -> Ok None
    | Some count -> (
        let* no = u16 split_no_key in
        let* tensors =
          match find g split_tensors_key with
          | None -> Ok None
          | Some (Int (I32, n)) -> Ok (Some n)
          | Some _ -> Error (Printf.sprintf "%s: %s is not an i32" path split_tensors_key)
        in
        match no with
        | None -> Error (Printf.sprintf "%s: split.count is %d, and it has no split.no" path count)
        | Some no when no >= count ->
            Error (Printf.sprintf "%s: split.no %d is not below split.count %d" path no count)
        | Some no -> Ok (Some (no, count, tensors)))

  let open_ ?(read = false) path =
    let load p = if read then read_file p else map_file p in
    let ( let* ) = Result.bind in
    let* g = load path in
    let* keys = split_keys path g in
    let* files =
      match keys with
      | None -> Ok [ (path, g) ]
      | Some (no, count, _) ->
          let suffix = split_suffix ~no ~count in
          if not (String.ends_with ~suffix path) then
            Error
              (Printf.sprintf "%s: shard %d of %d (split.no %d), and not named PREFIX%s" path
                 (no + 1) count no suffix)
          else
            let prefix = String.sub path 0 (String.length path - String.length suffix) in
            let rec shards i acc =
              if i = count then Ok (List.rev acc)
              else if i = no then shards (i + 1) ((path, g) :: acc)
              else
                let p = split_path prefix ~no:i ~count in
                let* s =
                  match load p with
                  | Ok s -> Ok s
                  | Error m ->
                      Error (Printf.sprintf "%s (shard %d of %d of %s)" m (i + 1) count path)
                in
                let* k = split_keys p s in
                match k with
                | None ->
                    Error
                      (Printf.sprintf "%s: no split.count above 1: not a shard of %s" p path)
                | Some (_, c, _) when c <> count ->
                    Error
                      (Printf.sprintf "%s: split.count is %d, where %s has %d: a shard of another \
                                       model" p c path count)
                | Some (n, _, _) when n <> i ->
                    Error
                      (Printf.sprintf "%s: split.no is %d, where its name says shard %d of %d" p n
                         (i + 1) count)
                | Some _ -> shards (i + 1) ((p, s) :: acc)
            in
            shards 0 []
    in
    let where = Hashtbl.create 64 in
    let* () =
      List.fold_left
        (fun r (p, s) ->
          let* () = r in
          List.fold_left
            (fun r (i : info) ->
              let* () = r in
              match Hashtbl.find_opt where i.name with
              | Some (q, _, _) ->
                  Error (Printf.sprintf "%s: tensor %S is also in %s" p i.name q)
              | None ->
                  Hashtbl.add where i.name (p, s, i);
                  Ok ())
            (Ok ()) s.infos)
        (Ok ()) files
    in
    let n = Hashtbl.length where in
    let* () =
      List.fold_left
        (fun r (p, s) ->
          let* () = r in
          match split_keys p s with
          | Ok (Some (_, _, Some t)) when t <> n ->
              Error
                (Printf.sprintf "%s: split.tensors.count is %d, and the %d shards hold %d tensors" p
                   t (List.length files) n)
          | _ -> Ok ())
        (Ok ()) files
    in
    let first = snd (List.hd files) in
    let meta =
      if List.length files = 1 then first.metadata
      else List.filter (fun (k, _) -> not (is_split_key k)) first.metadata
    in
    Ok { files; meta; all = List.concat_map (fun (_, s) -> tensors s) files; where }

  let shards m = m.files
  let metadata m = m.meta
  let find m k = List.assoc_opt k m.meta
  let tensors m = List.map (fun i -> { i with ne = Array.copy i.ne; dims = Array.copy i.dims }) m.all
  let find_info m name = Option.map (fun (_, _, i) -> i) (Hashtbl.find_opt m.where name)
  let shard_of m name = Option.map (fun (p, _, _) -> p) (Hashtbl.find_opt m.where name)
  let find_tensor m name = Option.map (fun (_, s, i) -> tensor_of s i) (Hashtbl.find_opt m.where name)

  let get_tensor m name =
    match Hashtbl.find_opt m.where name with
    | Some (_, s, i) -> tensor_of s i
    | None -> invalid_arg (Printf.sprintf "Nx_array.Gguf.Model.get_tensor: no tensor %S" name)

  let get_as ?rounding dt m name =
    match Hashtbl.find_opt m.where name with
    | Some (p, s, _) -> (
        match get_as ?rounding dt s name with Ok a -> Ok a | Error e -> Error (p ^ ": " ^ e))
    | None -> Error (Printf.sprintf "%s: no tensor %S" (fst (List.hd m.files)) name)
end
