(* nx-dtype convert: a file of elements of one dtype into another, raw or
   .npy, streamed in chunks with constant memory. Everything about the
   input is checked before the output is touched, and the output is
   written through Output_file: never over the input, never half. *)

open Nx_array

type opts = {
  mutable from : string option;
  mutable into : string option;
  mutable rounding : Nx_array.rounding;
  mutable overflow : Nx_array.overflow;
  mutable byte_order : Nx_array.byte_order;
  mutable files : string list;
}

let rounding_of = function
  | "nearest-even" -> Nearest_even | "nearest-away" -> Nearest_away
  | "toward-zero" -> Toward_zero | "toward-positive" -> Toward_positive
  | "toward-negative" -> Toward_negative
  | s -> Cli_error.fail "unknown rounding %S (nearest-even, nearest-away, toward-zero, toward-positive, toward-negative)" s

let overflow_of = function
  | "stores" -> Stores | "saturate" -> Saturate | "nan" -> Nan | "wrap" -> Wrap
  | "raise" -> Raise
  | s -> Cli_error.fail "unknown overflow %S (stores, saturate, nan, wrap, raise)" s

let byte_order_of = function
  | "little" -> Little_endian | "big" -> Big_endian
  | s -> Cli_error.fail "unknown byte order %S (little, big)" s

let parse args =
  let o = { from = None; into = None; rounding = Nearest_even; overflow = Stores;
            byte_order = Little_endian; files = [] } in
  let rec go = function
    | "--from" :: v :: r -> o.from <- Some v; go r
    | "--to" :: v :: r -> o.into <- Some v; go r
    | "--rounding" :: v :: r -> o.rounding <- rounding_of v; go r
    | "--overflow" :: v :: r -> o.overflow <- overflow_of v; go r
    | "--byte-order" :: v :: r -> o.byte_order <- byte_order_of v; go r
    | [ ("--from" | "--to" | "--rounding" | "--overflow" | "--byte-order") as f ] ->
        Cli_error.fail "%s needs a value" f
    | f :: _ when String.length f > 1 && f.[0] = '-' -> Cli_error.fail "unknown option %s" f
    | f :: r -> o.files <- o.files @ [ f ]; go r
    | [] -> ()
  in
  go args;
  o

let is_npy f = Filename.check_suffix (String.lowercase_ascii f) ".npy"

(* The numpy kind and size of [dt]'s elements: ['V'] (raw bytes) for the
   ml_dtypes formats numpy does not know, none for packed ones. *)
let npy_kind : type v s. (v, s) Dtype.t -> (char * int) option = function
  | Dtype.Float64 -> Some ('f', 8) | Float32 -> Some ('f', 4) | Float16 -> Some ('f', 2)
  | Bfloat16 -> Some ('V', 2) | Float8_e4m3fn -> Some ('V', 1) | Float8_e5m2 -> Some ('V', 1)
  | Int64 -> Some ('i', 8) | Uint64 -> Some ('u', 8) | Int32 -> Some ('i', 4)
  | Uint32 -> Some ('u', 4) | Int16 -> Some ('i', 2) | Uint16 -> Some ('u', 2)
  | Int8 -> Some ('i', 1) | Uint8 -> Some ('u', 1) | Complex128 -> Some ('c', 16)
  | Complex64 -> Some ('c', 8) | Bool -> Some ('b', 1)
  | Int4 | Uint4 | Float4_e2m1fn | Bit -> None

(* The descr nx-dtype writes for [dt]'s elements in [order] into [file]. *)
let npy_descr file dt order =
  match npy_kind dt with
  | None ->
      Cli_error.fail "%s: %s has no .npy form (numpy has no packed %d-bit type); use a raw file"
        file (Dtype.name dt) (Dtype.bits dt)
  | Some (kind, size) ->
      let o =
        if size = 1 then if kind = 'V' then "<" (* as ml_dtypes writes *) else "|"
        else match order with Little_endian -> "<" | Big_endian -> ">"
      in
      Printf.sprintf "%s%c%d" o kind size

(* Whether .npy elements [e] hold [dt]'s: numpy's type of the same kind and
   size, or for an ml_dtypes format raw bytes or unsigned integers of its
   size. *)
let holds dt (e : Npy.element) =
  match npy_kind dt with
  | Some (kind, size) -> e.size = size && (e.kind = kind || (kind = 'V' && e.kind = 'u'))
  | None -> false

(* Elements per chunk: a multiple of 8, so that packed chunks end on a byte. *)
let chunk = 1 lsl 20

let progress_threshold = 64 * 1024 * 1024

(* [n] bytes of [input], read from [ic]. *)
let read input ic n =
  try really_input_string ic n with
  | End_of_file -> Cli_error.failed "%s changed while it was read" input
  | Sys_error e -> Cli_error.failed "cannot read %s: %s" input e

(* The input, checked: its byte order, its element count and, for a .npy
   file, its header, with the channel at the first element. *)
let open_input : type v s. (v, s) Dtype.t -> byte_order -> string ->
    Unix.stats * in_channel * byte_order * int * Npy.header option =
 fun src byte_order input ->
  let failed = Cli_error.failed in
  (* Non-blocking, so that a pipe without a writer is refused, not waited on. *)
  let fd =
    try Unix.openfile input Unix.[ O_RDONLY; O_NONBLOCK; O_CLOEXEC ] 0
    with Unix.Unix_error (e, _, _) -> failed "cannot read %s: %s" input (Unix.error_message e)
  in
  let st = Unix.fstat fd in
  if st.st_kind <> Unix.S_REG then begin
    Unix.close fd;
    failed "%s is %s: convert reads regular files" input
      (if st.st_kind = Unix.S_DIR then "a directory" else "not a regular file")
  end;
  Unix.clear_nonblock fd;
  let ic = Unix.in_channel_of_descr fd in
  set_binary_mode_in ic true;
  let total = st.st_size in
  if is_npy input then begin
    let h, offset =
      match Npy.of_prefix (read input ic (min total Npy.prefix_bytes)) with
      | Ok r -> r
      | Error e -> failed "%s: %s" input e
    in
    let e =
      match Npy.element h.descr with
      | Some e when holds src e -> e
      | _ -> failed "%s: its elements %S are not %s elements" input h.descr (Dtype.name src)
    in
    let count = Npy.elements h in
    (match Npy.data_bytes h ~size:e.size with
     | Error m -> failed "%s: %s" input m
     | Ok need when need > total - offset ->
         failed "%s: %d elements of %s need %d bytes after the header, the file has %d" input
           count (Dtype.name src) need (total - offset)
     | Ok _ -> ());
    seek_in ic offset;
    let order =
      match e.order with Little_endian -> Nx_array.Little_endian | Big_endian -> Big_endian
    in
    (st, ic, order, count, Some h)
  end
  else begin
    let bits = Dtype.bits src in
    let count =
      if bits >= 8 then begin
        if total mod (bits / 8) <> 0 then
          failed "%s: %d bytes is not a multiple of the %d-byte %s element" input total (bits / 8)
            (Dtype.name src);
        total / (bits / 8)
      end
      else if total > max_int / (8 / bits) then
        failed "%s: too many %s elements" input (Dtype.name src)
      else total * (8 / bits)
    in
    (st, ic, byte_order, count, None)
  end

let run args =
  let o = parse args in
  let need what = function Some v -> v | None -> Cli_error.fail "convert needs %s" what in
  let (Dtype.Any src) = Cli_error.dtype_of_name (need "--from DTYPE" o.from) in
  let (Dtype.Any dst) = Cli_error.dtype_of_name (need "--to DTYPE" o.into) in
  let input, output =
    match o.files with
    | [ i; out ] -> (i, out)
    | _ -> Cli_error.fail "convert needs an input and an output file"
  in
  let out_descr = if is_npy output then Some (npy_descr output dst o.byte_order) else None in
  (* A policy [dst] cannot follow is found before any file is opened. *)
  (try
     ignore
       (Nx_array.cast ~rounding:o.rounding ~overflow:o.overflow dst (Nx_array.create src [| 0 |]))
   with Invalid_argument m -> Cli_error.fail "%s" m);
  (* A write past ulimit -f then fails with EFBIG, reported as any write
     error is, instead of ending the process with the file half-written. *)
  Sys.set_signal Sys.sigxfsz Sys.Signal_ignore;
  let st, ic, in_order, count, npy_in = open_input src o.byte_order input in
  let out = Output_file.create ~input:st output in
  let oc = Output_file.channel out in
  let write s =
    try output_string oc s with Sys_error e -> Cli_error.failed "%s: cannot write: %s" output e
  in
  let show = st.st_size > progress_threshold in
  let rec loop done_ =
    if done_ < count then begin
      let k = min chunk (count - done_) in
      let bytes = read input ic (Dtype.bytes src k) in
      let a = Nx_array.of_string ~byte_order:in_order src [| k |] bytes in
      let b =
        try Nx_array.cast ~rounding:o.rounding ~overflow:o.overflow dst a
        with Invalid_argument msg ->
          Cli_error.failed "%s: %s (in the chunk of elements from %d)" input msg done_
      in
      write (Nx_array.to_string ~byte_order:o.byte_order b);
      if show then
        Printf.eprintf "\rconvert: %3d%% (%d of %d elements)%!"
          (int_of_float (100. *. float (done_ + k) /. float count)) (done_ + k) count;
      loop (done_ + k)
    end
  in
  match
    Option.iter
      (fun descr ->
        let shape, fortran_order =
          match npy_in with Some h -> (h.Npy.shape, h.fortran_order) | None -> ([| count |], false)
        in
        write (Npy.to_string { descr; fortran_order; shape }))
      out_descr;
    loop 0;
    if show then prerr_newline ()
  with
  | () -> close_in_noerr ic; Output_file.commit out
  | exception e -> (
      close_in_noerr ic;
      Output_file.abort out;
      match e with
      | Cli_error.Failed m -> Cli_error.failed "%s; %s" m (Output_file.fate out)
      | e -> raise e)
