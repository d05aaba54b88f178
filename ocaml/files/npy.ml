(* .npy files and .npz archives, over core's arrays (A: Arrays and what
   it gives the file modules); documented in npy.mli. Headers and
   descriptors are Npy_header's, archives Zip's. *)

type buffer = Arrays.buffer

module A = struct
  include Arrays
  include Arrays.Private
end

let default_piece = 1 lsl 20

type ('v, 's) nx_array = ('v, 's) A.t
type byte_order = A.byte_order = Little_endian | Big_endian
type header = Npy_header.header = { descr : string; fortran_order : bool; shape : int array }
type any = Any : ('v, 's) nx_array -> any

let err fn fmt = Printf.ksprintf (fun s -> invalid_arg ("Nx_array.Npy." ^ fn ^ ": " ^ s)) fmt
let order big = if big then Big_endian else Little_endian
let is_big = function Big_endian -> true | Little_endian -> false

(* {1 Descriptors and headers} *)

let descr_result ~byte_order dt = Npy_header.descr ~big_endian:(is_big byte_order) dt

let descr ?(byte_order = Little_endian) dt =
  match descr_result ~byte_order dt with Ok d -> d | Error m -> err "descr" "%s" m

let dtype_of_descr d =
  Option.map (fun (dt, big) -> (dt, order big)) (Npy_header.dtype_of_descr d)

let descr_reads dt d = Option.map order (Npy_header.reads_as dt d)
let magic = Npy_header.magic
let max_dims = Npy_header.max_dims
let prefix_bytes = Npy_header.prefix_bytes
let header_of_prefix = Npy_header.of_prefix
let data_bytes = Npy_header.data_bytes

let header_to_string h =
  try Npy_header.to_string h with Invalid_argument m -> err "header_to_string" "%s" m

(* {1 Reading} *)

(* What a header says of its elements, checked against the bytes after
   it: their dtype and byte order, the array's dimensions and element
   count, and the file's bytes of them. *)
type layout = {
  dt : Dtype.any;
  big : bool;
  dims : int array;
  count : int;
  need : int;
}

let bad fmt = Printf.ksprintf (fun s -> Error s) fmt

let element_type ?dtype descr =
  match dtype with
  | Some (Dtype.Any dt) -> (
      match Npy_header.reads_as dt descr with
      | Some big -> Ok (Dtype.Any dt, big)
      | None -> bad "its elements %S are not %s elements" descr (Dtype.name dt))
  | None -> (
      match Npy_header.dtype_of_descr descr with
      | Some r -> Ok r
      | None -> (
          match Npy_header.numpy_type descr, Npy_header.split_order descr with
          | Some (('V', (1 | 2)), _), _ | _, (_, "f1") ->
              bad "its elements %S are raw bytes or an ml_dtypes type saved by np.save: name \
                   their dtype (bfloat16 for '<V2', as ml_dtypes writes it)" descr
          | _ -> bad "its elements %S are of no dtype of this library" descr))

let layout ?dtype h ~available =
  Result.bind (element_type ?dtype h.descr) (fun (Dtype.Any dt as any, big) ->
      let dims =
        if h.fortran_order then Array.of_list (List.rev (Array.to_list h.shape))
        else Array.copy h.shape
      in
      let size = Npy_header.file_size dt in
      Result.bind (Npy_header.data_bytes h ~size) (fun need ->
          let count = Npy_header.elements h in
          if need > available then
            bad "%d elements of %s need %d bytes after the header, the file has %d" count
              (Dtype.name dt) need available
          else Ok { dt = any; big; dims; count; need }))

(* Whether a file's bytes are the array's bytes: little-endian or single
   bytes, and a byte per element. *)
let shared dt ~big = Dtype.bits dt >= 8 && ((not big) || Dtype.bits dt = 8)

(* The array of the [l.count] elements of [dt] whose file bytes are
   [data], which it shares if it can. *)
let array_of dt ~big dims count data =
  if shared dt ~big then A.of_buffer dt dims data
  else A.of_buffer dt dims (A.of_file dt ~big_endian:big data count)

let prefix_of_buffer b =
  A.string_of_buffer (Bigarray.Array1.sub b 0 (min prefix_bytes (Bigarray.Array1.dim b)))

(* The header of the .npy file [b], its elements' offset and layout. *)
let parse ?dtype b =
  Result.bind (Npy_header.of_prefix (prefix_of_buffer b)) (fun (h, offset) ->
      Result.map (fun l -> (h, offset, l))
        (layout ?dtype h ~available:(Bigarray.Array1.dim b - offset)))

let any_of_buffer ?dtype b =
  Result.map
    (fun (_, offset, l) ->
      let (Dtype.Any dt) = l.dt in
      Any (array_of dt ~big:l.big l.dims l.count (Bigarray.Array1.sub b offset l.need)))
    (parse ?dtype b)

let typed_of_buffer dt b =
  Result.map
    (fun (_, offset, l) -> array_of dt ~big:l.big l.dims l.count (Bigarray.Array1.sub b offset l.need))
    (parse ~dtype:(Dtype.Any dt) b)

let of_buffer b = any_of_buffer b
let of_buffer_as dt b = typed_of_buffer dt b
let of_string s = of_buffer (A.buffer_of_string s)
let of_string_as dt s = of_buffer_as dt (A.buffer_of_string s)
let prefixed path = Result.map_error (fun m -> path ^ ": " ^ m)
let map_file path = Result.bind (File_io.map_file path) (fun b -> prefixed path (of_buffer b))
let read_file path = Result.bind (File_io.read_file path) (fun b -> prefixed path (of_buffer b))

let convert ?rounding (type s) (dt : (float, s) Dtype.t) (Any a) :
    ((float, s) nx_array, string) result =
  let src = A.dtype a in
  match Dtype.equal_witness src dt with
  | Some Type.Equal -> Ok a
  | None ->
      if Dtype.is Dtype.Float src then Ok (A.cast ?rounding dt a)
      else Error (Printf.sprintf "its elements are %s, not floats" (Dtype.name src))

let to_bigarray ?rounding k (Any a) =
  if not (Dtype.is Dtype.Float (A.dtype a)) then
    Error (Printf.sprintf "its elements are %s, not floats" (Dtype.name (A.dtype a)))
  else
    match A.to_bigarray ?rounding k a with
    | b -> Ok b
    | exception Invalid_argument m ->
        (* Without the function's name, which is not the file's. *)
        Error (File_io.without_prefix "Nx_array.to_bigarray: " m)

let map_file_as dt path =
  Result.bind (File_io.map_file path) (fun b -> prefixed path (of_buffer_as dt b))

let piece_elements = function None -> default_piece | Some p -> max 8 (p land lnot 7)

(* Calls [f] on the elements of [l] whose file bytes are [data], [piece]
   at most at a time. *)
let pieces_of_data l piece data f =
  let (Dtype.Any dt) = l.dt in
  let size = Npy_header.file_size dt in
  let rec go i =
    if i < l.count then begin
      let k = min piece (l.count - i) in
      let bytes = Bigarray.Array1.sub data (i * size) (k * size) in
      f (Any (array_of dt ~big:l.big [| k |] k bytes));
      go (i + k)
    end
  in
  go 0

let iter_pieces ?dtype ?piece b f =
  Result.map
    (fun (_, offset, l) ->
      pieces_of_data l (piece_elements piece) (Bigarray.Array1.sub b offset l.need) f)
    (parse ?dtype b)

(* {1 Writing} *)

type stream = {
  name : string;
  dtype : Dtype.any;
  dims : int array;
  fortran_order : bool;
  write : (buffer -> unit) -> unit;
}

let stream ?(fortran_order = false) name a =
  { name; dtype = Dtype.Any (A.dtype a); dims = A.dims a; fortran_order;
    write = (fun emit -> emit (A.buffer a)) }

(* The start of a message about [s]: its name, if it has one. *)
let named s = if s.name = "" then "" else s.name ^ ": "

(* A stream's file, checked: its header, and its elements' count and
   file bytes. *)
type prepared = { s : stream; header : string; count : int; data : int }

let prepare fn ~byte_order s =
  let (Dtype.Any dt) = s.dtype in
  let descr = match descr_result ~byte_order dt with Ok d -> d | Error m -> err fn "%s" m in
  let count =
    Array.fold_left
      (fun n d ->
        if d < 0 then err fn "%sa negative dimension" (named s)
        else if d > 0 && n > max_int / d then err fn "%sthe dimensions overflow an int" (named s)
        else n * d)
      1 s.dims
  in
  let size = Npy_header.file_size dt in
  if count > max_int / size then err fn "%sthe elements overflow an int of bytes" (named s);
  if Array.length s.dims > max_dims then
    err fn "%s%d dimensions, more than numpy's %d" (named s) (Array.length s.dims) max_dims;
  let shape = if s.fortran_order then Array.of_list (List.rev (Array.to_list s.dims)) else s.dims in
  let header = Npy_header.to_string { descr; fortran_order = s.fortran_order; shape } in
  { s; header; count; data = count * size }

(* Runs [p]'s stream, giving [out] its elements as file bytes. *)
let emit_data fn ~byte_order p out =
  let (Dtype.Any dt) = p.s.dtype in
  let big = is_big byte_order in
  let bits = Dtype.bits dt in
  let total = Dtype.bytes dt p.count in
  let got = ref 0 and elements = ref 0 in
  p.s.write (fun b ->
      let n = Bigarray.Array1.dim b in
      if n > total - !got then err fn "%sthe stream gives more than its %d bytes" (named p.s) total;
      if bits >= 8 && n mod (bits / 8) <> 0 then
        err fn "%sa piece of %d bytes holds part of a %d-byte element" (named p.s) n (bits / 8);
      let k = if bits >= 8 then n / (bits / 8) else min (n * (8 / bits)) (p.count - !elements) in
      got := !got + n;
      elements := !elements + k;
      out (if shared dt ~big then b else A.to_file dt ~big_endian:big b k));
  if !got <> total then err fn "%sthe stream gives %d bytes, not %d" (named p.s) !got total

let write_fd fd s = ignore (Unix.write_substring fd s 0 (String.length s))

let output ?(byte_order = Little_endian) fd s =
  let fn = "output" in
  let p = prepare fn ~byte_order s in
  write_fd fd p.header;
  emit_data fn ~byte_order p (fun b -> ignore (Unix.write_bigarray fd b 0 (Bigarray.Array1.dim b)))

let to_string ?(byte_order = Little_endian) ?fortran_order a =
  let fn = "to_string" in
  let p = prepare fn ~byte_order (stream ?fortran_order "" a) in
  let b = Buffer.create (String.length p.header + p.data) in
  Buffer.add_string b p.header;
  emit_data fn ~byte_order p (fun d -> Buffer.add_string b (A.string_of_buffer d));
  Buffer.contents b

let write_file ?(byte_order = Little_endian) ?fortran_order path a =
  let p = stream ?fortran_order "" a in
  ignore (prepare "write_file" ~byte_order p);
  File_io.write path (fun fd -> output ~byte_order fd p)

(* {1 Archives} *)

module Npz = struct
  type t = Zip.t

  type contents =
    | Array of { header : header; offset : int; dtype : Dtype.any option }
    | Not_npy
    | Unreadable of string

  type member = {
    name : string;
    file_name : string;
    compressed : bool;
    bytes : int;
    stored_bytes : int;
    contents : contents;
  }

  let suffix = ".npy"

  let strip name =
    if String.ends_with ~suffix name then
      String.sub name 0 (String.length name - String.length suffix)
    else name

  let of_buffer b = Zip.of_buffer b
  let of_string s = of_buffer (A.buffer_of_string s)
  let of_file get path =
    Result.bind (get path) (fun b ->
        Result.map (fun (z : t) -> { z with path = Some path }) (prefixed path (of_buffer b)))

  let map_file path = of_file File_io.map_file path
  let read_file path = of_file File_io.read_file path

  (* [r], its error naming the archive's file when it has one. *)
  let named (z : t) r = match z.path with Some p -> prefixed p r | None -> r


  let entry (z : t) name =
    let find n = Array.find_opt (fun (e : Zip.entry) -> e.name = n) z.entries in
    match find name with
    | Some e -> Ok e
    | None -> (
        match find (name ^ suffix) with
        | Some e -> Ok e
        | None -> bad "no member %S" name)

  let in_member (e : Zip.entry) = Result.map_error (fun m -> Printf.sprintf "member %S: %s" e.name m)

  exception Enough

  (* The first [n] bytes of [e], inflated if it is deflated. *)
  let first_bytes z (e : Zip.entry) n =
    if not e.compressed then Ok (A.string_of_buffer (Bigarray.Array1.sub (Zip.raw z e) 0 n))
    else begin
      let b = Buffer.create n in
      match
        Zip.inflate ~crc:false z e (fun src o k ->
            for i = o to o + min k (n - Buffer.length b) - 1 do
              Buffer.add_char b (Bigarray.Array1.unsafe_get src i)
            done;
            if Buffer.length b >= n then raise Enough)
      with
      | Ok () | (exception Enough) -> Ok (Buffer.contents b)
      | Error m -> Error m
    end

  let header_of z e =
    Result.bind (first_bytes z e (min prefix_bytes e.Zip.usize)) (fun s ->
        in_member e (Npy_header.of_prefix s))

  let header z name = named z (Result.bind (entry z name) (header_of z))

  let check z name =
    named z
      (Result.bind (entry z name) (fun (e : Zip.entry) ->
           if e.compressed then Zip.inflate ~crc:true z e (fun _ _ _ -> ()) else Zip.check_crc z e))

  (* What np.load makes of [e]: an array if its bytes begin with the
     magic string, else its bytes. *)
  let contents_of z (e : Zip.entry) =
    let magic_bytes = String.length magic in
    match first_bytes z e (min magic_bytes e.usize) with
    | Error m -> Unreadable m
    | Ok s when s <> magic -> Not_npy
    | Ok _ -> (
        match header_of z e with
        | Ok (header, offset) ->
            Array { header; offset; dtype = Option.map fst (dtype_of_descr header.descr) }
        | Error m -> Unreadable m)

  let members (z : t) =
    Array.to_list
      (Array.map
         (fun (e : Zip.entry) ->
           { name = strip e.name; file_name = e.name; compressed = e.compressed;
             bytes = e.usize; stored_bytes = e.csize; contents = contents_of z e })
         z.entries)

  (* The member's .npy bytes: shared if stored, else inflated whole. *)
  let member_bytes ~crc z (e : Zip.entry) =
    if not e.compressed then
      Result.map (fun () -> Zip.raw z e) (if crc then Zip.check_crc z e else Ok ())
    else Zip.inflate_into z e

  let read_with ~crc z name of_bytes =
    Result.bind (entry z name) (fun e ->
        Result.bind (member_bytes ~crc z e) (fun b -> in_member e (of_bytes b)))

  let read ?(crc = true) z name = named z (read_with ~crc z name any_of_buffer)

  (* [f] of the array of member [name], read with its CRC checked. *)
  let read_then f z name =
    named z (read_with ~crc:true z name (fun b -> Result.bind (any_of_buffer b) f))

  let get_as ?rounding dt z name = read_then (convert ?rounding dt) z name
  let get_bigarray ?rounding k z name = read_then (to_bigarray ?rounding k) z name
  let read_as ?(crc = true) dt z name = named z (read_with ~crc z name (typed_of_buffer dt))

  let iter_pieces ?(crc = true) ?dtype ?piece z name f =
    let piece = piece_elements piece in
    named z @@ Result.bind (entry z name) (fun e ->
        if not e.compressed then
          Result.bind (in_member e (iter_pieces ?dtype ~piece:piece (Zip.raw z e) f)) (fun () ->
              if crc then Zip.check_crc z e else Ok ())
        else
          Result.bind (header_of z e) (fun (h, offset) ->
              Result.bind (in_member e (layout ?dtype h ~available:(e.usize - offset)))
                (fun l ->
                  (* File bytes gathered a piece at a time, after the
                     header and up to the elements' end. *)
                  let (Dtype.Any dt) = l.dt in
                  let size = Npy_header.file_size dt in
                  let acc = Bigarray.Array1.create Bigarray.char Bigarray.c_layout (piece * size) in
                  let fill = ref 0 and pos = ref 0 and done_ = ref 0 in
                  let deliver () =
                    let k = !fill / size in
                    f (Any (array_of dt ~big:l.big [| k |] k (Bigarray.Array1.sub acc 0 !fill)));
                    done_ := !done_ + k;
                    fill := 0
                  in
                  let stop = offset + l.need in
                  Result.map
                    (fun () -> if !fill > 0 then deliver ())
                    (Zip.inflate ~crc z e (fun src o k ->
                         (* The part of [pos, pos + k) in [offset, stop). *)
                         let a = max !pos offset and b = min (!pos + k) stop in
                         let i = ref a in
                         while !i < b do
                           let n = min (b - !i) (Bigarray.Array1.dim acc - !fill) in
                           Bigarray.Array1.blit
                             (Bigarray.Array1.sub src (o + !i - !pos) n)
                             (Bigarray.Array1.sub acc !fill n);
                           fill := !fill + n;
                           i := !i + n;
                           if !fill = Bigarray.Array1.dim acc then deliver ()
                         done;
                         pos := !pos + k)))))

  (* {2 Writing} *)

  let check_names fn streams =
    let seen = Hashtbl.create 16 in
    List.iter
      (fun (s : stream) ->
        let file = s.name ^ suffix in
        if not (String.is_valid_utf_8 file) then err fn "the name %S is not UTF-8" s.name;
        if Hashtbl.mem seen file then err fn "the name %S appears twice" s.name;
        Hashtbl.add seen file ())
      streams

  let write_archive fn ?(compress = false) ?zip64 ~byte_order sink streams =
    check_names fn streams;
    let ps = List.map (prepare fn ~byte_order) streams in
    let w = Zip.writer ?zip64 sink in
    List.iter
      (fun p ->
        Zip.add w (p.s.name ^ suffix) ~deflate:compress
          ~size:(String.length p.header + p.data) (fun emit ->
            emit (`Bytes (Bytes.unsafe_of_string p.header, 0, String.length p.header));
            emit_data fn ~byte_order p (fun b -> emit (`Buffer b))))
      ps;
    Zip.finish w

  let output ?compress ?zip64 ?(byte_order = Little_endian) fd streams =
    write_archive "Npz.output" ?compress ?zip64 ~byte_order (Zip.fd_sink fd) streams

  let streams_of arrays = List.map (fun (name, Any a) -> stream name a) arrays

  let to_string ?compress ?zip64 ?(byte_order = Little_endian) arrays =
    let sink, contents = Zip.memory_sink () in
    write_archive "Npz.to_string" ?compress ?zip64 ~byte_order sink (streams_of arrays);
    contents ()

  let write fn ?compress ?zip64 ?(byte_order = Little_endian) path streams =
    (* Everything that can be refused is, before the file is touched. *)
    check_names fn streams;
    List.iter (fun s -> ignore (prepare fn ~byte_order s)) streams;
    File_io.write path (fun fd ->
        write_archive fn ?compress ?zip64 ~byte_order (Zip.fd_sink fd) streams)

  let write_streams ?compress ?zip64 ?byte_order path streams =
    write "Npz.write_streams" ?compress ?zip64 ?byte_order path streams

  let write_file ?compress ?zip64 ?byte_order path arrays =
    write "Npz.write_file" ?compress ?zip64 ?byte_order path (streams_of arrays)
end
