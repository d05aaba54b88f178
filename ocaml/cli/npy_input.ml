(* A .npy input read with positioned reads, never mapped: its header read
   and checked when it is opened, then its elements a range at a time into
   the caller's storage. Memory is what the caller gives; a file that
   becomes shorter while it is read is an error that names it, not a
   signal. *)

open Nx_array

type t = {
  path : string;
  fd : Unix.file_descr;
  stats : Unix.stats;
  dtype : Dtype.any;
  byte_order : byte_order;
  dims : int array;
  offset : int;  (* of the elements, from the file's start *)
}

let failed = Cli_error.failed
let changed path = failed "%s changed while it was read (it became shorter than when it was opened)" path

(* [read_at fd path ~pos dst] fills [dst] with the file's bytes from [pos]. *)
let read_at fd path ~pos (dst : buffer) =
  let n = Bigarray.Array1.dim dst in
  ignore (Unix.lseek fd pos Unix.SEEK_SET);
  let rec go i =
    if i < n then
      match Unix.read_bigarray fd dst i (n - i) with
      | 0 -> changed path
      | k -> go (i + k)
      | exception Unix.Unix_error (Unix.EINTR, _, _) -> go i
      | exception Unix.Unix_error (e, _, _) ->
          failed "cannot read %s: %s" path (Unix.error_message e)
  in
  go 0

(* The first bytes of the file, up to [n]. *)
let prefix fd path n =
  let b = Bytes.create n in
  let rec go i =
    if i >= n then i
    else
      match Unix.read fd b i (n - i) with
      | 0 -> i
      | k -> go (i + k)
      | exception Unix.Unix_error (Unix.EINTR, _, _) -> go i
      | exception Unix.Unix_error (e, _, _) ->
          failed "cannot read %s: %s" path (Unix.error_message e)
  in
  let got = go 0 in
  Bytes.sub_string b 0 got

(* [open_ path] is the .npy file [path], in C order, of elements of a
   dtype its descriptor names, or that [dtype] (--from) names for its
   bytes (Npy.descr_reads: bfloat16 for '<V2'); [accept] says whether the
   command takes that dtype, and [Some why] if not. *)
let open_ ?dtype ~accept path =
  let fd =
    try Unix.openfile path Unix.[ O_RDONLY; O_NONBLOCK; O_CLOEXEC ] 0
    with Unix.Unix_error (e, _, _) -> failed "cannot read %s: %s" path (Unix.error_message e)
  in
  let close_failed fmt = Printf.ksprintf (fun m -> Unix.close fd; failed "%s" m) fmt in
  let stats = Unix.fstat fd in
  if stats.st_kind <> Unix.S_REG then
    close_failed "%s is %s: nx-dtype reads regular files" path
      (if stats.st_kind = Unix.S_DIR then "a directory" else "not a regular file");
  let h, offset =
    match Npy.header_of_prefix (prefix fd path Npy.prefix_bytes) with
    | Ok r -> r
    | Error m -> close_failed "%s: %s" path m
  in
  if h.fortran_order then close_failed "%s: fortran_order arrays are not read" path;
  let dtype, byte_order =
    match dtype with
    | Some (Dtype.Any dt as d) -> (
        match Npy.descr_reads dt h.descr with
        | Some order -> (d, order)
        | None ->
            close_failed "%s: its elements %S are not %s elements" path h.descr (Dtype.name dt))
    | None -> (
        match Npy.dtype_of_descr h.descr with
        | Some r -> r
        | None ->
            close_failed
              "%s: its elements %S are raw bytes or of no dtype nx-dtype has: name their dtype \
               with --from (bfloat16 for '<V2', as ml_dtypes writes it)" path h.descr)
  in
  (match accept dtype with Some why -> close_failed "%s: %s" path why | None -> ());
  let (Dtype.Any dt) = dtype in
  let need =
    match Npy.data_bytes h ~size:(max 1 (Dtype.bits dt / 8)) with
    | Ok n -> n
    | Error m -> close_failed "%s: %s" path m
  in
  if offset + need > stats.st_size then
    close_failed "%s: %d elements of %s need %d bytes after the header, the file has %d" path
      (Array.fold_left ( * ) 1 h.shape) (Dtype.name dt) need (stats.st_size - offset);
  { path; fd; stats; dtype; byte_order; dims = h.shape; offset }

let close t = try Unix.close t.fd with Unix.Unix_error _ -> ()

(* [read t dt ~first dst] fills [dst] with the elements from the
   [first]th, [t]'s dtype being [dt]'s (of whole bytes); big-endian ones
   are swapped into little-endian order. *)
let read (type v s) t (dt : (v, s) Dtype.t) ~first (dst : buffer) =
  let size = Dtype.bits dt / 8 in
  read_at t.fd t.path ~pos:(t.offset + (first * size)) dst;
  if t.byte_order = Big_endian && size > 1 then
    for i = 0 to (Bigarray.Array1.dim dst / size) - 1 do
      for j = 0 to (size / 2) - 1 do
        let a = (i * size) + j and b = (i * size) + size - 1 - j in
        let x = Bigarray.Array1.unsafe_get dst a in
        Bigarray.Array1.unsafe_set dst a (Bigarray.Array1.unsafe_get dst b);
        Bigarray.Array1.unsafe_set dst b x
      done
    done
