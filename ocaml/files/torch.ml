(* PyTorch checkpoints (torch.save), read without running anything: the
   zip archive of torch >= 1.6 and the legacy stream of pickles, whose
   pickles a small machine interprets as data. Only the globals of
   [known] are recognised, and each is given a meaning here; nothing is
   imported or called. Every count is checked against the bytes behind
   it before anything of that size is made. *)

module A = struct
  include Arrays
  include Arrays.Private
end

type buffer = Arrays.buffer
type ('v, 's) nx_array = ('v, 's) Arrays.t

exception Bad of string

let bad fmt = Printf.ksprintf (fun s -> raise (Bad s)) fmt

(* {1 Dtypes} *)

type dtype_fact = { dname : string; size : int; storage_class : string option; nx : Dtype.any option }

(* torch's dtypes as checkpoints name them (str(dtype) without "torch."),
   their element sizes (torch._utils._element_size) and the storage
   classes of the classic ones (torch.storage._dtype_to_storage_type_map). *)
let dtype_facts =
  let f ?storage ?nx dname size = { dname; size; storage_class = storage; nx } in
  let open Dtype in
  [ f "float64" 8 ~storage:"DoubleStorage" ~nx:(Any Float64);
    f "float32" 4 ~storage:"FloatStorage" ~nx:(Any Float32);
    f "float16" 2 ~storage:"HalfStorage" ~nx:(Any Float16);
    f "bfloat16" 2 ~storage:"BFloat16Storage" ~nx:(Any Bfloat16);
    f "int64" 8 ~storage:"LongStorage" ~nx:(Any Int64);
    f "int32" 4 ~storage:"IntStorage" ~nx:(Any Int32);
    f "int16" 2 ~storage:"ShortStorage" ~nx:(Any Int16);
    f "int8" 1 ~storage:"CharStorage" ~nx:(Any Int8);
    f "uint8" 1 ~storage:"ByteStorage" ~nx:(Any Uint8);
    f "bool" 1 ~storage:"BoolStorage" ~nx:(Any Bool);
    f "complex64" 8 ~storage:"ComplexFloatStorage" ~nx:(Any Complex64);
    f "complex128" 16 ~storage:"ComplexDoubleStorage" ~nx:(Any Complex128);
    f "float8_e4m3fn" 1 ~nx:(Any Float8_e4m3fn);
    f "float8_e5m2" 1 ~nx:(Any Float8_e5m2);
    f "uint16" 2 ~nx:(Any Uint16);
    f "uint32" 4 ~nx:(Any Uint32);
    f "uint64" 8 ~nx:(Any Uint64);
    f "float8_e4m3fnuz" 1; f "float8_e5m2fnuz" 1; f "float8_e8m0fnu" 1;
    f "float4_e2m1fn_x2" 1; f "complex32" 4; f "bcomplex32" 4;
    f "bits8" 1; f "bits16" 2; f "bits1x8" 1; f "bits2x4" 1; f "bits4x2" 1;
    f "qint8" 1 ~storage:"QInt8Storage"; f "quint8" 1 ~storage:"QUInt8Storage";
    f "qint32" 4 ~storage:"QInt32Storage"; f "quint4x2" 1 ~storage:"QUInt4x2Storage";
    f "quint2x4" 1 ~storage:"QUInt2x4Storage" ]
  @ List.concat_map (fun k -> [ f (Printf.sprintf "uint%d" k) 1; f (Printf.sprintf "int%d" k) 1 ])
      [ 1; 2; 3; 4; 5; 6; 7 ]

let find_dtype name = List.find_opt (fun d -> d.dname = name) dtype_facts
let uint8 = Option.get (find_dtype "uint8")
let dtypes = List.map (fun d -> (d.dname, d.nx)) dtype_facts
let dtype_of_torch name = Option.bind (find_dtype name) (fun d -> d.nx)

(* The dtype of a storage class global: torch.FloatStorage, or
   torch.cuda.FloatStorage in files saved from a GPU (torch's
   find_class reads a storage's dtype from the class name alone). *)
let storage_dtype global =
  match String.rindex_opt global '.' with
  | None -> None
  | Some i ->
      let m = String.sub global 0 i and n = String.sub global (i + 1) (String.length global - i - 1) in
      if global = "torch.storage.UntypedStorage" then Some uint8
      else if m = "torch" || m = "torch.cuda" then
        List.find_opt (fun d -> d.storage_class = Some n) dtype_facts
      else None

(* {1 Values} *)

type storage = { key : string; location : string; bytes : buffer }

type tensor_info = {
  dtype : string;
  storage : storage;
  offset : int;
  shape : int array;
  stride : int array;
  requires_grad : bool;
  parameter : bool;
}

type value =
  | Null
  | Bool of bool
  | Int of int
  | Long of string
  | Float of float
  | String of string
  | Bytes of string
  | Tuple of value list
  | List of value list
  | Dict of (value * value) list
  | Tensor of tensor_info
  | Global of string
  | Device of string

(* While a pickle runs: containers are mutable and numbered, so that the
   result shares what the pickle shares and a cycle is seen. *)
type st = {
  s_key : string;
  s_location : string;
  s_nbytes : int;
  mutable s_bytes : buffer option;  (* the legacy format's come after the pickle *)
}

type ti = {
  t_dtype : dtype_fact;
  t_storage : st;
  t_offset : int;
  t_shape : int array;
  t_stride : int array;
  t_grad : bool;
  t_param : bool;
}

type v =
  | V_null
  | V_bool of bool
  | V_int of int
  | V_long of string
  | V_float of float
  | V_str of string
  | V_bytes of string
  | V_tuple of int * v array
  | V_list of int * v Dynarray.t
  | V_dict of int * dict
  | V_global of string
  | V_storage of st * dtype_fact * (int * int) option
      (* a storage as a persistent id gives it: its bytes, the dtype of
         the reference and, for a legacy view, its first element and
         number of elements *)
  | V_tensor of int * ti
  | V_device of string

and dict = { index : (string, int) Hashtbl.t; items : (v * v) Dynarray.t }

let type_name = function
  | V_null -> "None" | V_bool _ -> "a bool" | V_int _ | V_long _ -> "an int"
  | V_float _ -> "a float" | V_str _ -> "a str" | V_bytes _ -> "bytes"
  | V_tuple _ -> "a tuple" | V_list _ -> "a list" | V_dict _ -> "a dict"
  | V_global g -> g | V_storage _ -> "a storage" | V_tensor _ -> "a tensor"
  | V_device _ -> "a torch.device"

(* The most objects nest inside one another: Python's default recursion
   limit, past which torch's own functions on the result fail. *)
let max_depth = 1000

(* A dict key as bytes, equal for keys Python finds equal (True, 1 and
   1.0 among them), so that a key's hash reads all of it. *)
let key_string v =
  let b = Buffer.create 16 in
  let rec go depth v =
    if depth > max_depth then bad "a dict key nested more than %d deep" max_depth;
    let int n = Buffer.add_char b 'i'; Buffer.add_string b (string_of_int n); Buffer.add_char b ';' in
    let sized c s =
      Buffer.add_char b c; Buffer.add_string b (string_of_int (String.length s));
      Buffer.add_char b ':'; Buffer.add_string b s
    in
    match v with
    | V_null -> Buffer.add_char b 'N'
    | V_bool x -> int (Bool.to_int x)
    | V_int n -> int n
    | V_long s -> sized 'L' s
    | V_float f when Float.is_integer f && Float.abs f < 0x1p62 -> int (Float.to_int f)
    | V_float f -> sized 'F' (Int64.to_string (Int64.bits_of_float f))
    | V_str s -> sized 'S' s
    | V_bytes s -> sized 'B' s
    | V_tuple (_, a) ->
        Buffer.add_char b '('; Array.iter (go (depth + 1)) a; Buffer.add_char b ')'
    | V_global g -> sized 'G' g
    | V_device d -> sized 'D' d
    | (V_list _ | V_dict _ | V_storage _ | V_tensor _) as v ->
        bad "%s as a dict key (unhashable here)" (type_name v)
  in
  go 0 v;
  Buffer.contents b

let dict_set d k v =
  let ks = key_string k in
  match Hashtbl.find_opt d.index ks with
  | Some i -> Dynarray.set d.items i (fst (Dynarray.get d.items i), v)
  | None ->
      Hashtbl.add d.index ks (Dynarray.length d.items);
      Dynarray.add_last d.items (k, v)

let dict_find d k = Option.map (fun i -> snd (Dynarray.get d.items i)) (Hashtbl.find_opt d.index (key_string k))

(* {1 The globals} *)

(* The globals a state dict holds, each with its meaning below. *)
let rebuilds =
  [ "torch._utils._rebuild_tensor"; "torch._utils._rebuild_tensor_v2";
    "torch._utils._rebuild_tensor_v3"; "torch._utils._rebuild_parameter";
    "torch._utils._rebuild_parameter_with_state"; "torch._tensor._rebuild_from_type_v2" ]

let constructors =
  [ "collections.OrderedDict"; "torch.Size"; "torch.device"; "torch.serialization._get_layout";
    "_codecs.encode" ]

let classes = [ "torch.Tensor"; "torch.nn.parameter.Parameter" ]

let layouts =
  [ "torch.strided"; "torch.sparse_coo"; "torch.sparse_csr"; "torch.sparse_csc";
    "torch.sparse_bsr"; "torch.sparse_bsc"; "torch._mkldnn"; "torch.jagged" ]

(* Globals torch knows that this reader does not read, with the reason. *)
let refused_globals =
  [ ("torch._utils._rebuild_qtensor", "quantized tensors are not read");
    ("torch._utils._rebuild_sparse_tensor", "sparse tensors are not read");
    ("torch._utils._rebuild_nested_tensor", "nested tensors are not read");
    ("torch._utils._rebuild_meta_tensor_no_storage", "tensors without storage are not read");
    ("torch._utils._rebuild_wrapper_subclass", "tensor subclasses are not read");
    ("torch._utils._rebuild_device_tensor_from_numpy", "tensors from numpy are not read");
    ("torch._utils._rebuild_device_tensor_from_cpu_tensor", "device tensors are not read") ]

(* The tensor classes of torch before 0.4 (torch.FloatTensor,
   torch.cuda.LongTensor...), which the tar format names beside each
   tensor: data, never called. *)
let legacy_tensor_class g =
  String.ends_with ~suffix:"Tensor" g
  && storage_dtype (String.sub g 0 (String.length g - 6) ^ "Storage") <> None

let check_global g =
  if List.mem g rebuilds || List.mem g constructors || List.mem g classes then ()
  else if storage_dtype g <> None || legacy_tensor_class g then ()
  else if String.starts_with ~prefix:"torch." g
          && find_dtype (String.sub g 6 (String.length g - 6)) <> None then ()
  else
    match List.assoc_opt g refused_globals with
    | Some why -> bad "the global %s: %s" g why
    | None ->
        bad "the global %s is not one a checkpoint of tensors holds: refused (nothing is \
             imported or called)" g

(* {1 Tensors} *)

let contiguous_dims shape stride =
  let n = Array.length shape in
  let rec go i expected =
    i < 0
    || (shape.(i) = 1 || stride.(i) = expected) && go (i - 1) (expected * shape.(i))
  in
  Array.exists (( = ) 0) shape || go (n - 1) 1

let numel shape = Array.fold_left ( * ) 1 shape

(* A tensor as torch's set_ makes it, checked against its storage. *)
let make_tensor ~dtype ~storage:(s : st) ~view ~offset ~shape ~stride ~grad =
  let nd = Array.length shape in
  if Array.length stride <> nd then
    bad "a tensor of %d dimensions with %d strides" nd (Array.length stride);
  if offset < 0 then bad "a tensor at the negative storage offset %d" offset;
  Array.iter (fun d -> if d < 0 then bad "a tensor of the negative size %d" d) shape;
  Array.iter (fun d -> if d < 0 then bad "a tensor of the negative stride %d" d) stride;
  let e = dtype.size in
  (* The number of elements, bounded so that its bytes fit an int. *)
  let n =
    Array.fold_left
      (fun acc d -> if d <> 0 && acc > max_int / e / d then bad "a tensor of more bytes than an int holds" else acc * d)
      1 shape
  in
  if n > 0 then begin
    let last =
      Array.fold_left
        (fun acc (d, st) ->
          let span = if d <= 1 then 0 else if st > (max_int - acc) / (d - 1) then -1 else st * (d - 1) in
          if span < 0 then bad "a tensor's strides reach past any storage" else acc + span)
        offset
        (Array.map2 (fun d st -> (d, st)) shape stride)
    in
    let have = match view with Some (_, n) -> n | None -> s.s_nbytes / e in
    if last >= have then
      bad "a tensor of %s, offset %d, size [%s] and stride [%s] reaches element %d of its storage %S, \
           which has %d (%d bytes)"
        dtype.dname offset
        (String.concat ", " (Array.to_list (Array.map string_of_int shape)))
        (String.concat ", " (Array.to_list (Array.map string_of_int stride)))
        last s.s_key have s.s_nbytes
  end;
  let offset = match view with Some (first, _) -> first + offset | None -> offset in
  { t_dtype = dtype; t_storage = s; t_offset = offset; t_shape = shape; t_stride = stride;
    t_grad = grad; t_param = false }

(* {1 The pickle machine} *)

(* Opcodes (Python's pickle.py). *)
let op_name = function
  | '\x80' -> "PROTO" | '\x95' -> "FRAME" | '.' -> "STOP" | '(' -> "MARK" | '}' -> "EMPTY_DICT"
  | ']' -> "EMPTY_LIST" | ')' -> "EMPTY_TUPLE" | 'N' -> "NONE" | '\x88' -> "NEWTRUE"
  | '\x89' -> "NEWFALSE" | 'J' -> "BININT" | 'K' -> "BININT1" | 'M' -> "BININT2"
  | '\x8a' -> "LONG1" | '\x8b' -> "LONG4" | 'G' -> "BINFLOAT" | 'X' -> "BINUNICODE"
  | '\x8c' -> "SHORT_BINUNICODE" | '\x8d' -> "BINUNICODE8" | 'U' -> "SHORT_BINSTRING"
  | 'T' -> "BINSTRING" | 'C' -> "SHORT_BINBYTES" | 'B' -> "BINBYTES" | '\x8e' -> "BINBYTES8"
  | '\x96' -> "BYTEARRAY8" | 't' -> "TUPLE" | '\x85' -> "TUPLE1" | '\x86' -> "TUPLE2"
  | '\x87' -> "TUPLE3" | 'l' -> "LIST" | 'd' -> "DICT" | 'a' -> "APPEND" | 'e' -> "APPENDS"
  | 's' -> "SETITEM" | 'u' -> "SETITEMS" | 'q' -> "BINPUT" | 'r' -> "LONG_BINPUT"
  | '\x94' -> "MEMOIZE" | 'h' -> "BINGET" | 'j' -> "LONG_BINGET" | 'c' -> "GLOBAL"
  | '\x93' -> "STACK_GLOBAL" | 'R' -> "REDUCE" | '\x81' -> "NEWOBJ" | '\x92' -> "NEWOBJ_EX"
  | 'b' -> "BUILD" | 'Q' -> "BINPERSID" | 'P' -> "PERSID" | '0' -> "POP" | '1' -> "POP_MARK"
  | '2' -> "DUP" | 'i' -> "INST" | 'o' -> "OBJ" | 'p' -> "PUT" | 'g' -> "GET" | 'I' -> "INT"
  | 'L' -> "LONG" | 'F' -> "FLOAT" | 'S' -> "STRING" | 'V' -> "UNICODE" | '\x82' -> "EXT1"
  | '\x83' -> "EXT2" | '\x84' -> "EXT4" | '\x8f' -> "EMPTY_SET" | '\x90' -> "ADDITEMS"
  | '\x91' -> "FROZENSET" | '\x97' -> "NEXT_BUFFER" | '\x98' -> "READONLY_BUFFER"
  | c -> Printf.sprintf "an unknown opcode 0x%02x" (Char.code c)

type machine = {
  buf : buffer;
  mutable pos : int;
  limit : int;
  mutable stack : v list;
  mutable marks : v list list;
  memo : (int, v) Hashtbl.t;
  mutable ids : int;
  mutable units : int;  (* what the values made so far cost, see [spend] *)
  persistent : v -> v;
}

(* The memory a pickle may make is bounded, whatever its bytes (a
   deflated record of a few kilobytes inflates to a pickle of millions of
   empty lists): a value on the stack costs a unit, a container two more,
   a memo entry one. torch.save's pickle of a state dict costs about 44
   a tensor; this bound is 2^24. *)
let max_units = 1 lsl 24

let spend m k =
  m.units <- m.units + k;
  if m.units > max_units then
    bad "the pickle makes more than %d values, containers and memo entries (torch.save's of a state dict of 300,000 tensors makes fewer)" max_units

let fresh m = spend m 2; m.ids <- m.ids + 1; m.ids

let u8 b i = Char.code (Bigarray.Array1.unsafe_get b i)

let take m n what =
  if n < 0 || n > m.limit - m.pos then
    bad "%s of %d bytes runs past the end of the pickle (%d bytes remain)" what n (m.limit - m.pos);
  let p = m.pos in
  m.pos <- p + n;
  p

let le m n what =
  let p = take m n what in
  let r = ref 0 in
  for i = n - 1 downto 0 do r := (!r lsl 8) lor u8 m.buf (p + i) done;
  !r

(* A length of 8 bytes: anything past an int is past the end. *)
let le64 m =
  let p = take m 8 "a length" in
  if u8 m.buf (p + 7) >= 0x40 then bad "a length of 2^62 or more, past any file";
  let r = ref 0 in
  for i = 7 downto 0 do r := (!r lsl 8) lor u8 m.buf (p + i) done;
  !r

let str_at m n what =
  let p = take m n what in
  String.init n (fun i -> Bigarray.Array1.unsafe_get m.buf (p + i))

let utf8 s what = if String.is_valid_utf_8 s then s else bad "%s is not UTF-8" what

let push m v = spend m 1; m.stack <- v :: m.stack

let pop m =
  match m.stack with
  | v :: rest -> m.stack <- rest; v
  | [] -> bad "the stack is empty"

let top m = match m.stack with v :: _ -> v | [] -> bad "the stack is empty"

let pop_mark m =
  match m.marks with
  | outer :: rest ->
      let items = List.rev m.stack in
      m.stack <- outer;
      m.marks <- rest;
      items
  | [] -> bad "no MARK before it"

(* LONG1 and LONG4: two's complement, little-endian; an int when it fits. *)
let long_of_bytes s =
  let n = String.length s in
  if n = 0 then V_int 0
  else if n <= 8 then begin
    let r = ref 0L in
    for i = n - 1 downto 0 do r := Int64.logor (Int64.shift_left !r 8) (Int64.of_int (Char.code s.[i])) done;
    let r = if n < 8 && Char.code s.[n - 1] >= 0x80 then Int64.sub !r (Int64.shift_left 1L (8 * n)) else !r in
    if Int64.compare r (Int64.of_int max_int) <= 0 && Int64.compare r (Int64.of_int min_int) >= 0 then
      V_int (Int64.to_int r)
    else V_long s
  end
  else V_long s

let tuple m items = V_tuple (fresh m, Array.of_list items)

let int_of what = function
  | V_int n -> n
  | V_bool b -> Bool.to_int b
  | V_long _ -> bad "%s is an int of 62 bits or more, past any tensor" what
  | v -> bad "%s is %s, not an int" what (type_name v)

let ints what = function
  | V_tuple (_, a) -> Array.map (int_of what) a
  | V_list (_, l) -> Array.map (int_of what) (Dynarray.to_array l)
  | v -> bad "%s is %s, not a tuple" what (type_name v)

let bool_of what = function
  | V_bool b -> b
  | V_int n -> n <> 0
  | v -> bad "%s is %s, not a bool" what (type_name v)

let string_of what = function
  | V_str s -> s
  | V_bytes s when String.for_all (fun c -> Char.code c < 0x80) s -> s
  | v -> bad "%s is %s, not a str" what (type_name v)

let empty_or_none what = function
  | V_null -> ()
  | V_dict (_, d) when Dynarray.length d.items = 0 -> ()
  | V_tuple (_, [||]) -> ()
  | V_dict _ -> bad "%s is not empty: torch would set it, this reader does not" what
  | v -> bad "%s is %s" what (type_name v)

(* A tensor's metadata (_rebuild_tensor_v2's last argument): its conj
   and neg bits, which change its values; none set reads as is. *)
let no_metadata = function
  | V_null -> ()
  | V_dict (_, d) ->
      Dynarray.iter
        (fun (k, v) ->
          match v with
          | V_bool false | V_int 0 -> ()
          | _ -> bad "a tensor with the metadata %s set (a conjugate or negative view): not read"
                   (match k with V_str s -> s | k -> type_name k))
        d.items
  | v -> bad "a tensor's metadata is %s" (type_name v)

let rebuild_tensor m args ~v3 =
  let a = args in
  let n = Array.length a in
  let storage, sdtype, view =
    match a.(0) with V_storage (s, d, w) -> (s, d, w) | v -> bad "its storage is %s" (type_name v)
  in
  let offset = int_of "its storage offset" a.(1) in
  let shape = ints "its size" a.(2) and stride = ints "its stride" a.(3) in
  let grad = if n > 4 then bool_of "its requires_grad" a.(4) else false in
  if n > 5 then empty_or_none "its backward hooks" a.(5);
  let dtype =
    if v3 then
      match a.(6) with
      | V_global g when String.starts_with ~prefix:"torch." g -> (
          match find_dtype (String.sub g 6 (String.length g - 6)) with
          | Some d -> d
          | None -> bad "its dtype %s is not a dtype" g)
      | v -> bad "its dtype is %s" (type_name v)
    else sdtype
  in
  let meta = if v3 then 7 else 6 in
  if n > meta then no_metadata a.(meta);
  if v3 && view <> None then bad "a storage view under _rebuild_tensor_v3";
  V_tensor (fresh m, make_tensor ~dtype ~storage ~view ~offset ~shape ~stride ~grad)

let arity g a lo hi =
  let n = Array.length a in
  if n < lo || n > hi then
    bad "%s with %d arguments (%s)" g n
      (if lo = hi then string_of_int lo else Printf.sprintf "%d to %d" lo hi)

(* REDUCE: [g] applied to [args], as torch would, for the globals above. *)
let rec reduce m g args =
  let a = match args with V_tuple (_, a) -> a | v -> bad "%s applied to %s, not a tuple" g (type_name v) in
  match g with
  | "torch._utils._rebuild_tensor" -> arity g a 4 4; rebuild_tensor m a ~v3:false
  | "torch._utils._rebuild_tensor_v2" -> arity g a 6 7; rebuild_tensor m a ~v3:false
  | "torch._utils._rebuild_tensor_v3" -> arity g a 7 8; rebuild_tensor m a ~v3:true
  | "torch._utils._rebuild_parameter" | "torch._utils._rebuild_parameter_with_state" -> (
      let with_state = g = "torch._utils._rebuild_parameter_with_state" in
      if with_state then arity g a 4 4 else arity g a 3 3;
      empty_or_none "its backward hooks" a.(2);
      if with_state then empty_or_none "its state" a.(3);
      match a.(0) with
      | V_tensor (_, t) ->
          V_tensor (fresh m, { t with t_grad = bool_of "its requires_grad" a.(1); t_param = true })
      | v -> bad "%s of %s, not a tensor" g (type_name v))
  | "torch._tensor._rebuild_from_type_v2" -> (
      arity g a 4 4;
      let t =
        match a.(0) with
        | V_global f when List.mem f rebuilds -> reduce m f a.(2)
        | v -> bad "%s of the function %s" g (type_name v)
      in
      empty_or_none "its state" a.(3);
      match a.(1), t with
      | V_global "torch.Tensor", t -> t
      | V_global "torch.nn.parameter.Parameter", V_tensor (_, t) ->
          V_tensor (fresh m, { t with t_param = true })
      | v, _ -> bad "%s to the type %s: not read" g (type_name v))
  | "collections.OrderedDict" -> (
      let d = { index = Hashtbl.create 16; items = Dynarray.create () } in
      arity g a 0 1;
      let pair = function
        | V_tuple (_, [| k; v |]) -> dict_set d k v
        | V_list (_, l) when Dynarray.length l = 2 -> dict_set d (Dynarray.get l 0) (Dynarray.get l 1)
        | v -> bad "an OrderedDict item is %s, not a pair" (type_name v)
      in
      (match a with
       | [||] -> ()
       | [| V_list (_, l) |] -> Dynarray.iter pair l
       | [| V_tuple (_, t) |] -> Array.iter pair t
       | [| V_dict (_, src) |] -> Dynarray.iter (fun (k, v) -> dict_set d k v) src.items
       | [| v |] -> bad "an OrderedDict of %s" (type_name v)
       | _ -> assert false);
      V_dict (fresh m, d))
  | "torch.Size" -> (
      arity g a 0 1;
      match a with
      | [||] -> tuple m []
      | [| V_tuple (_, t) |] -> V_tuple (fresh m, Array.map (fun v -> V_int (int_of "a size" v)) t)
      | [| v |] -> bad "torch.Size of %s" (type_name v)
      | _ -> assert false)
  | "torch.device" -> (
      arity g a 1 2;
      let kind = string_of "a device's type" a.(0) in
      match a with
      | [| _ |] -> V_device kind
      | [| _; V_null |] -> V_device kind
      | [| _; i |] -> V_device (Printf.sprintf "%s:%d" kind (int_of "a device's index" i))
      | _ -> assert false)
  | "torch.serialization._get_layout" ->
      arity g a 1 1;
      (* torch's layouts, as str(layout) names them: values; a tensor
         of any but strided comes through a rebuild refused above. *)
      let l = string_of "a layout" a.(0) in
      if List.mem l layouts then V_global l else bad "%s is not one of torch's layouts" l
  | "_codecs.encode" -> (
      (* How protocol 2 pickles bytes: their characters, as latin-1. *)
      arity g a 1 2;
      let s = string_of "_codecs.encode's text" a.(0) in
      (match a with
       | [| _; V_str ("latin1" | "latin-1") |] -> ()
       | [| _; V_str e |] -> bad "_codecs.encode to %S: only latin1 is read" e
       | [| _; v |] -> bad "_codecs.encode to %s: only latin1 is read" (type_name v)
       | _ -> ());
      let b = Buffer.create (String.length s) in
      let rec go i =
        if i < String.length s then begin
          let d = String.get_utf_8_uchar s i in
          let u = Uchar.to_int (Uchar.utf_decode_uchar d) in
          if u > 0xff then bad "_codecs.encode of a character past latin-1 (U+%04X)" u;
          Buffer.add_char b (Char.chr u);
          go (i + Uchar.utf_decode_length d)
        end
      in
      go 0;
      V_bytes (Buffer.contents b))
  | g -> bad "REDUCE of %s: refused (nothing is called)" g

let global m g =
  check_global g;
  push m (V_global g)

(* Runs the pickle [b.[pos, limit)] to its STOP: the object and where the
   pickle ended. *)
let run ~persistent buf pos limit =
  let m =
    { buf; pos; limit; stack = []; marks = []; memo = Hashtbl.create 64; ids = 0; units = 0; persistent }
  in
  let rec step () =
    let at = m.pos in
    if at >= m.limit then bad "at byte %d: the pickle ends before its STOP" (at - pos);
    let op = Bigarray.Array1.unsafe_get m.buf at in
    m.pos <- at + 1;
    let name = op_name op in
    match
      match op with
      | '.' -> Some (pop m)
      | _ ->
          (match op with
          | '\x80' ->
              let p = le m 1 name in
              if p > 5 then bad "pickle protocol %d: 2 to 5 are read" p
          | '\x95' ->
              (* Frames only group opcodes: their length is checked, then
                 they are read through. *)
              let n = le64 m in
              if n > m.limit - m.pos then bad "a frame of %d bytes runs past the end of the pickle" n
          | '(' -> m.marks <- m.stack :: m.marks; m.stack <- []
          | '}' -> push m (V_dict (fresh m, { index = Hashtbl.create 1; items = Dynarray.create () }))
          | ']' -> push m (V_list (fresh m, Dynarray.create ()))
          | ')' -> push m (tuple m [])
          | 'N' -> push m V_null
          | '\x88' -> push m (V_bool true)
          | '\x89' -> push m (V_bool false)
          | 'J' ->
              let n = le m 4 name in
              push m (V_int (if n >= 0x80000000 then n - 0x100000000 else n))
          | 'K' -> push m (V_int (le m 1 name))
          | 'M' -> push m (V_int (le m 2 name))
          | '\x8a' -> let n = le m 1 name in push m (long_of_bytes (str_at m n name))
          | '\x8b' ->
              let n = le m 4 name in
              if n >= 0x80000000 then bad "a LONG4 of negative length";
              push m (long_of_bytes (str_at m n name))
          | 'G' ->
              let p = take m 8 name in
              let r = ref 0L in
              for i = 0 to 7 do
                r := Int64.logor (Int64.shift_left !r 8) (Int64.of_int (u8 m.buf (p + i)))
              done;
              push m (V_float (Int64.float_of_bits !r))
          | 'X' -> let n = le m 4 name in push m (V_str (utf8 (str_at m n name) "a string"))
          | '\x8c' -> let n = le m 1 name in push m (V_str (utf8 (str_at m n name) "a string"))
          | '\x8d' -> let n = le64 m in push m (V_str (utf8 (str_at m n name) "a string"))
          | 'U' -> let n = le m 1 name in push m (V_str (str_at m n name))
          | 'T' ->
              let n = le m 4 name in
              if n >= 0x80000000 then bad "a BINSTRING of negative length";
              push m (V_str (str_at m n name))
          | 'C' -> let n = le m 1 name in push m (V_bytes (str_at m n name))
          | 'B' -> let n = le m 4 name in push m (V_bytes (str_at m n name))
          | '\x8e' | '\x96' -> let n = le64 m in push m (V_bytes (str_at m n name))
          | 't' -> let items = pop_mark m in push m (tuple m items)
          | '\x85' -> let a = pop m in push m (tuple m [ a ])
          | '\x86' -> let b = pop m in let a = pop m in push m (tuple m [ a; b ])
          | '\x87' -> let c = pop m in let b = pop m in let a = pop m in push m (tuple m [ a; b; c ])
          | 'l' -> let items = pop_mark m in push m (V_list (fresh m, Dynarray.of_list items))
          | 'd' ->
              let items = pop_mark m in
              let d = { index = Hashtbl.create 8; items = Dynarray.create () } in
              let rec go = function
                | k :: v :: rest -> dict_set d k v; go rest
                | [ _ ] -> bad "an odd number of items"
                | [] -> ()
              in
              go items;
              push m (V_dict (fresh m, d))
          | 'a' -> (
              let x = pop m in
              match top m with
              | V_list (_, l) -> Dynarray.add_last l x
              | v -> bad "APPEND to %s, not a list" (type_name v))
          | 'e' -> (
              let items = pop_mark m in
              match top m with
              | V_list (_, l) -> List.iter (Dynarray.add_last l) items
              | v -> bad "APPENDS to %s, not a list" (type_name v))
          | 's' -> (
              let v = pop m in
              let k = pop m in
              match top m with
              | V_dict (_, d) -> dict_set d k v
              | t -> bad "SETITEM on %s, not a dict" (type_name t))
          | 'u' -> (
              let items = pop_mark m in
              match top m with
              | V_dict (_, d) ->
                  let rec go = function
                    | k :: v :: rest -> dict_set d k v; go rest
                    | [ _ ] -> bad "an odd number of items"
                    | [] -> ()
                  in
                  go items
              | t -> bad "SETITEMS on %s, not a dict" (type_name t))
          | 'q' -> spend m 1; Hashtbl.replace m.memo (le m 1 name) (top m)
          | 'r' -> spend m 1; Hashtbl.replace m.memo (le m 4 name) (top m)
          | '\x94' -> spend m 1; Hashtbl.replace m.memo (Hashtbl.length m.memo) (top m)
          | 'h' | 'j' -> (
              let i = le m (if op = 'h' then 1 else 4) name in
              match Hashtbl.find_opt m.memo i with
              | Some v -> push m v
              | None -> bad "memo entry %d was never stored" i)
          | 'c' ->
              let line () =
                let rec find p =
                  if p >= m.limit then bad "a global's name runs past the end of the pickle"
                  else if Bigarray.Array1.unsafe_get m.buf p = '\n' then p
                  else find (p + 1)
                in
                let e = find m.pos in
                let s = str_at m (e - m.pos) "a global's name" in
                m.pos <- e + 1;
                utf8 s "a global's name"
              in
              let md = line () in
              let n = line () in
              (* Python 2's module names, as pickle's fix_imports maps
                 them (_compat_pickle's IMPORT_MAPPING, the two that
                 matter here). *)
              let md = match md with "__builtin__" -> "builtins" | "copy_reg" -> "copyreg" | md -> md in
              global m (md ^ "." ^ n)
          | '\x93' ->
              let n = string_of "STACK_GLOBAL's name" (pop m) in
              let md = string_of "STACK_GLOBAL's module" (pop m) in
              global m (md ^ "." ^ n)
          | 'R' -> (
              let args = pop m in
              match pop m with
              | V_global g -> push m (reduce m g args)
              | v -> bad "REDUCE of %s, not a global: refused" (type_name v))
          | 'b' -> (
              let state = pop m in
              match top m, state with
              | V_dict _, (V_dict _ | V_null | V_tuple (_, [| _; _ |])) ->
                  (* An OrderedDict's attributes (a state dict's
                     _metadata), which are not its items. *)
                  ()
              | t, _ -> bad "BUILD of %s: refused" (type_name t))
          | 'Q' -> let pid = pop m in push m (m.persistent pid)
          | 'P' ->
              (* Protocol 0's persistent id: an ASCII line, as Python's
                 load_persid reads it. *)
              let rec eol i =
                if i >= m.limit then bad "a PERSID line runs past the end of the pickle"
                else if Bigarray.Array1.unsafe_get m.buf i = '\n' then i
                else eol (i + 1)
              in
              let e = eol m.pos in
              let line = str_at m (e - m.pos) name in
              m.pos <- e + 1;
              if not (String.for_all (fun c -> Char.code c < 0x80) line) then
                bad "a PERSID that is not ASCII";
              push m (m.persistent (V_str line))
          | '0' -> ignore (pop m : v)
          | '1' -> ignore (pop_mark m : v list)
          | '2' -> push m (top m)
          | '\x81' -> (
              let _args = pop m in
              match pop m with
              | V_global g -> bad "NEWOBJ of %s: refused (nothing is constructed)" g
              | v -> bad "NEWOBJ of %s: refused" (type_name v))
          | _ -> bad "refused: this reader interprets only the opcodes torch.save writes");
          None
    with
    | Some v -> (v, m.pos)
    | None -> step ()
    | exception Bad msg -> raise (Bad (Printf.sprintf "at byte %d (%s): %s" (at - pos) name msg))
  in
  step ()

(* {1 Results} *)

(* The object as values, each container made once, however often the
   pickle refers to it (a container inside itself is refused), and every
   tensor in it with the path of keys and indices to it, each container
   walked once. *)
let publish v =
  let done_ = Hashtbl.create 64 and open_ = Hashtbl.create 64 in
  let storages = Hashtbl.create 16 in
  let storage s =
    match Hashtbl.find_opt storages s.s_key with
    | Some p -> p
    | None ->
        let bytes = match s.s_bytes with Some b -> b | None -> bad "storage %S has no bytes" s.s_key in
        let p = { key = s.s_key; location = s.s_location; bytes } in
        Hashtbl.add storages s.s_key p;
        p
  in
  let rec go depth v =
    if depth > max_depth then bad "objects nested more than %d deep" max_depth;
    let shared id f =
      match Hashtbl.find_opt done_ id with
      | Some r -> r
      | None ->
          if Hashtbl.mem open_ id then bad "an object that holds itself";
          Hashtbl.add open_ id ();
          let r = f () in
          Hashtbl.add done_ id r;
          r
    in
    match v with
    | V_null -> Null
    | V_bool b -> Bool b
    | V_int n -> Int n
    | V_long s -> Long s
    | V_float f -> Float f
    | V_str s -> String s
    | V_bytes s -> Bytes s
    | V_tuple (id, a) -> shared id (fun () -> Tuple (List.map (go (depth + 1)) (Array.to_list a)))
    | V_list (id, l) -> shared id (fun () -> List (List.map (go (depth + 1)) (Dynarray.to_list l)))
    | V_dict (id, d) ->
        shared id (fun () ->
            Dict (List.map (fun (k, v) -> (go (depth + 1) k, go (depth + 1) v)) (Dynarray.to_list d.items)))
    | V_global g -> Global g
    | V_device d -> Device d
    | V_storage (s, _, _) -> bad "a storage %S outside any tensor: not read" s.s_key
    | V_tensor (id, t) ->
        shared id (fun () ->
            Tensor
              { dtype = t.t_dtype.dname; storage = storage t.t_storage; offset = t.t_offset;
                shape = t.t_shape; stride = t.t_stride; requires_grad = t.t_grad;
                parameter = t.t_param })
  in
  let root = go 0 v in
  let seen = Hashtbl.create 64 and acc = ref [] in
  let once id f = if not (Hashtbl.mem seen id) then (Hashtbl.add seen id (); f ()) in
  let name path = String.concat "." (List.rev path) in
  let rec walk path = function
    | V_tensor (id, _) -> (
        match Hashtbl.find_opt done_ id with
        | Some (Tensor i) -> acc := (name path, i) :: !acc
        | _ -> ())
    | V_tuple (id, a) -> once id (fun () -> Array.iteri (fun i x -> walk (string_of_int i :: path) x) a)
    | V_list (id, l) -> once id (fun () -> Dynarray.iteri (fun i x -> walk (string_of_int i :: path) x) l)
    | V_dict (id, d) ->
        once id (fun () ->
            Dynarray.iter
              (fun (k, x) ->
                let k =
                  match k with
                  | V_str s -> s
                  | V_int n -> string_of_int n
                  | V_bool b -> if b then "True" else "False"
                  | k -> "<" ^ type_name k ^ ">"
                in
                walk (k :: path) x)
              d.items)
    | _ -> ()
  in
  walk [] v;
  (root, List.rev !acc)

type format = Zip | Legacy | Tar

type t = {
  format : format;
  root : value;
  byteorder : [ `Little | `Big ];
  archive : string option;
  all_tensors : (string * tensor_info) list;
}

(* {1 The zip archive} *)

let storage_of_pid ~find = function
  | V_tuple (_, a) when Array.length a >= 1 && (match a.(0) with V_str "storage" | V_bytes "storage" -> true | _ -> false) ->
      let cls, key, location, numel, view =
        match a with
        | [| _; c; k; l; n |] -> (c, k, l, n, V_null)
        | [| _; c; k; l; n; vm |] -> (c, k, l, n, vm)
        | _ -> bad "a storage's persistent id of %d fields" (Array.length a)
      in
      let dtype =
        match cls with
        | V_global g -> (
            match storage_dtype g with
            | Some d when d.nx = None && d.storage_class <> None ->
                bad "a storage of %s: quantized storages are not read" g
            | Some d -> d
            | None -> bad "a storage of the class %s" g)
        | v -> bad "a storage of the class %s" (type_name v)
      in
      let key = string_of "a storage's key" key in
      let location = string_of "a storage's location" location in
      let numel = int_of "a storage's size" numel in
      if numel < 0 || numel > max_int / dtype.size then bad "a storage of %d elements" numel;
      let s, view = find ~key ~location ~nbytes:(numel * dtype.size) ~view ~dtype in
      V_storage (s, dtype, view)
  | V_tuple (_, a) when Array.length a >= 1 -> (
      match a.(0) with
      | V_str s -> bad "a persistent id of type %S: only storages are read" s
      | v -> bad "a persistent id of type %s: only storages are read" (type_name v))
  | v -> bad "a persistent id that is %s, not a storage's tuple" (type_name v)

let record_bytes z e =
  if e.Zip.compressed then
    match Zip.inflate_into z e with Ok b -> b | Error m -> bad "%s" m
  else Zip.raw z e

let of_zip b =
  let z = match Zip.of_buffer b with Ok z -> z | Error m -> bad "%s" m in
  let entries = z.Zip.entries in
  if Array.length entries = 0 then bad "an empty zip archive, not a torch.save archive";
  (* The archive's name: what precedes the first record's '/', as
     torch's PyTorchStreamReader reads it. *)
  let first = entries.(0).Zip.name in
  let archive =
    match String.index_opt first '/' with
    | Some i -> String.sub first 0 i
    | None -> bad "its first record %S is not in a directory: not a torch.save archive" first
  in
  let by_name = Hashtbl.create (Array.length entries) in
  Array.iter (fun e -> Hashtbl.replace by_name e.Zip.name e) entries;
  let find_record name = Hashtbl.find_opt by_name (archive ^ "/" ^ name) in
  let text name =
    Option.map (fun e -> A.string_of_buffer (record_bytes z e)) (find_record name)
  in
  if find_record "constants.pkl" <> None then
    bad "a TorchScript archive (torch.jit.save), not a torch.save one: not read";
  (match Option.fold ~none:(text ".data/version") ~some:Option.some (text "version") with
  | None -> bad "no %s/version record: torch.load refuses an archive without one" archive
  | Some v -> (
      match int_of_string_opt (String.trim v) with
      | Some n when n >= 1 && n <= 10 -> ()
      | _ -> bad "%s/version is %S: versions 1 to 10 are read" archive v));
  let byteorder =
    match text "byteorder" with
    | None | Some "little" -> `Little
    | Some "big" -> `Big
    | Some s -> bad "%s/byteorder is %S, neither little nor big" archive s
  in
  let pkl =
    match find_record "data.pkl" with
    | Some e -> e
    | None -> bad "no %s/data.pkl: not a torch.save archive" archive
  in
  if not pkl.Zip.compressed then (match Zip.check_crc z pkl with Ok () -> () | Error m -> bad "%s" m);
  let pbytes = record_bytes z pkl in
  let cache = Hashtbl.create 16 in
  let find ~key ~location ~nbytes ~view ~dtype:_ =
    if view <> V_null then bad "a storage view in an archive";
    let name = "data/" ^ key in
    let bytes =
      match Hashtbl.find_opt cache key with
      | Some b -> b
      | None -> (
          match find_record name with
          | None -> bad "storage %S: no record %s/%s in the archive" key archive name
          | Some e ->
              let b = record_bytes z e in
              Hashtbl.add cache key b;
              b)
    in
    if Bigarray.Array1.dim bytes <> nbytes then
      bad "storage %S: its record %s/%s has %d bytes, its persistent id says %d" key archive name
        (Bigarray.Array1.dim bytes) nbytes;
    ({ s_key = key; s_location = location; s_nbytes = nbytes; s_bytes = Some bytes }, None)
  in
  let v, _ =
    try run ~persistent:(storage_of_pid ~find) pbytes 0 (Bigarray.Array1.dim pbytes)
    with Bad msg -> bad "%s/data.pkl %s" archive msg
  in
  (v, byteorder, Some archive, archive ^ "/data.pkl")

(* {1 The legacy format} *)

(* torch.serialization's MAGIC_NUMBER, 0x1950a86a20f9469cfc6c, as LONG1's bytes. *)
let magic = "\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19"
let legacy_protocol = 1001

let no_persistent _ = bad "a persistent id outside the object"

let of_legacy b =
  let len = Bigarray.Array1.dim b in
  let part what pos persistent =
    try run ~persistent b pos len with Bad msg -> bad "the %s pickle %s" what msg
  in
  let v, pos =
    try part "magic number's" 0 no_persistent
    with Bad _ -> bad "not a PyTorch file: neither a zip archive nor the legacy format's magic number"
  in
  if v <> V_long magic then bad "not a PyTorch file: the first pickle is not the legacy format's magic number";
  let v, pos = part "protocol version's" pos no_persistent in
  if v <> V_int legacy_protocol then
    bad "the legacy format's protocol version is %s, not %d"
      (match v with V_int n -> string_of_int n | v -> type_name v) legacy_protocol;
  let info, pos = part "system information's" pos no_persistent in
  (match info with
   | V_dict (_, d) -> (
       match dict_find d (V_str "little_endian") with
       | Some (V_bool true) -> ()
       | Some (V_bool false) -> bad "a legacy file written on a big-endian machine: not read"
       | _ -> bad "the legacy format's system information has no little_endian")
   | v -> bad "the legacy format's system information is %s, not a dict" (type_name v));
  let roots = Hashtbl.create 16 in
  let find ~key ~location ~nbytes ~view ~dtype =
    let root =
      match Hashtbl.find_opt roots key with
      | Some (s, _) ->
          if s.s_nbytes <> nbytes then
            bad "storage %S is %d bytes in one persistent id, %d in another" key s.s_nbytes nbytes;
          s
      | None ->
          let s = { s_key = key; s_location = location; s_nbytes = nbytes; s_bytes = None } in
          Hashtbl.add roots key (s, dtype);
          s
    in
    match view with
    | V_null -> (root, None)
    | V_tuple (_, [| _; off; size |]) ->
        (* A view (torch before 0.4) is a run of its root's elements. *)
        let off = int_of "a view's offset" off and size = int_of "a view's size" size in
        let have = nbytes / dtype.size in
        if off < 0 || size < 0 || off > have || size > have - off then
          bad "a view of %d elements from element %d of storage %S, which has %d" size off key have;
        (root, Some (off, size))
    | v -> bad "a storage view of %s" (type_name v)
  in
  let obj, pos = part "object's" pos (storage_of_pid ~find) in
  let keys, pos = part "storage keys'" pos no_persistent in
  let keys =
    match keys with
    | V_list (_, l) -> List.map (string_of "a storage key") (Dynarray.to_list l)
    | v -> bad "the legacy format's storage keys are %s, not a list" (type_name v)
  in
  let pos = ref pos in
  List.iter
    (fun key ->
      match Hashtbl.find_opt roots key with
      | None -> bad "storage key %S is in no persistent id" key
      | Some (s, dtype) ->
          if s.s_bytes <> None then bad "storage key %S twice" key;
          if !pos > len - 8 then bad "storage %S: its size runs past the end of the file" key;
          let n = ref 0 in
          for i = 7 downto 0 do n := (!n lsl 8) lor u8 b (!pos + i) done;
          let count = !n in
          if u8 b (!pos + 7) >= 0x40 || count * dtype.size <> s.s_nbytes then
            bad "storage %S: %d elements in the file, %d in its persistent id" key count
              (s.s_nbytes / dtype.size);
          pos := !pos + 8;
          if s.s_nbytes > len - !pos then
            bad "storage %S: its %d bytes at byte %d run past the end of the file (%d bytes)" key
              s.s_nbytes !pos len;
          s.s_bytes <- Some (Bigarray.Array1.sub b !pos s.s_nbytes);
          pos := !pos + s.s_nbytes)
    keys;
  Hashtbl.iter (fun key (s, _) -> if s.s_bytes = None then bad "storage %S has no bytes in the file" key) roots;
  (* Bytes after the last storage are not read, as torch.load does not
     read them. *)
  (obj, `Little, None, "the object's pickle")

(* {1 The tar format} *)

(* torch.save before 0.4: a tar archive (tarfile's PAX format) whose
   members [storages], [tensors] and [pickle] torch's legacy_load reads,
   each a stream of pickles and bytes; [sys_info] is not read. *)

let tar_block = 512

(* A header field's number, as tarfile's nti reads it: octal digits up to
   a NUL or a space, or base-256 (a first byte of 0x80 or 0xff). *)
let tar_number b pos n what =
  let c0 = u8 b pos in
  if c0 = 0x80 || c0 = 0xff then begin
    if c0 = 0xff then bad "a tar header's %s is negative" what;
    let r = ref 0 in
    for i = 1 to n - 1 do
      if !r lsr 54 <> 0 then bad "a tar header's %s is past any file" what;
      r := (!r lsl 8) lor u8 b (pos + i)
    done;
    !r
  end
  else begin
    let s = Bytes.sub_string (Bytes.init n (fun i -> Bigarray.Array1.unsafe_get b (pos + i))) 0 n in
    let s = match String.index_opt s '\000' with Some i -> String.sub s 0 i | None -> s in
    let s = String.trim s in
    if s = "" then 0
    else if String.for_all (fun c -> c >= '0' && c <= '7') s && String.length s <= 20 then
      int_of_string ("0o" ^ s)
    else bad "a tar header's %s is %S, not an octal number" what s
  end

(* The header at [pos] checks: its checksum is the sum of its bytes, the
   checksum's own eight counted as spaces, unsigned or signed (tarfile's
   calc_chksums). *)
let tar_checksum_ok b pos =
  let stored = try Some (tar_number b (pos + 148) 8 "checksum") with Bad _ -> None in
  let u = ref 0 and sg = ref 0 in
  for i = 0 to tar_block - 1 do
    let c = if i >= 148 && i < 156 then 0x20 else u8 b (pos + i) in
    u := !u + c;
    sg := !sg + (if c >= 0x80 then c - 0x100 else c)
  done;
  stored = Some !u || stored = Some !sg

let tar_zero_block b pos =
  let rec go i = i >= tar_block || (u8 b (pos + i) = 0 && go (i + 1)) in
  go 0

let is_tar b = Bigarray.Array1.dim b >= tar_block && (not (tar_zero_block b 0)) && tar_checksum_ok b 0

let tar_string b pos n =
  let s = String.init n (fun i -> Bigarray.Array1.unsafe_get b (pos + i)) in
  match String.index_opt s '\000' with Some i -> String.sub s 0 i | None -> s

(* A PAX extended header's records, "LENGTH KEY=VALUE\n". *)
let pax_records b pos size =
  let rec go i acc =
    if i >= size then List.rev acc
    else begin
      let rec digits j = if j < size && u8 b (pos + j) >= 0x30 && u8 b (pos + j) <= 0x39 && j - i < 18 then digits (j + 1) else j in
      let j = digits i in
      if j = i || j >= size || Bigarray.Array1.get b (pos + j) <> ' ' then
        bad "a malformed PAX header record at byte %d" (pos + i);
      let len = int_of_string (tar_string b (pos + i) (j - i)) in
      if len <= j - i + 1 || len > size - i || Bigarray.Array1.get b (pos + i + len - 1) <> '\n' then
        bad "a PAX header record of length %d at byte %d" len (pos + i);
      let r = String.init (len - (j - i) - 2) (fun k -> Bigarray.Array1.unsafe_get b (pos + j + 1 + k)) in
      match String.index_opt r '=' with
      | None -> bad "a PAX header record without '=' at byte %d" (pos + i)
      | Some e ->
          go (i + len) ((String.sub r 0 e, String.sub r (e + 1) (String.length r - e - 1)) :: acc)
    end
  in
  go 0 []

(* A member of the archive: a regular file's bytes, a member of another
   kind, or one whose bytes run past the end of the file. *)
type tar_member = File of buffer | Other of char | Cut of int * int

(* The archive's members, by name (the last of a name, as tarfile's
   getmember finds it), as tarfile lists them: to a zero block or the
   file's end, and, after the first header, to a header cut short or
   whose checksum is wrong, which ends the archive there. *)
let tar_members b =
  let len = Bigarray.Array1.dim b in
  let members = Hashtbl.create 8 in
  let rec go pos ~pax ~long_name =
    if pos + tar_block > len || tar_zero_block b pos || not (tar_checksum_ok b pos) then ()
    else begin
      let kind = Bigarray.Array1.get b (pos + 156) in
      let size =
        match List.assoc_opt "size" pax with
        | Some v -> (
            match int_of_string_opt v with
            | Some n when n >= 0 && String.for_all (fun c -> c >= '0' && c <= '9') v -> n
            | _ -> bad "a PAX header's size %S" v)
        | None -> tar_number b (pos + 124) 12 "size"
      in
      let data = pos + tar_block in
      let name () =
        match List.assoc_opt "path" pax, long_name with
        | Some p, _ -> p
        | None, Some n -> n
        | None, None ->
            let n = tar_string b pos 100 in
            let prefix = tar_string b (pos + 345) 155 in
            if tar_string b (pos + 257) 6 = "ustar" && prefix <> "" then prefix ^ "/" ^ n else n
      in
      if size > len - data then
        (* The last member: tarfile lists it, and fails on reading it. *)
        Hashtbl.replace members (name ()) (Cut (pos, size))
      else begin
        let next = data + ((size + tar_block - 1) / tar_block * tar_block) in
        match kind with
        | 'x' -> go next ~pax:(pax_records b data size) ~long_name
        | 'g' -> go next ~pax ~long_name
        | 'L' -> go next ~pax ~long_name:(Some (tar_string b data size))
        | '0' | '\000' | '7' ->
            Hashtbl.replace members (name ()) (File (Bigarray.Array1.sub b data size));
            go next ~pax:[] ~long_name:None
        | c ->
            Hashtbl.replace members (name ()) (Other c);
            go next ~pax:[] ~long_name:None
      end
    end
  in
  go 0 ~pax:[] ~long_name:None;
  members

(* An int64 of a member's bytes, little-endian, below 2^62. *)
let i64_at b pos =
  let r = ref 0 in
  for i = 7 downto 0 do r := (!r lsl 8) lor u8 b (pos + i) done;
  !r

let of_tar b =
  let members = tar_members b in
  let member name =
    match Hashtbl.find_opt members name with
    | Some (File m) -> m
    | Some (Other c) -> bad "its tar member %s is of type %C, not a file" name c
    | Some (Cut (pos, size)) ->
        bad "the tar member %s at byte %d: its %d bytes run past the end of the file (%d bytes)" name pos
          size (Bigarray.Array1.dim b)
    | None -> bad "a tar archive without the member %s: not a torch.save archive" name
  in
  let run_in what mname buf pos persistent =
    try run ~persistent buf pos (Bigarray.Array1.dim buf)
    with Bad msg -> bad "the tar member %s: %s %s" mname what msg
  in
  (* An 8-byte little-endian int at [pos] of [buf], past which there are
     [after] bytes at least. *)
  let int64 mname buf pos what =
    if pos > Bigarray.Array1.dim buf - 8 then bad "the tar member %s: %s runs past its end" mname what;
    if u8 buf (pos + 7) >= 0x40 then bad "the tar member %s: %s is negative or past any file" mname what;
    i64_at buf pos
  in
  let key_of what = function
    | V_int k -> k
    | v -> bad "%s is %s, not an int" what (type_name v)
  in
  (* The storages, each a root or a view: its record and dtype. *)
  (* A member's first pickle, the count of what follows, and where it ends. *)
  let count_of mname buf =
    match run_in "the count's pickle" mname buf 0 no_persistent with
    | V_int n, pos when n >= 0 -> (n, ref pos)
    | v, _ -> bad "the tar member %s: its count is %s" mname (type_name v)
  in
  let storages = Hashtbl.create 16 in
  let sb = member "storages" in
  let count, pos = count_of "storages" sb in
  for _ = 1 to count do
    let v, p = run_in "a storage's pickle" "storages" sb !pos no_persistent in
    let key, location, dtype =
      match v with
      | V_tuple (_, [| k; l; V_global g |]) -> (
          let k = key_of "a storage's key" k in
          let l = string_of "a storage's location" l in
          match storage_dtype g with
          | Some d when d.nx <> None || d.storage_class = None -> (k, l, d)
          | Some _ -> bad "the tar member storages: a storage of %s: quantized storages are not read" g
          | None -> bad "the tar member storages: a storage of the class %s" g)
      | v -> bad "the tar member storages: a storage is %s, not (key, location, class)" (type_name v)
    in
    let n = int64 "storages" sb p (Printf.sprintf "storage %d's element count" key) in
    let at = p + 8 in
    if n > (Bigarray.Array1.dim sb - at) / dtype.size then
      bad "the tar member storages: storage %d's %d elements of %d bytes run past its end" key n dtype.size;
    let nbytes = n * dtype.size in
    if Hashtbl.mem storages key then bad "the tar member storages: storage %d twice" key;
    let s = { s_key = string_of_int key; s_location = location; s_nbytes = nbytes;
              s_bytes = Some (Bigarray.Array1.sub sb at nbytes) } in
    Hashtbl.add storages key (s, dtype, false);
    pos := at + nbytes
  done;
  (* The views: each a storage of its own over a run of its root's
     elements, as legacy_load slices the root's bytes. *)
  let views, _ = run_in "the storage views' pickle" "storages" sb !pos no_persistent in
  let views = match views with V_list (_, l) -> Dynarray.to_list l | v -> bad "the tar member storages: its views are %s, not a list" (type_name v) in
  List.iter
    (function
      | V_tuple (_, [| t; r; off; n |]) -> (
          let t = key_of "a view's key" t and r = key_of "a view's root" r in
          let off = int_of "a view's offset" off and n = int_of "a view's size" n in
          match Hashtbl.find_opt storages r with
          | None -> bad "the tar member storages: a view of storage %d, which is not in it" r
          | Some (root, dtype, is_view) ->
              if is_view then bad "the tar member storages: a view of the view %d" r;
              let have = root.s_nbytes / dtype.size in
              if off < 0 || n < 0 || off > have || n > have - off then
                bad "the tar member storages: a view of %d elements from element %d of storage %d, which has %d" n off r have;
              if Hashtbl.mem storages t then bad "the tar member storages: storage %d twice" t;
              let bytes = Option.map (fun b -> Bigarray.Array1.sub b (off * dtype.size) (n * dtype.size)) root.s_bytes in
              Hashtbl.add storages t
                ({ s_key = string_of_int t; s_location = root.s_location; s_nbytes = n * dtype.size; s_bytes = bytes },
                 dtype, true))
      | v -> bad "the tar member storages: a view is %s, not (key, root, offset, size)" (type_name v))
    views;
  (* The tensors. *)
  let tensors = Hashtbl.create 16 in
  let tb = member "tensors" in
  let count, pos = count_of "tensors" tb in
  for i = 1 to count do
    let v, p = run_in "a tensor's pickle" "tensors" tb !pos no_persistent in
    let key, sid =
      match v with
      | V_tuple (_, [| k; s; V_global _ |]) -> (key_of "a tensor's key" k, s)
      | v -> bad "the tar member tensors: a tensor is %s, not (key, storage, class)" (type_name v)
    in
    let storage, dtype =
      match sid with
      | V_int s -> (
          match Hashtbl.find_opt storages s with
          | Some (st, d, _) -> (st, d)
          | None -> bad "the tar member tensors: tensor %d's storage %d is not in the member storages" key s)
      | v -> bad "the tar member tensors: tensor %d's storage is %s" key (type_name v)
    in
    if p > Bigarray.Array1.dim tb - 8 then bad "the tar member tensors: tensor %d's dimensions run past its end" key;
    let nd = u8 tb p lor (u8 tb (p + 1) lsl 8) lor (u8 tb (p + 2) lsl 16) lor (u8 tb (p + 3) lsl 24) in
    if nd > 64 then bad "the tar member tensors: tensor %d has %d dimensions" key nd;
    let at = p + 8 in
    let field j what = int64 "tensors" tb (at + (8 * j)) (Printf.sprintf "tensor %d's %s" key what) in
    let shape = Array.init nd (fun j -> field j "size") in
    let stride = Array.init nd (fun j -> field (nd + j) "stride") in
    let offset = field (2 * nd) "storage offset" in
    let t =
      try make_tensor ~dtype ~storage ~view:None ~offset ~shape ~stride ~grad:false
      with Bad msg -> bad "the tar member tensors: tensor %d: %s" key msg
    in
    if Hashtbl.mem tensors key then bad "the tar member tensors: tensor %d twice" key;
    (* Negative ids, which the pickle machine's own never are. *)
    Hashtbl.add tensors key (V_tensor (-i, t));
    pos := at + (8 * ((2 * nd) + 1))
  done;
  let persistent = function
    | V_str s | V_bytes s -> (
        let k =
          let s = String.trim s in
          let digits = if String.starts_with ~prefix:"-" s then String.sub s 1 (String.length s - 1) else s in
          if digits <> "" && String.length digits < 19 && String.for_all (fun c -> c >= '0' && c <= '9') digits
          then int_of_string_opt s else None
        in
        match Option.bind k (Hashtbl.find_opt tensors) with
        | Some t -> t
        | None -> (
            match Option.bind k (Hashtbl.find_opt storages) with
            | Some (st, d, _) -> V_storage (st, d, None)
            | None -> bad "a persistent id %S that names no tensor or storage of the archive" s))
    | V_int k -> (
        match Hashtbl.find_opt tensors k with
        | Some t -> t
        | None -> bad "a persistent id %d that names no tensor of the archive" k)
    | V_tuple _ -> bad "a persistent id of a module's class (a whole model saved, not its state dict): not read"
    | v -> bad "a persistent id that is %s" (type_name v)
  in
  let v, _ = run_in "its pickle" "pickle" (member "pickle") 0 persistent in
  (v, `Little, None, "the tar member pickle")

(* {1 Reading} *)

let parse b =
  let is_zip = Bigarray.Array1.dim b >= 4 && u8 b 0 = 0x50 && u8 b 1 = 0x4b && u8 b 2 = 3 && u8 b 3 = 4 in
  let tar = (not is_zip) && is_tar b in
  let v, byteorder, archive, where = if is_zip then of_zip b else if tar then of_tar b else of_legacy b in
  let root, all_tensors = try publish v with Bad m -> bad "%s: %s" where m in
  { format = (if is_zip then Zip else if tar then Tar else Legacy); root; byteorder; archive; all_tensors }

let of_buffer b = match parse b with t -> Ok t | exception Bad m -> Error m

let sniff_bytes = tar_block

let sniff s =
  let b = A.buffer_of_string s in
  let n = Bigarray.Array1.dim b in
  (n >= 4 && String.sub s 0 4 = "PK\003\004")
  || is_tar b
  || (n >= 2 && s.[0] = '\x80'
      && match run ~persistent:no_persistent b 0 n with
         | V_long m, _ -> m = magic
         | _ | (exception Bad _) -> false)
let of_string s = of_buffer (A.buffer_of_string s)
let map_file path = File_io.parsed of_buffer File_io.map_file path
let read_file path = File_io.parsed of_buffer File_io.read_file path

let format t = t.format
let root t = t.root
let byteorder t = t.byteorder
let archive_name t = t.archive
let tensors t = t.all_tensors

let value_kind = function
  | Null -> "None" | Bool _ -> "a bool" | Int _ | Long _ -> "an int" | Float _ -> "a float"
  | String _ -> "a str" | Bytes _ -> "bytes" | Tuple _ -> "a tuple" | List _ -> "a list"
  | Dict _ -> "a dict" | Tensor _ -> "a tensor" | Global g -> g | Device _ -> "a torch.device"

let state_dict t =
  let find k = function
    | Dict items -> List.assoc_opt (String k) items
    | _ -> None
  in
  let sd =
    match find "state_dict" t.root with
    | Some v -> v
    | None -> ( match find "model" t.root with Some (Dict _ as v) -> v | _ -> t.root)
  in
  match sd with
  | Dict items -> (
      let rec go acc = function
        | [] -> Ok (List.rev acc)
        | (String k, Tensor i) :: rest -> go ((k, i) :: acc) rest
        | (String k, v) :: _ -> Error (Printf.sprintf "its state dict's %S is %s, not a tensor" k (value_kind v))
        | (k, _) :: _ -> Error (Printf.sprintf "its state dict has a key that is %s, not a str" (value_kind k))
      in
      go [] items)
  | v -> Error (Printf.sprintf "it holds %s, not a state dict" (value_kind v))

(* {1 Tensors as arrays} *)

type array = Array : ('v, 's) nx_array -> array

let element_size i = match find_dtype i.dtype with Some d -> d.size | None -> invalid_arg "Torch: unknown dtype"
let is_contiguous i = contiguous_dims i.shape i.stride
let nbytes i = element_size i * numel i.shape

(* The bytes of [i]'s elements in row-major order: over the storage's
   when it is contiguous, else copied. *)
let element_bytes i =
  let e = element_size i and n = numel i.shape in
  let src = i.storage.bytes in
  if n = 0 then Bigarray.Array1.sub src 0 0
  else if is_contiguous i then Bigarray.Array1.sub src (i.offset * e) (n * e)
  else begin
    let dst = A.alloc_buffer (n * e) in
    let nd = Array.length i.shape in
    let out = ref 0 in
    let rec go d base =
      if d = nd then begin
        Bigarray.Array1.blit (Bigarray.Array1.sub src (base * e) e) (Bigarray.Array1.sub dst !out e);
        out := !out + e
      end
      else
        for k = 0 to i.shape.(d) - 1 do go (d + 1) (base + (k * i.stride.(d))) done
    in
    go 0 i.offset;
    dst
  end

let array_of ~byteorder i =
  match dtype_of_torch i.dtype with
  | None -> Error (Printf.sprintf "a tensor of %s, which has no dtype here" i.dtype)
  | Some (Dtype.Any dt) ->
      let b = element_bytes i in
      Ok
        (match byteorder with
         | `Little -> Array (A.of_buffer dt i.shape b)
         | `Big -> Array (A.of_string ~byte_order:Big_endian dt i.shape (A.string_of_buffer b)))

let array t i = array_of ~byteorder:t.byteorder i

(* {1 Shared storages} *)

let byte_range i =
  let e = element_size i in
  let start = i.offset * e in
  if numel i.shape = 0 then (start, start)
  else
    let last = ref i.offset in
    Array.iteri (fun d s -> if s > 0 then last := !last + ((s - 1) * i.stride.(d))) i.shape;
    (start, (!last + 1) * e)

let covers i = i.offset = 0 && nbytes i = Bigarray.Array1.dim i.storage.bytes

(* The groups of names whose tensors share bytes, as safetensors'
   _find_shared_tensors finds them: by storage, then split where the
   tensors sorted by their first byte do not overlap. *)
let shared named =
  let by_storage = Hashtbl.create 16 in
  List.iter
    (fun (name, i) ->
      if Bigarray.Array1.dim i.storage.bytes <> 0 then
        let k = (i.storage.key, i.storage.location) in
        Hashtbl.replace by_storage k ((name, i) :: Option.value ~default:[] (Hashtbl.find_opt by_storage k)))
    named;
  let groups = ref [] in
  Hashtbl.iter
    (fun _ members ->
      let areas = List.map (fun (n, i) -> let s, e = byte_range i in (s, e, n)) members in
      let areas = List.sort compare areas in
      match areas with
      | [] -> ()
      | (_, stop, n) :: rest ->
          let cur = ref [ n ] and last_stop = ref stop in
          List.iter
            (fun (s, e, n) ->
              if s >= !last_stop then (groups := List.sort compare !cur :: !groups; cur := [ n ])
              else cur := n :: !cur;
              last_stop := e)
            rest;
          groups := List.sort compare !cur :: !groups)
    by_storage;
  List.sort compare !groups

let duplicates named =
  let by_name = Hashtbl.create (List.length named) in
  List.iter (fun (n, i) -> if not (Hashtbl.mem by_name n) then Hashtbl.add by_name n i) named;
  let find n = Hashtbl.find by_name n in
  let rec go acc = function
    | [] -> Ok (List.rev acc)
    | group :: rest -> (
        match List.filter (fun n -> covers (find n)) group with
        | [] ->
            Error
              (match group with
               | [ n ] ->
                   Printf.sprintf
                     "tensor %S does not cover its whole storage: safetensors' \
                      _remove_duplicate_names refuses it" n
               | g ->
                   Printf.sprintf
                     "tensors %s share a storage none of them covers: safetensors' \
                      _remove_duplicate_names finds no name to keep"
                     (String.concat ", " (List.map (Printf.sprintf "%S") g)))
        | keep :: _ ->
            let removed = List.filter (fun n -> n <> keep) group in
            go (if removed = [] then acc else (keep, removed) :: acc) rest)
  in
  go [] (shared named)

(* {1 Models} *)

module Model = struct
  type checkpoint = t

  type t = {
    dir : string;
    index : string option;
    shards : (string * checkpoint) list;  (* file name (relative to [dir]), checkpoint *)
    state_dicts : (string * (string * tensor_info) list) list;  (* each shard's *)
    where : (string, string * checkpoint * tensor_info) Hashtbl.t;
    index_metadata : (string * string) list;
  }

  let ( let* ) = Result.bind
  let errorf fmt = Printf.ksprintf (fun m -> Error m) fmt

  (* A shard's state dict, its error naming the shard. *)
  let state_dict_of path c = Result.map_error (fun m -> path ^ ": " ^ m) (state_dict c)

  let make ~dir ~index ~index_metadata shards state_dicts =
    let where = Hashtbl.create 256 in
    List.iter2
      (fun (f, c) (_, sd) -> List.iter (fun (n, i) -> Hashtbl.replace where n (f, c, i)) sd)
      shards state_dicts;
    { dir; index; shards; state_dicts; where; index_metadata }

  let open_index ?(read = false) path =
    let* ix = Shard_index.read path in
    let* shards = Shard_index.open_shards ix (if read then read_file else map_file) in
    let* state_dicts =
      List.fold_right
        (fun (f, c) acc ->
          let* acc = acc in
          let* sd = state_dict_of (Filename.concat (Shard_index.dir ix) f) c in
          Ok ((f, sd) :: acc))
        shards (Ok [])
    in
    let* () = Shard_index.check ix (List.map (fun (f, sd) -> (f, List.map fst sd)) state_dicts) in
    Ok
      (make ~dir:(Shard_index.dir ix) ~index:(Some (Filename.basename path))
         ~index_metadata:(Shard_index.metadata_strings ix) shards state_dicts)

  let of_file ?(read = false) path =
    let* c = (if read then read_file else map_file) path in
    let* sd = state_dict_of path c in
    let f = Filename.basename path in
    Ok (make ~dir:(Filename.dirname path) ~index:None ~index_metadata:[] [ (f, c) ] [ (f, sd) ])

  let is_checkpoint_name f =
    List.exists (Filename.check_suffix (String.lowercase_ascii f)) [ ".bin"; ".pt"; ".pth" ]

  let open_dir ?read dir =
    match
      Shard_index.choose dir ~index:"pytorch_model.bin.index.json" ~index_suffix:".bin.index.json"
        ~file:"pytorch_model.bin" ~is_model:is_checkpoint_name ~what:".bin, .pt or .pth"
    with
    | Ok (`Index p) -> open_index ?read p
    | Ok (`File p) -> of_file ?read p
    | Error m -> Error m

  let open_ ?read path =
    if (try Sys.is_directory path with Sys_error _ -> false) then open_dir ?read path
    else if Filename.check_suffix path ".json" then open_index ?read path
    else of_file ?read path

  let dir m = m.dir
  let index m = m.index
  let shards m = m.shards
  let index_metadata m = m.index_metadata
  let state_dicts m = m.state_dicts
  let tensors m = List.concat_map snd m.state_dicts
  let find m name = Option.map (fun (_, _, i) -> i) (Hashtbl.find_opt m.where name)
  let shard_of m name = Option.map (fun (f, _, _) -> f) (Hashtbl.find_opt m.where name)
  let checkpoint_of m name = Option.map (fun (_, c, _) -> c) (Hashtbl.find_opt m.where name)

  let array m name =
    match Hashtbl.find_opt m.where name with
    | None -> errorf "no tensor %S" name
    | Some (f, c, i) -> Result.map_error (fun e -> Filename.concat m.dir f ^ ": " ^ e) (array c i)
end
