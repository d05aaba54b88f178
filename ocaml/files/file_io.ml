(* Files for the library's readers and writers (Safetensors, Npy): read
   by mapping them or into memory by reads, and written whole or not at
   all: a regular file, or a
   name not yet taken, is written to a new temporary file of the same
   directory, renamed over it on success and removed on failure; a
   symbolic link is followed; a name of one of this process's descriptors
   (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N) is written
   through that descriptor, where it is (appending if it appends);
   anything else (a pipe, a device) is written in place. *)

(* The descriptor of this process that [path] names, if it names one:
   following symbolic links, one that is an entry of /proc/<pid>/fd (or
   of a thread's, /proc/<pid>/task/<tid>/fd), where /dev/fd and
   /proc/self lead. *)
let descriptor path =
  let own_fd_dir d =
    let proc = Printf.sprintf "/proc/%d/" (Unix.getpid ()) in
    d = proc ^ "fd"
    || (String.starts_with ~prefix:(proc ^ "task/") d && Filename.basename d = "fd")
  in
  let rec follow path links =
    match Unix.lstat path with
    | { Unix.st_kind = Unix.S_LNK; _ } when links < 40 -> (
        match Unix.realpath (Filename.dirname path), Unix.readlink path with
        | d, _ when own_fd_dir d -> int_of_string_opt (Filename.basename path)
        | _, dest ->
            follow
              (if Filename.is_relative dest then Filename.concat (Filename.dirname path) dest
               else dest)
              (links + 1)
        | exception Unix.Unix_error _ -> None)
    | _ -> None
    | exception Unix.Unix_error _ -> None
  in
  follow path 0

(* Descriptors and their numbers: on Unix, a [Unix.file_descr] is its
   number (unix.ml: type file_descr = int). *)
let file_descr_of_int (n : int) : Unix.file_descr = Obj.magic n
let int_of_file_descr (fd : Unix.file_descr) : int = Obj.magic fd

(* Whether writes to [fd] append (O_APPEND, as a shell's >> opens a file),
   which a seek before a write does not change: Linux's
   /proc/self/fdinfo/N says it in its octal flags; [false] where it cannot
   be read. *)
let appends fd =
  let o_append = 0o2000 in
  let path = Printf.sprintf "/proc/self/fdinfo/%d" (int_of_file_descr fd) in
  match In_channel.with_open_text path In_channel.input_all with
  | exception Sys_error _ -> false
  | text ->
      List.exists
        (fun line ->
          match String.split_on_char '\t' line with
          | [ "flags:"; flags ] -> (
              match int_of_string_opt ("0o" ^ String.trim flags) with
              | Some f -> f land o_append <> 0
              | None -> false)
          | _ -> false)
        (String.split_on_char '\n' text)

(* Where [path] is written: a regular file (or none) is replaced by
   renaming a temporary file over it, keeping its permissions; anything
   else is written in place. *)
type target = Replace of string * int option | In_place

let rec target ~follow path =
  match (if follow then Unix.stat else Unix.lstat) path with
  | exception Unix.Unix_error (Unix.ENOENT, _, _) when not follow -> Ok (Replace (path, None))
  | exception Unix.Unix_error (Unix.ENOENT, _, _) -> Error "a symbolic link to nothing"
  | exception Unix.Unix_error (e, _, _) -> Error (Unix.error_message e)
  | { st_kind = S_REG; st_perm; _ } -> Ok (Replace (path, Some st_perm))
  | { st_kind = S_DIR; _ } -> Error "a directory"
  | { st_kind = S_LNK; _ } -> (
      match Unix.realpath path with
      | real -> target ~follow:true real
      | exception Unix.Unix_error (Unix.ENOENT, _, _) -> Error "a symbolic link to nothing"
      | exception Unix.Unix_error (e, _, _) -> Error (Unix.error_message e))
  | _ -> Ok In_place

let temp_file path =
  let dir = Filename.dirname path and base = Filename.basename path in
  let base = if String.length base > 200 then String.sub base 0 200 else base in
  let rnd = Random.State.make_self_init () in
  let rec attempt k =
    let suffix = Random.State.bits rnd land 0xffffff in
    let tmp = Filename.concat dir (Printf.sprintf ".%s.%06x.tmp" base suffix) in
    match
      Unix.openfile tmp [ Unix.O_WRONLY; Unix.O_CREAT; Unix.O_EXCL; Unix.O_CLOEXEC ] 0o666
    with
    | fd -> (tmp, fd)
    | exception Unix.Unix_error (Unix.EEXIST, _, _) when k < 100 -> attempt (k + 1)
  in
  attempt 0

(* Runs [f fd], then closes [fd], whatever happens. *)
let closing ?perm fd f =
  match
    Option.iter (Unix.fchmod fd) perm;
    f fd
  with
  | () -> Unix.close fd
  | exception ex ->
      let bt = Printexc.get_raw_backtrace () in
      (try Unix.close fd with Unix.Unix_error _ -> ());
      Printexc.raise_with_backtrace ex bt

(* [write path f] writes [path] with [f fd]. It is [Error msg], [msg]
   starting with [path], if a file cannot be created or written ([f]'s
   [Unix_error]s included); an other exception of [f] is raised again,
   the temporary file removed. *)
let write path f =
  let fail e = Error (Printf.sprintf "%s: %s" path (Unix.error_message e)) in
  match descriptor path with
  | Some n -> (
      (* A copy of the descriptor, so that closing it leaves the caller's. *)
      match closing (Unix.dup ~cloexec:true (file_descr_of_int n)) f with
      | () -> Ok ()
      | exception Unix.Unix_error (e, _, _) -> fail e)
  | None ->
  match target ~follow:false path with
  | Error m -> Error (path ^ ": " ^ m)
  | Ok In_place -> (
      match closing (Unix.openfile path [ Unix.O_WRONLY; Unix.O_CLOEXEC ] 0) f with
      | () -> Ok ()
      | exception Unix.Unix_error (e, _, _) -> fail e)
  | Ok (Replace (final, perm)) -> (
      match temp_file final with
      | exception Unix.Unix_error (e, _, _) ->
          Error
            (Printf.sprintf "%s: cannot create a temporary file in %s: %s" path
               (Filename.dirname final) (Unix.error_message e))
      | tmp, fd -> (
          match
            closing ?perm fd f;
            Unix.rename tmp final
          with
          | () -> Ok ()
          | exception ex ->
              let bt = Printexc.get_raw_backtrace () in
              (try Unix.unlink tmp with Unix.Unix_error _ -> ());
              (match ex with
              | Unix.Unix_error (e, _, _) -> fail e
              | ex -> Printexc.raise_with_backtrace ex bt)))

(* The bytes of the regular file open at [fd], mapped privately. *)
let map fd =
  match Unix.fstat fd with
  | { Unix.st_kind = Unix.S_REG; st_size = 0; _ } ->
      Ok (Bigarray.Array1.create Bigarray.char Bigarray.c_layout 0)
  | { Unix.st_kind = Unix.S_REG; st_size; _ } ->
      let ga = Unix.map_file fd Bigarray.char Bigarray.c_layout false [| st_size |] in
      Ok (Bigarray.array1_of_genarray ga)
  | _ -> Error "not a regular file"

(* Reads of [read_file]: large enough that a read's cost is its copy. *)
let read_chunk = 1 lsl 23

(* The bytes of the regular file open at [fd], read into new memory from
   its start, [read_chunk] bytes a read. *)
let read fd =
  match Unix.fstat fd with
  | { Unix.st_kind = Unix.S_REG; st_size; _ } ->
      let b = Arrays.Private.alloc_buffer st_size in
      let rec go pos =
        if pos >= st_size then Ok b
        else
          match Unix.read_bigarray fd b pos (min read_chunk (st_size - pos)) with
          | 0 ->
              Error
                (Printf.sprintf "it changed while it was read (it became %d bytes long, from %d)"
                   pos st_size)
          | n -> go (pos + n)
          | exception Unix.Unix_error (Unix.EINTR, _, _) -> go pos
      in
      go 0
  | _ -> Error "not a regular file"

(* [bytes_of_file how path] is the bytes of the regular file [path],
   mapped or read by [how]; the error message starts with [path]. *)
let bytes_of_file how path =
  let fail m = Error (path ^ ": " ^ m) in
  (* O_NONBLOCK: opening a FIFO must not wait for a writer; [how] then
     refuses it, and a regular file ignores the flag. *)
  match Unix.openfile path [ Unix.O_RDONLY; Unix.O_NONBLOCK; Unix.O_CLOEXEC ] 0 with
  | exception Unix.Unix_error (e, _, _) -> fail (Unix.error_message e)
  | fd -> (
      let got =
        try how fd with
        | Unix.Unix_error (e, _, _) -> Error (Unix.error_message e)
        | Failure m -> Error m
      in
      Unix.close fd;
      match got with Error m -> fail m | Ok b -> Ok b)

(* [map_file path] is the bytes of the regular file [path], mapped. *)
let map_file path = bytes_of_file map path

(* [read_file path] is the bytes of the regular file [path], read into
   new memory: no mapping, so no fault if another process truncates it
   while it is read (that is an Error), and large reads where a mapping's
   faults are slow (a network filesystem). *)
let read_file path = bytes_of_file read path

(* [parsed of_buffer get path] is [of_buffer] of the bytes [get] gives of
   [path] (map_file or read_file), its error naming [path]. *)
let parsed of_buffer get path =
  match get path with
  | Error m -> Error m
  | Ok b -> ( match of_buffer b with Ok t -> Ok t | Error m -> Error (path ^ ": " ^ m))

(* [without_prefix prefix m] is [m] without [prefix], if it starts with
   it: a library message without the function it names. *)
let without_prefix prefix m =
  if String.starts_with ~prefix m then
    String.sub m (String.length prefix) (String.length m - String.length prefix)
  else m
