
type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

type ('v, 's) t = {
  dtype : ('v, 's) Dtype.t;
  dims : int array;
  size : int;
  buf : buffer; (* exactly Dtype.bytes dtype size bytes *)
}

type rounding =
  | Nearest_even | Nearest_away | Toward_zero | Toward_positive
  | Toward_negative

type overflow = Stores | Saturate | Nan | Wrap | Raise

type outcome = [ `Exact | `Rounded | `Overflow | `Saturated | `Nan ]

type 'v stored = {
  value : 'v;
  outcome : outcome;
  abs_error : float;
  rel_error : float;
}
type byte_order = Little_endian | Big_endian

let err fn fmt = Printf.ksprintf (fun s -> invalid_arg ("Nx_array." ^ fn ^ ": " ^ s)) fmt

(* A result the stubs document but the checks before them exclude: a bug
   of this library, reported as one. *)
let internal fn fmt =
  Printf.ksprintf (fun s -> failwith ("Nx_array." ^ fn ^ ": internal error: " ^ s)) fmt

let pp_dims ppf dims =
  Format.fprintf ppf "[|%s|]"
    (String.concat "; " (Array.to_list (Array.map string_of_int dims)))

let dims_to_string dims = Format.asprintf "%a" pp_dims dims

(* The number of elements of [dims], checked. *)
let size_of_dims fn dims =
  Array.fold_left
    (fun n d ->
      if d < 0 then err fn "negative dimension in %s" (dims_to_string dims)
      else if d <> 0 && n > max_int / d then
        err fn "dimensions %s overflow an int" (dims_to_string dims)
      else n * d)
    1 dims

let nbytes fn dt n =
  match Dtype.bytes dt n with
  | b -> b
  | exception Invalid_argument _ ->
      err fn "%d elements of %s overflow an int of bytes" n (Dtype.name dt)

(* New storage asks for huge pages from 4 MiB, as numpy's does, before
   anything touches it: its first touch is then the conversion's own
   pass, in 2 MiB pages. [alloc_buffer] is for storage a pass writes
   whole, [alloc_zeroed] for storage that must read zero. *)
let alloc_buffer n =
  let b = Bigarray.Array1.create Bigarray.char Bigarray.c_layout n in
  Native.advise_huge_pages (Bigarray.genarray_of_array1 b);
  b

(* The flag of conversions into new storage, whose first touch is the
   conversion's pass: ordinary stores, not streaming ones, which cost more
   into pages that fault during the pass (see kernels/mod.rs's
   STREAM_BYTES). *)
let fresh = Nx_codes.Flag.dst_fresh

let alloc_zeroed n = Native.alloc_zeroed n

let create dt dims =
  let size = size_of_dims "create" dims in
  let buf = alloc_zeroed (nbytes "create" dt size) in
  { dtype = dt; dims = Array.copy dims; size; buf }

(* Numbers written out *)

(* In the order of nx_array::decimal::Outcome. *)
let outcomes = [| `Exact; `Rounded; `Overflow; `Saturated; `Nan |]

(* The value of the encoding [bits] of [dt] (a complex one's real part,
   its imaginary part zero). *)
let value_of_bits dt bits =
  let b = alloc_zeroed (Dtype.bytes dt 1) in
  Elt.set_bits dt b 0 bits;
  Elt.get dt b 0

let store_number dt s ~errors =
  match Native.store_string (Dtype.code dt) s errors with
  | None -> None
  | Some { Native.bits; outcome; abs_error; rel_error } ->
      let value = value_of_bits dt bits in
      Some { value; outcome = outcomes.(outcome); abs_error; rel_error }

let value_of_string dt s =
  Option.map (fun r -> r.value) (store_number dt s ~errors:false)

let store_string dt s = store_number dt s ~errors:true

let dtype t = t.dtype
let dims t = Array.copy t.dims
let size t = t.size
let ndims t = Array.length t.dims
let nbytes_of t = Bigarray.Array1.dim t.buf
let buffer t = t.buf

let of_buffer dt dims buf =
  let size = size_of_dims "of_buffer" dims in
  let n = nbytes "of_buffer" dt size in
  let have = Bigarray.Array1.dim buf in
  if have <> n then
    err "of_buffer" "%d elements of %s fill %d bytes, the buffer has %d" size
      (Dtype.name dt) n have;
  { dtype = dt; dims = Array.copy dims; size; buf }

(* Bigarray's limit on dimensions (CAML_BA_MAX_NUM_DIMS); arrays have
   none of their own. *)
let max_bigarray_dims = 16

let check_bigarray_dims fn dims =
  let n = Array.length dims in
  if n > max_bigarray_dims then
    err fn "%d dimensions: a bigarray has at most %d" n max_bigarray_dims

let reshape t dims =
  let size = size_of_dims "reshape" dims in
  if size <> t.size then
    err "reshape" "%s has %d elements, %s %d" (dims_to_string t.dims) t.size
      (dims_to_string dims) size;
  { t with dims = Array.copy dims }

(* Indices *)

let offset fn t idx =
  let n = Array.length t.dims in
  if Array.length idx <> n then
    err fn "index of %d dimensions for an array of %d" (Array.length idx) n;
  let off = ref 0 in
  for k = 0 to n - 1 do
    let i = idx.(k) and d = t.dims.(k) in
    if i < 0 || i >= d then
      err fn "index %d out of bounds for dimension %d of size %d" i k d;
    off := (!off * d) + i
  done;
  !off

let get t idx = Elt.get t.dtype t.buf (offset "get" t idx)

(* Only an int of a dtype of at most 16 bits can be refused, which
   pp_value would refuse to print. *)
let check_holds : type v s. string -> (v, s) Dtype.t -> v -> unit = fun fn dt v ->
  if not (Dtype.holds dt v) then
    let text =
      match dt with
      | Int16 -> string_of_int v | Uint16 -> string_of_int v | Int8 -> string_of_int v
      | Uint8 -> string_of_int v | Int4 -> string_of_int v | Uint4 -> string_of_int v
      | _ -> Format.asprintf "%a" (Dtype.pp_value dt) v
    in
    err fn "%s is not a value of %s" text (Dtype.name dt)

let set t idx v =
  let i = offset "set" t idx in
  check_holds "set" t.dtype v;
  Elt.set t.dtype t.buf i v

let check_raw fn dt =
  if Dtype.bits dt > 64 then err fn "%s elements have more than 64 bits" (Dtype.name dt)

let get_bits t idx =
  let i = offset "get_bits" t idx in
  check_raw "get_bits" t.dtype;
  Elt.get_bits t.dtype t.buf i

let set_bits t idx v =
  let i = offset "set_bits" t idx in
  check_raw "set_bits" t.dtype;
  let b = Dtype.bits t.dtype in
  if b < 64 && Int64.shift_right_logical v b <> 0L then
    err "set_bits" "%#Lx has more than %d bits" v b;
  Elt.set_bits t.dtype t.buf i v

(* Conversions *)

let rounding_code = function
  | Nearest_even -> Nx_codes.Rounding.nearest_even
  | Nearest_away -> Nx_codes.Rounding.nearest_away
  | Toward_zero -> Nx_codes.Rounding.toward_zero
  | Toward_positive -> Nx_codes.Rounding.toward_positive
  | Toward_negative -> Nx_codes.Rounding.toward_negative

let overflow_code = function
  | Stores -> Nx_codes.Overflow.stores | Saturate -> Nx_codes.Overflow.saturate
  | Nan -> Nx_codes.Overflow.nan | Wrap -> Nx_codes.Overflow.wrap
  | Raise -> Nx_codes.Overflow.raise

(* The kernels' storage code of a Bigarray kind's elements. *)
let kind_code : type a b. (a, b) Bigarray.kind -> int = function
  | Bigarray.Char -> Dtype.code Dtype.Uint8
  | Bigarray.Int -> Nx_codes.ocaml_int
  | Bigarray.Nativeint ->
      if Sys.word_size = 64 then Dtype.code Dtype.Int64 else Dtype.code Dtype.Int32
  | k -> (
      match Dtype.of_bigarray_kind k with
      | Some dt -> Dtype.code dt
      | None -> assert false)

let kind_name : type a b. (a, b) Bigarray.kind -> string = function
  | Bigarray.Char -> "char" | Bigarray.Int -> "int" | Bigarray.Nativeint -> "nativeint"
  | k -> (match Dtype.of_bigarray_kind k with Some dt -> Dtype.name dt | None -> "?")

(* Whether the destination of code [c] has NaNs, for the Nan policy. *)
let has_nans c =
  match Dtype.of_code c with
  | Some (Dtype.Any dt) -> (
      match Dtype.kind dt with
      | Dtype.Float -> (Dtype.float_format dt).nans
      | Dtype.Complex -> true
      | Dtype.Signed | Dtype.Unsigned | Dtype.Boolean -> false)
  | None -> false

let params fn ?(rounding = Nearest_even) ?(overflow = Stores) ?(flags = 0)
    ~dst_code ~dst_name ~src_code () =
  if overflow = Nan && not (has_nans dst_code) then
    err fn "overflow Nan: %s has no NaN" dst_name;
  Nx_codes.params ~dst:dst_code ~src:src_code ~rounding:(rounding_code rounding)
    ~overflow:(overflow_code overflow) ~flags

let refused fn ~src ~dst i =
  err fn "element %d does not fit in %s (%s)" i dst src

(* The result of a conversion: -1 done, an index refused; -2 (bad
   parameters) the checks above exclude. *)
let check_run fn ~src_name ~dst_name r =
  if r >= 0 then refused fn ~src:src_name ~dst:dst_name r
  else if r <> -1 then internal fn "the kernel refused its parameters (%d)" r

let run_ba fn p ~dst ~src n ~src_name ~dst_name =
  check_run fn ~src_name ~dst_name (Native.convert_ba p dst src n)

let genarray_of_buffer b = Bigarray.genarray_of_array1 b

let of_bigarray (type a b l) ?rounding ?overflow dt (ga : (a, b, l) Bigarray.Genarray.t) =
  let fn = "of_bigarray" in
  let ga = Bigarray.Genarray.change_layout ga Bigarray.c_layout in
  let kind = Bigarray.Genarray.kind ga in
  let dims = Bigarray.Genarray.dims ga in
  let size = size_of_dims fn dims in
  let buf = alloc_buffer (nbytes fn dt size) in
  let p =
    params fn ?rounding ?overflow ~flags:fresh ~dst_code:(Dtype.code dt) ~dst_name:(Dtype.name dt)
      ~src_code:(kind_code kind) ()
  in
  run_ba fn p ~dst:(genarray_of_buffer buf) ~src:ga size ~src_name:(kind_name kind)
    ~dst_name:(Dtype.name dt);
  { dtype = dt; dims; size; buf }

let to_bigarray ?rounding ?overflow kind t =
  let fn = "to_bigarray" in
  check_bigarray_dims fn t.dims;
  let w = Bigarray.kind_size_in_bytes kind in
  if t.size > max_int / w then
    err fn "%d elements of %s overflow an int of bytes" t.size (kind_name kind);
  let p =
    params fn ?rounding ?overflow ~flags:fresh ~dst_code:(kind_code kind) ~dst_name:(kind_name kind)
      ~src_code:(Dtype.code t.dtype) ()
  in
  let ga = Bigarray.Genarray.create kind Bigarray.c_layout t.dims in
  Native.advise_huge_pages ga;
  run_ba fn p ~dst:ga ~src:(genarray_of_buffer t.buf) t.size
    ~src_name:(Dtype.name t.dtype) ~dst_name:(kind_name kind);
  ga

let cast ?rounding ?overflow dt t =
  let fn = "cast" in
  let buf = alloc_buffer (nbytes fn dt t.size) in
  let p =
    params fn ?rounding ?overflow ~flags:fresh ~dst_code:(Dtype.code dt) ~dst_name:(Dtype.name dt)
      ~src_code:(Dtype.code t.dtype) ()
  in
  run_ba fn p ~dst:(genarray_of_buffer buf) ~src:(genarray_of_buffer t.buf) t.size
    ~src_name:(Dtype.name t.dtype) ~dst_name:(Dtype.name dt);
  { dtype = dt; dims = Array.copy t.dims; size = t.size; buf }

(* Whether two buffers share a byte, by their addresses: views made by
   [of_buffer], [to_bigarray_view] or Bigarray itself are caught alike. *)
let overlap a b =
  let na = Bigarray.Array1.dim a and nb = Bigarray.Array1.dim b in
  na > 0 && nb > 0
  &&
  let pa = Native.ba_address a and pb = Native.ba_address b in
  pa < pb + nb && pb < pa + na

let cast_into ?rounding ?overflow src dst =
  let fn = "cast_into" in
  if src.dims <> dst.dims then
    err fn "dimensions differ: %s and %s" (dims_to_string src.dims) (dims_to_string dst.dims);
  if overlap src.buf dst.buf then err fn "the source and the destination share bytes";
  let p =
    params fn ?rounding ?overflow ~dst_code:(Dtype.code dst.dtype)
      ~dst_name:(Dtype.name dst.dtype) ~src_code:(Dtype.code src.dtype) ()
  in
  run_ba fn p ~dst:(genarray_of_buffer dst.buf) ~src:(genarray_of_buffer src.buf) src.size
    ~src_name:(Dtype.name src.dtype) ~dst_name:(Dtype.name dst.dtype)

(* The last byte of an array whose elements of fewer than 8 bits end
   inside it, and the mask of their bits there: its other bits are
   padding, which an of_buffer array may have set. *)
let partial_byte t =
  let used = t.size * Dtype.bits t.dtype mod 8 in
  if used = 0 then None else Some (Bigarray.Array1.dim t.buf - 1, (1 lsl used) - 1)

let copy t =
  let buf = alloc_buffer (Bigarray.Array1.dim t.buf) in
  Bigarray.Array1.blit t.buf buf;
  Option.iter (fun (i, m) -> Elt.set_u8 buf i (Elt.get_u8 buf i land m)) (partial_byte t);
  { t with dims = Array.copy t.dims; buf }

let order_flag big = function Little_endian -> 0 | Big_endian -> big

let of_string ?(byte_order = Little_endian) dt dims s =
  let fn = "of_string" in
  let size = size_of_dims fn dims in
  let n = nbytes fn dt size in
  if String.length s <> n then
    err fn "%d elements of %s fill %d bytes, the string has %d" size (Dtype.name dt) n
      (String.length s);
  let buf = alloc_buffer n in
  let code = Dtype.code dt in
  let flags = fresh lor order_flag Nx_codes.Flag.src_big_endian byte_order in
  let p = params fn ~flags ~dst_code:code ~dst_name:(Dtype.name dt) ~src_code:code () in
  let name = Dtype.name dt in
  check_run fn ~src_name:name ~dst_name:name (Native.convert_of_string p buf s size);
  { dtype = dt; dims = Array.copy dims; size; buf }

let to_string ?(byte_order = Little_endian) t =
  let b = Bytes.create (Bigarray.Array1.dim t.buf) in
  Native.advise_bytes_huge_pages b;
  let code = Dtype.code t.dtype in
  let flags = fresh lor order_flag Nx_codes.Flag.dst_big_endian byte_order in
  let fn = "to_string" and name = Dtype.name t.dtype in
  let p = params fn ~flags ~dst_code:code ~dst_name:name ~src_code:code () in
  check_run fn ~src_name:name ~dst_name:name (Native.convert_to_bytes p b t.buf t.size);
  Bytes.unsafe_to_string b

(* Whole arrays *)

let fill t v =
  check_holds "fill" t.dtype v;
  if t.size > 0 then begin
    Elt.set t.dtype t.buf 0 v;
    let bits = Dtype.bits t.dtype in
    if bits >= 8 then begin
      (* Double the filled prefix until the buffer is full. *)
      let w = bits / 8 and n = Bigarray.Array1.dim t.buf in
      let filled = ref w in
      while !filled < n do
        let k = min !filled (n - !filled) in
        Bigarray.Array1.blit (Bigarray.Array1.sub t.buf 0 k)
          (Bigarray.Array1.sub t.buf !filled k);
        filled := !filled + k
      done
    end
    else for i = 1 to t.size - 1 do Elt.set t.dtype t.buf i v done
  end

let blit src dst =
  if not (Dtype.equal src.dtype dst.dtype) then
    err "blit" "dtypes differ: %s and %s" (Dtype.name src.dtype) (Dtype.name dst.dtype);
  if src.dims <> dst.dims then
    err "blit" "dimensions differ: %s and %s" (dims_to_string src.dims)
      (dims_to_string dst.dims);
  match partial_byte dst with
  | None -> Bigarray.Array1.blit src.buf dst.buf
  | Some (i, m) ->
      let pad = Elt.get_u8 dst.buf i land lnot m in
      Bigarray.Array1.blit src.buf dst.buf;
      Elt.set_u8 dst.buf i (Elt.get_u8 dst.buf i land m lor pad)

let equal a b =
  Dtype.equal a.dtype b.dtype && a.dims = b.dims
  &&
  let n = Bigarray.Array1.dim a.buf in
  let bits = Dtype.bits a.dtype in
  (* Padding bits of a last sub-byte element do not count. *)
  let full = if bits < 8 then a.size * bits / 8 else n in
  Native.bytes_equal (Bigarray.Array1.sub a.buf 0 full) (Bigarray.Array1.sub b.buf 0 full) = 1
  && (full = n
     ||
     let m = (1 lsl (a.size * bits mod 8)) - 1 in
     Elt.get_u8 a.buf full land m = Elt.get_u8 b.buf full land m)

(* Whether float arrays hold their elements as little-endian doubles in
   place, which the bulk kernels read and write as float64 storage: flat
   float arrays (the compiler's default), where every non-empty float
   array is one, on a little-endian host. *)
let flat_doubles =
  (not Sys.big_endian) && Obj.tag (Obj.repr (Array.make 1 0.)) = Obj.double_array_tag

let floats_are_doubles (a : float array) = flat_doubles && Array.length a > 0

(* The NaNs of a float array, if any: a vectorised test first. *)
let iter_nans (a : float array) f =
  if Native.has_nan a (Array.length a) then
    Array.iteri (fun i x -> if Float.is_nan x then f i x) a

let of_array (type v s) (dt : (v, s) Dtype.t) dims (a : v array) : (v, s) t =
  let fn = "of_array" in
  let size = size_of_dims fn dims in
  if Array.length a <> size then
    err fn "%s holds %d elements, the array has %d" (dims_to_string dims) size
      (Array.length a);
  (* Every element checked before anything is allocated: a float is a
     value of every float dtype. *)
  let fill =
    match Dtype.kind dt with
    | Dtype.Float when floats_are_doubles a ->
        fun buf ->
          let p = params fn ~flags:fresh ~dst_code:(Dtype.code dt) ~dst_name:(Dtype.name dt)
              ~src_code:(Dtype.code Dtype.Float64) () in
          check_run fn ~src_name:"float64" ~dst_name:(Dtype.name dt)
            (Native.convert_of_floats p buf a size);
          (* A NaN stores as set stores it, which a move of float64 bits
             would not (set quiets a signalling NaN). *)
          iter_nans a (fun i x -> Elt.set dt buf i x)
    | _ ->
        Array.iter (check_holds fn dt) a;
        fun buf -> Array.iteri (fun i v -> Elt.set dt buf i v) a
  in
  let buf = alloc_zeroed (nbytes fn dt size) in
  fill buf;
  { dtype = dt; dims = Array.copy dims; size; buf }

let to_array (type v s) (t : (v, s) t) : v array =
  let fn = "to_array" in
  if t.size > Sys.max_array_length then
    err fn "%d elements exceed an OCaml array's %d" t.size Sys.max_array_length;
  match Dtype.kind t.dtype with
  | Dtype.Float when flat_doubles && t.size > 0 ->
      (* The conversion into float64 gives the values get gives, but for
         NaNs: test_whole checks it over every encoding. *)
      let a = Array.create_float t.size in
      let name = Dtype.name t.dtype in
      let p = params fn ~flags:fresh ~dst_code:(Dtype.code Dtype.Float64) ~dst_name:"float64"
          ~src_code:(Dtype.code t.dtype) () in
      check_run fn ~src_name:name ~dst_name:"float64" (Native.convert_to_floats p a t.buf t.size);
      (* A NaN reads as get reads it, bits kept, which the kernels do not
         promise (a signalling NaN comes out quiet). *)
      iter_nans a (fun i _ -> Array.unsafe_set a i (Elt.get t.dtype t.buf i));
      a
  | _ -> Array.init t.size (fun i -> Elt.get t.dtype t.buf i)

(* Zero-copy views *)

let to_bigarray_view t =
  match Dtype.to_bigarray_kind t.dtype with
  | None -> None
  | Some _ when Array.length t.dims > max_bigarray_dims -> None
  | Some kind -> Some (Native.ba_view (genarray_of_buffer t.buf) kind t.dims)

let of_bigarray_view (type v s) (ga : (v, s, Bigarray.c_layout) Bigarray.Genarray.t) =
  match Dtype.of_bigarray_kind (Bigarray.Genarray.kind ga) with
  | None -> None
  | Some dt ->
      let dims = Bigarray.Genarray.dims ga in
      let size = size_of_dims "of_bigarray_view" dims in
      let n = nbytes "of_bigarray_view" dt size in
      let view = Native.ba_view ga Bigarray.char [| n |] in
      Some { dtype = dt; dims; size; buf = Bigarray.array1_of_genarray view }

(* Printing *)

let pp ppf t =
  let text i = Format.asprintf "%a" (Dtype.pp_value t.dtype) (Elt.get t.dtype t.buf i) in
  Pp.array ~dims:t.dims ~size:t.size ~text ppf

(* The elements of .npy files (Npy): 4-bit elements a byte each, Bit as
   bytes 0 and 1, the others in either byte order; [n] elements from the
   start of [src]. *)
let recode ?overflow ?(flags = 0) ~src_dt ~dst_dt src n =
  let fn = "Npy" in
  let buf = alloc_buffer (nbytes fn dst_dt n) in
  let src_code = Dtype.code src_dt and dst_code = Dtype.code dst_dt in
  let p =
    params fn ?overflow ~flags:(fresh lor flags) ~dst_code ~dst_name:(Dtype.name dst_dt) ~src_code ()
  in
  run_ba fn p ~dst:(genarray_of_buffer buf) ~src:(genarray_of_buffer src) n
    ~src_name:(Dtype.name src_dt) ~dst_name:(Dtype.name dst_dt);
  buf

let npy_to_file dt ~big_endian src n =
  match Dtype.bits dt with
  | 4 -> recode ~src_dt:Dtype.Uint4 ~dst_dt:Dtype.Uint8 src n
  | 1 -> recode ~src_dt:Dtype.Bit ~dst_dt:Dtype.Bool src n
  | _ ->
      let flags = if big_endian then Nx_codes.Flag.dst_big_endian else 0 in
      recode ~flags ~src_dt:dt ~dst_dt:dt src n

let npy_of_file dt ~big_endian src n =
  match Dtype.bits dt with
  | 4 -> recode ~overflow:Wrap ~src_dt:Dtype.Uint8 ~dst_dt:Dtype.Uint4 src n
  | 1 -> recode ~src_dt:Dtype.Uint8 ~dst_dt:Dtype.Bit src n
  | _ ->
      let flags = if big_endian then Nx_codes.Flag.src_big_endian else 0 in
      recode ~flags ~src_dt:dt ~dst_dt:dt src n

(* What the file and block modules need beyond the interface. *)
module Private = struct
  let buffer_of_string s = buffer (of_string Dtype.Uint8 [| String.length s |] s)
  let string_of_buffer b = to_string (of_buffer Dtype.Uint8 [| Bigarray.Array1.dim b |] b)
  let to_file = npy_to_file
  let of_file = npy_of_file
  let alloc_buffer = alloc_buffer
  let rounding_code = rounding_code
  let overlap = overlap
  let release_mapped = Native.release_mapped
end
