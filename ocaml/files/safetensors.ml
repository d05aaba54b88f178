(* Safetensors files: the rules of the reference, Hugging Face's
   safetensors/src/tensor.rs (its reader's [validate] and its writer's
   [prepare]), in OCaml. *)

type buffer = Arrays.buffer

module A = struct
  include Arrays
  include Arrays.Private
end

(* The reference's bound on N, for its reader and its writer. *)
let max_header = 100_000_000
let metadata_key = "__metadata__"

(* Dtype strings *)

(* The reference's [Dtype] enumeration, in its order: the writer sorts
   tensors by their index here, largest first. *)
let formats =
  Dtype.
    [|
      ("BOOL", 8, Some (Any Bool)); ("F4", 4, Some (Any Float4_e2m1fn));
      ("F6_E2M3", 6, None); ("F6_E3M2", 6, None); ("U8", 8, Some (Any Uint8));
      ("I8", 8, Some (Any Int8)); ("F8_E5M2", 8, Some (Any Float8_e5m2));
      ("F8_E4M3", 8, Some (Any Float8_e4m3fn)); ("F8_E8M0", 8, None);
      ("F8_E4M3FNUZ", 8, None); ("F8_E5M2FNUZ", 8, None); ("I16", 16, Some (Any Int16));
      ("U16", 16, Some (Any Uint16)); ("F16", 16, Some (Any Float16));
      ("BF16", 16, Some (Any Bfloat16)); ("I32", 32, Some (Any Int32));
      ("U32", 32, Some (Any Uint32)); ("F32", 32, Some (Any Float32));
      ("C64", 64, Some (Any Complex64)); ("F64", 64, Some (Any Float64));
      ("I64", 64, Some (Any Int64)); ("U64", 64, Some (Any Uint64));
    |]

let dtype_strings = Array.to_list (Array.map (fun (s, _, _) -> s) formats)

(* The index of a dtype string in [formats]. *)
let rank = function
  | "BOOL" -> Some 0 | "F4" -> Some 1 | "F6_E2M3" -> Some 2 | "F6_E3M2" -> Some 3
  | "U8" -> Some 4 | "I8" -> Some 5 | "F8_E5M2" -> Some 6 | "F8_E4M3" -> Some 7
  | "F8_E8M0" -> Some 8 | "F8_E4M3FNUZ" -> Some 9 | "F8_E5M2FNUZ" -> Some 10
  | "I16" -> Some 11 | "U16" -> Some 12 | "F16" -> Some 13 | "BF16" -> Some 14
  | "I32" -> Some 15 | "U32" -> Some 16 | "F32" -> Some 17 | "C64" -> Some 18
  | "F64" -> Some 19 | "I64" -> Some 20 | "U64" -> Some 21 | _ -> None

let dtype_string_bits s = Option.map (fun i -> let _, b, _ = formats.(i) in b) (rank s)
let dtype_of_string s = Option.bind (rank s) (fun i -> let _, _, d = formats.(i) in d)

let dtype_to_string dt =
  let c = Dtype.code dt in
  Array.find_map
    (fun (s, _, d) ->
      match d with Some (Dtype.Any d) when Dtype.code d = c -> Some s | _ -> None)
    formats

(* A name as JSON writes it: quoted, UTF-8 kept, control characters
   escaped. *)
let q s =
  let b = Buffer.create (String.length s + 2) in
  Json.add_string b s;
  Buffer.contents b

(* Shapes *)

let pp_shape shape =
  "[" ^ String.concat ", " (Array.to_list (Array.map string_of_int shape)) ^ "]"

(* The number of bytes of [shape] elements of [bits] bits: [Error] if the
   product, from the left, overflows an int, or the bits do not fill
   whole bytes. *)
let shape_bytes ~bits shape =
  let elements =
    Array.fold_left
      (fun n d ->
        match n with
        | Some n when d = 0 || n <= max_int / d -> Some (n * d)
        | _ -> None)
      (Some 1) shape
  in
  match elements with
  | None -> Error (Printf.sprintf "the shape %s overflows an int" (pp_shape shape))
  | Some n when n > max_int / bits ->
      Error (Printf.sprintf "the shape %s overflows an int of bits" (pp_shape shape))
  | Some n when n * bits mod 8 <> 0 ->
      Error
        (Printf.sprintf "%d elements of %d bits do not fill whole bytes" n bits)
  | Some n -> Ok (n * bits / 8)

type ('v, 's) nx_array = ('v, 's) A.t

let dtype_strings = dtype_strings
let dtype_of_string = dtype_of_string
let dtype_to_string = dtype_to_string
let dtype_string_bits = dtype_string_bits

let err fn fmt =
  Printf.ksprintf (fun s -> invalid_arg ("Nx_array.Safetensors." ^ fn ^ ": " ^ s)) fmt

(* Tensors *)

type tensor =
  | Tensor : ('v, 's) nx_array -> tensor
  | Raw : {
      dtype : string;
      shape : int array;
      data : (int, Dtype.int8_unsigned_elt) nx_array;
    }
      -> tensor

let tensor_dtype = function
  | Raw r -> r.dtype
  | Tensor a -> (
      let dt = A.dtype a in
      match dtype_to_string dt with
      | Some s -> s
      | None -> err "tensor_dtype" "%s has no safetensors dtype" (Dtype.name dt))

let tensor_shape = function Raw r -> Array.copy r.shape | Tensor a -> A.dims a

(* Reading *)

type info = { name : string; dtype : string; shape : int array; offsets : int * int }

type t = {
  file : buffer; (* the whole file *)
  data_start : int;
  by_offset : info array;
  by_name : (string, info) Hashtbl.t;
  meta : (string * string) list option;
}

(* Header parsing: the first failure as [Failure]'s message. *)

let bad fmt = Printf.ksprintf failwith fmt

(* What the first bytes of [b] say it is, when they are another format's
   magic: asked only once [b] has failed as a safetensors file (a header
   of 67 MB begins as a zip archive does). *)
let other_format b =
  let n = Bigarray.Array1.dim b in
  let starts m =
    String.length m <= n
    && (let ok = ref true in
        String.iteri (fun i c -> if b.{i} <> c then ok := false) m;
        !ok)
  in
  if starts "PK\x03\x04" || starts "PK\x05\x06" then
    Some "a zip archive (numpy's .npz, or a PyTorch checkpoint)"
  else if starts "\x93NUMPY" then Some "a numpy .npy file"
  else if starts "GGUF" then Some "a GGUF file"
  else if starts "\x80" then Some "a Python pickle (a legacy PyTorch checkpoint?)"
  else None

let not_safetensors b fmt =
  Printf.ksprintf
    (fun m ->
      match other_format b with
      | Some what -> bad "not a safetensors file: it begins as %s (%s)" what m
      | None -> bad "%s" m)
    fmt

let header_length b =
  if Bigarray.Array1.dim b < 8 then
    not_safetensors b "%d bytes, too few for the header's length (8 bytes)" (Bigarray.Array1.dim b);
  let n = ref 0L in
  for i = 7 downto 0 do
    n := Int64.logor (Int64.shift_left !n 8) (Int64.of_int (Char.code b.{i}))
  done;
  let n = !n in
  if Int64.unsigned_compare n (Int64.of_int max_header) > 0 then
    not_safetensors b "header length %Lu is larger than %d bytes" n max_header;
  let n = Int64.to_int n in
  let avail = Bigarray.Array1.dim b - 8 in
  if n > avail then
    not_safetensors b "header length %d goes past the end of the file (%d bytes after it)" n avail;
  n

(* [what ()] names the value in errors. *)
let natural ~what = function
  | Json.Number s ->
      let rec go n i =
        if i = String.length s then n
        else
          match s.[i] with
          | '0' .. '9' as c ->
              let d = Char.code c - 48 in
              (* 18 digits cannot overflow *)
              if i >= 18 && n > (max_int - d) / 10 then
                bad "%s: %s is larger than max_int" (what ()) s;
              go ((n * 10) + d) (i + 1)
          | _ -> bad "%s: %s is not a natural integer" (what ()) s
      in
      go 0 0
  | _ -> bad "%s: not a number" (what ())

let naturals ~what = function
  | Json.Array l -> Array.of_list (List.map (natural ~what) l)
  | _ -> bad "%s: not an array" (what ())

let parse_metadata = function
  | Json.Null -> None
  | Json.Object members ->
      let seen = Hashtbl.create 16 in
      Some
        (List.map
           (fun (k, v) ->
             if Hashtbl.mem seen k then bad "__metadata__: %s appears twice" (q k);
             Hashtbl.add seen k ();
             match v with
             | Json.String s -> (k, s)
             | _ -> bad "__metadata__: the value of %s is not a string" (q k))
           members)
  | _ -> bad "__metadata__ is not an object of strings"

(* A tensor is an object of three fields, or, as serde reads structures,
   an array of their three values in order; a dtype is a string, or, as
   serde reads enumerations, an object of one member, it and null. *)
let parse_tensor name v =
  let fields =
    match v with
    | Json.Object fields ->
        let field f =
          match List.filter (fun (k, _) -> k = f) fields with
          | [ (_, v) ] -> v
          | [] -> bad "tensor %s has no %s" (q name) (q f)
          | _ -> bad "tensor %s has %s twice" (q name) (q f)
        in
        (field "dtype", field "shape", field "data_offsets")
    | Json.Array [ d; s; o ] -> (d, s, o)
    | Json.Array l -> bad "tensor %s is an array of %d values, not 3" (q name) (List.length l)
    | _ -> bad "tensor %s is not an object" (q name)
  in
  let dtype, shape, offsets = fields in
  let dtype =
    match dtype with
    | Json.String s | Json.Object [ (s, Json.Null) ] ->
        if rank s = None then bad "tensor %s: unknown dtype %s" (q name) (q s);
        s
    | _ -> bad "tensor %s: dtype is not a string" (q name)
  in
  let shape = naturals ~what:(fun () -> "tensor " ^ q name ^ ": shape") shape in
  let offsets =
    match naturals ~what:(fun () -> "tensor " ^ q name ^ ": data_offsets") offsets with
    | [| b; e |] -> (b, e)
    | a -> bad "tensor %s: data_offsets %s are not two numbers" (q name) (pp_shape a)
  in
  { name; dtype; shape; offsets }

(* The reference's [validate]: the tensors, sorted by offsets, tile the
   data section from 0; each has the bytes its shape and dtype need.
   The result is the data section's length. *)
let validate infos =
  Array.fold_left
    (fun start i ->
      let b, e = i.offsets in
      if e < b then bad "tensor %s: data_offsets [%d, %d] end before they begin" (q i.name) b e;
      if b > start then
        bad "tensor %s: data_offsets [%d, %d] leave a hole: no tensor has bytes [%d, %d)"
          (q i.name) b e start b;
      if b < start then
        bad "tensor %s: data_offsets [%d, %d] overlap another tensor's bytes, which end at %d"
          (q i.name) b e start;
      let bits = Option.get (dtype_string_bits i.dtype) in
      (match shape_bytes ~bits i.shape with
      | Error m -> bad "tensor %s: %s" (q i.name) m
      | Ok n when n <> e - b ->
          bad "tensor %s: data_offsets [%d, %d] hold %d bytes, %s %s needs %d" (q i.name) b e
            (e - b) i.dtype (pp_shape i.shape) n
      | Ok _ -> ());
      e)
    0 infos

(* The tensors and metadata of a header, its JSON parsed. *)
let parse_members members =
  let by_name = Hashtbl.create 64 and meta = ref None and seen_meta = ref false in
  let infos =
    List.filter_map
      (fun (k, v) ->
        if k = metadata_key then begin
          if !seen_meta then bad "__metadata__ appears twice";
          seen_meta := true;
          meta := parse_metadata v;
          None
        end
        else begin
          if Hashtbl.mem by_name k then bad "tensor %s appears twice" (q k);
          let i = parse_tensor k v in
          Hashtbl.add by_name k i;
          Some i
        end)
      members
  in
  let by_offset = Array.of_list infos in
  let by_offsets { offsets = b, e; _ } { offsets = b', e'; _ } =
    match Int.compare b b' with 0 -> Int.compare e e' | c -> c
  in
  Array.stable_sort by_offsets by_offset;
  (by_name, by_offset, !meta)

let parse file =
  let n = header_length file in
  let header = A.string_of_buffer (Bigarray.Array1.sub file 8 n) in
  let by_name, by_offset, meta, data =
    try
      match Json.parse header with
      | Error (i, m) -> bad "%s at byte %d of the header" m i
      | Ok (Json.Object ms) ->
          let by_name, by_offset, meta = parse_members ms in
          (by_name, by_offset, meta, validate by_offset)
      | Ok _ -> bad "not a JSON object"
    with Failure m -> bad "header: %s" m
  in
  let have = Bigarray.Array1.dim file - 8 - n in
  if data <> have then
    bad "data section: %d bytes, but the tensors end at byte %d%s" have data
      (if have > data then " (trailing bytes)" else "");
  { file; data_start = 8 + n; by_offset; by_name; meta }

let of_buffer b = match parse b with t -> Ok t | exception Failure m -> Error m
let of_string s = of_buffer (A.buffer_of_string s)

let map_file path = File_io.parsed of_buffer File_io.map_file path
let read_file path = File_io.parsed of_buffer File_io.read_file path

let copy_info i = { i with shape = Array.copy i.shape }
let tensors st = Array.to_list (Array.map copy_info st.by_offset)
let find_info st name = Option.map copy_info (Hashtbl.find_opt st.by_name name)
let metadata st = st.meta
let data_start st = st.data_start

let bytes_of st i =
  let b, e = i.offsets in
  Bigarray.Array1.sub st.file (st.data_start + b) (e - b)

let tensor_of st i =
  let bytes = bytes_of st i in
  match dtype_of_string i.dtype with
  | Some (Dtype.Any dt) -> Tensor (A.of_buffer dt i.shape bytes)
  | None ->
      let data = A.of_buffer Dtype.Uint8 [| Bigarray.Array1.dim bytes |] bytes in
      Raw { dtype = i.dtype; shape = Array.copy i.shape; data }

let find_tensor st name = Option.map (tensor_of st) (Hashtbl.find_opt st.by_name name)

let get_tensor st name =
  match find_tensor st name with
  | Some t -> t
  | None -> err "get_tensor" "no tensor %s" (q name)

let typed (type v s) fn (dt : (v, s) Dtype.t) st name :
    ((v, s) nx_array, _) result =
  match Hashtbl.find_opt st.by_name name with
  | None -> Error (lazy (err fn "no tensor %s" (q name)))
  | Some i -> (
      let wrong () =
        Error
          (lazy
            (err fn "tensor %s is %s, not %s" (q name) i.dtype
               (match dtype_to_string dt with
               | Some s -> Printf.sprintf "%s (%s)" s (Dtype.name dt)
               | None -> Dtype.name dt)))
      in
      match dtype_of_string i.dtype with
      | Some (Dtype.Any dt') -> (
          match Dtype.equal_witness dt' dt with
          | Some Type.Equal -> Ok (A.of_buffer dt i.shape (bytes_of st i))
          | None -> wrong ())
      | None -> wrong ())

let find dt st name = Result.to_option (typed "find" dt st name)

let get dt st name =
  match typed "get" dt st name with Ok a -> a | Error e -> Lazy.force e

(* [f] of the float tensor [name], or why there is none. *)
type 'r of_float = { f : 'v 's. ('v, 's) nx_array -> ('r, string) result }

let float_tensor st name { f } =
  match find_tensor st name with
  | None -> Error (Printf.sprintf "no tensor %s" (q name))
  | Some (Raw r) ->
      Error (Printf.sprintf "tensor %s is %s, whose values this library does not decode" (q name) r.dtype)
  | Some (Tensor a) ->
      let dt = A.dtype a in
      if not (Dtype.is Dtype.Float dt) then
        Error
          (Printf.sprintf "tensor %s is %s (%s), not a float tensor" (q name)
             (Option.value (dtype_to_string dt) ~default:(Dtype.name dt)) (Dtype.name dt))
      else f a

let get_as ?rounding dt st name =
  match typed "get_as" dt st name with
  | Ok a -> Ok a
  | Error _ -> float_tensor st name { f = (fun a -> Ok (A.cast ?rounding dt a)) }

let get_bigarray ?rounding k st name =
  float_tensor st name
    { f = (fun a ->
        match A.to_bigarray ?rounding k a with
        | b -> Ok b
        | exception Invalid_argument m ->
            (* Without the function's name, which is not the file's. *)
            let m = File_io.without_prefix "Nx_array.to_bigarray: " m in
            Error (Printf.sprintf "tensor %s: %s" (q name) m)) }

(* Writing *)

type stream = {
  name : string;
  dtype : string;
  shape : int array;
  write : (buffer -> unit) -> unit;
}

(* A tensor to write, checked, and its place in the file. *)
type item = { s : stream; bytes : int; rank : int }

let check_name fn what seen name =
  if not (String.is_valid_utf_8 name) then err fn "%s %S is not UTF-8" what name;
  if Hashtbl.mem seen name then err fn "%s %s appears twice" what (q name);
  Hashtbl.add seen name ()

let item fn s =
  match rank s.dtype with
  | None -> err fn "tensor %s: %s is not a safetensors dtype" (q s.name) (q s.dtype)
  | Some rank ->
      let bits = Option.get (dtype_string_bits s.dtype) in
      (match shape_bytes ~bits s.shape with
      | Ok bytes -> { s = { s with shape = Array.copy s.shape }; bytes; rank }
      | Error m -> err fn "tensor %s: %s" (q s.name) m)

let stream_of_tensor fn (name, t) =
  let whole b emit = emit b in
  match t with
  | Raw r ->
      let s = { name; dtype = r.dtype; shape = r.shape; write = whole (A.buffer r.data) } in
      let it = item fn s in
      let have = Bigarray.Array1.dim (A.buffer r.data) in
      if have <> it.bytes then
        err fn "tensor %s: %s %s needs %d bytes, the data has %d" (q name) r.dtype
          (pp_shape r.shape) it.bytes have;
      s
  | Tensor a ->
      let dt = A.dtype a in
      let dtype =
        match dtype_to_string dt with
        | Some s -> s
        | None -> err fn "tensor %s: %s has no safetensors dtype" (q name) (Dtype.name dt)
      in
      { name; dtype; shape = A.dims a; write = whole (A.buffer a) }

(* The reference's [prepare]: the items in their order in the file, and
   the header, padded. *)
let prepare fn ?metadata streams =
  let seen = Hashtbl.create 64 in
  Hashtbl.add seen metadata_key ();
  let items =
    List.map
      (fun s ->
        if s.name = metadata_key then err fn "a tensor cannot be named %s" metadata_key;
        check_name fn "tensor" seen s.name;
        item fn s)
      streams
  in
  let items =
    List.stable_sort
      (fun a b ->
        match Int.compare b.rank a.rank with 0 -> String.compare a.s.name b.s.name | c -> c)
      items
  in
  let h = Buffer.create 4096 in
  Buffer.add_char h '{';
  let comma = ref false in
  let sep () = if !comma then Buffer.add_char h ',' else comma := true in
  Option.iter
    (fun kvs ->
      let seen = Hashtbl.create 16 in
      sep ();
      Json.add_string h metadata_key;
      Buffer.add_string h ":{";
      List.iteri
        (fun i (k, v) ->
          check_name fn "metadata name" seen k;
          if not (String.is_valid_utf_8 v) then
            err fn "metadata %s: the value is not UTF-8" (q k);
          if i > 0 then Buffer.add_char h ',';
          Json.add_string h k;
          Buffer.add_char h ':';
          Json.add_string h v)
        kvs;
      Buffer.add_char h '}')
    metadata;
  let (_ : int) =
    List.fold_left
      (fun off it ->
        sep ();
        Json.add_string h it.s.name;
        Printf.bprintf h ":{\"dtype\":\"%s\",\"shape\":[%s],\"data_offsets\":[%d,%d]}"
          it.s.dtype
          (String.concat "," (Array.to_list (Array.map string_of_int it.s.shape)))
          off (off + it.bytes);
        off + it.bytes)
      0 items
  in
  Buffer.add_char h '}';
  while Buffer.length h mod 8 <> 0 do Buffer.add_char h ' ' done;
  if Buffer.length h > max_header then
    err fn "the header would have %d bytes, more than %d" (Buffer.length h) max_header;
  let n = Bytes.create 8 in
  Bytes.set_int64_le n 0 (Int64.of_int (Buffer.length h));
  (items, Bytes.to_string n ^ Buffer.contents h)

(* Runs each item's stream, passing [out] its pieces, checking their
   total against the item's bytes. *)
let emit_items fn items out =
  List.iter
    (fun it ->
      let n = ref 0 in
      it.s.write (fun b ->
          let k = Bigarray.Array1.dim b in
          if k > it.bytes - !n then
            err fn "tensor %s: the stream gives more than its %d bytes" (q it.s.name) it.bytes;
          out b;
          n := !n + k);
      if !n <> it.bytes then
        err fn "tensor %s: the stream gives %d bytes, not %d" (q it.s.name) !n it.bytes)
    items

let stream name t = stream_of_tensor "stream" (name, t)

let to_string ?metadata tensors =
  let fn = "to_string" in
  let items, header = prepare fn ?metadata (List.map (stream_of_tensor fn) tensors) in
  let data = List.fold_left (fun n it -> n + it.bytes) 0 items in
  let b = Buffer.create (String.length header + data) in
  Buffer.add_string b header;
  emit_items fn items (fun piece -> Buffer.add_string b (A.string_of_buffer piece));
  Buffer.contents b

let write_all fd s = ignore (Unix.write_substring fd s 0 (String.length s))

let write_to fd fn items header =
  write_all fd header;
  emit_items fn items (fun b ->
      ignore (Unix.write_bigarray fd b 0 (Bigarray.Array1.dim b)))

let write fn ?metadata path streams =
  let items, header = prepare fn ?metadata streams in
  File_io.write path (fun fd -> write_to fd fn items header)

let output ?metadata fd streams =
  let items, header = prepare "output" ?metadata streams in
  write_to fd "output" items header

let write_streams ?metadata path streams = write "write_streams" ?metadata path streams

let write_file ?metadata path tensors =
  let fn = "write_file" in
  write fn ?metadata path (List.map (stream_of_tensor fn) tensors)
