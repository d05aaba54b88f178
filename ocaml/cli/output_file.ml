(* Writing a file without losing the one that was there: a temporary file
   renamed over it, or, for what cannot be renamed over, the file itself. *)

type target =
  | Replace of { path : string; old : Unix.stats option }
  | In_place of string

type t = {
  name : string;  (* as the user gave it *)
  target : target;
  temp : string option;
  fd : Unix.file_descr;
  mutable closed : bool;
  mutable flusher : (Unix.file_descr * Thread.t) option;
      (* the thread that syncs behind the writer, and the pipe that stops it *)
}

let failed = Cli_error.failed

(* The temporary files the signal handlers remove (a command may write
   several at once), and the behaviours the handlers replace while there
   are any. A signal ignored when the program started (nohup, a background
   job's SIGINT) stays ignored. *)
let pending = ref []
let replaced = ref []
let watching = ref false
let signals =
  Sys.[ sigint; sigterm; sighup; sigquit; sigpipe; sigusr1; sigusr2; sigalrm; sigxcpu;
        sigvtalrm; sigprof ]

let on_signal s =
  List.iter (fun p -> try Unix.unlink p with Unix.Unix_error _ -> ()) !pending;
  Sys.set_signal s Sys.Signal_default;
  Unix.kill (Unix.getpid ()) s

let watch_signals () =
  if not !watching then begin
  watching := true;
  replaced :=
    List.filter_map
      (fun s ->
        match Sys.signal s (Sys.Signal_handle on_signal) with
        | Sys.Signal_ignore -> Sys.set_signal s Sys.Signal_ignore; None
        | old -> Some (s, old))
      signals
  end

(* The handlers go when no temporary file is left. *)
let unwatch_if_idle () =
  if !pending = [] && !watching then begin
    watching := false;
    List.iter (fun (s, old) -> Sys.set_signal s old) !replaced;
    replaced := []
  end

(* The flushers of the files of [temp] (below), by temporary file: a
   descriptor of their own, the pipe that stops them, their threads. *)
let temp_flushers : (string, Unix.file_descr * (Unix.file_descr * Thread.t)) Hashtbl.t =
  Hashtbl.create 4

let stop_flusher (stop_w, t) =
  ignore (Unix.write_substring stop_w "x" 0 1);
  Thread.join t;
  Unix.close stop_w

(* [release temp] forgets [temp], and stops its flusher. *)
let release temp =
  pending := List.filter (fun p -> p <> temp) !pending;
  Fault.forget_temp temp;
  (match Hashtbl.find_opt temp_flushers temp with
   | Some (fd, f) ->
       Hashtbl.remove temp_flushers temp;
       (try stop_flusher f with Unix.Unix_error _ -> ());
       (try Unix.close fd with Unix.Unix_error _ -> ())
   | None -> ());
  unwatch_if_idle ()

(* A symbolic link in /proc names an open descriptor (/dev/stdout leads to
   /proc/self/fd/1): what it leads to is written, not replaced. *)
let in_proc path =
  match Unix.realpath (Filename.dirname path) with
  | d -> d = "/proc" || String.starts_with ~prefix:"/proc/" d
  | exception Unix.Unix_error _ -> false

(* The number of this process's descriptor that [path], a link in /proc,
   is: an entry of /proc/<pid>/fd or of a thread's /proc/<pid>/task/<tid>/fd
   (a [Unix.file_descr] is its number: unix.ml's type file_descr = int). *)
let own_descriptor path =
  let proc = Printf.sprintf "/proc/%d/" (Unix.getpid ()) in
  match Unix.realpath (Filename.dirname path) with
  | d when d = proc ^ "fd" || (String.starts_with ~prefix:(proc ^ "task/") d && Filename.basename d = "fd") ->
      int_of_string_opt (Filename.basename path)
  | _ | (exception Unix.Unix_error _) -> None

let rec resolve name path links =
  match Unix.lstat path with
  | exception Unix.Unix_error (Unix.ENOENT, _, _) when links > 0 ->
      failed "%s is a symbolic link to %s, which does not exist (nx-dtype creates no file \
              through a link)" name path
  | exception Unix.Unix_error (Unix.ENOENT, _, _) -> Replace { path; old = None }
  | exception Unix.Unix_error (e, _, _) -> failed "%s: %s" name (Unix.error_message e)
  | { Unix.st_kind = Unix.S_LNK; _ } ->
      if in_proc path then In_place path
      else if links >= 40 then failed "%s: too many levels of symbolic links" name
      else
        let dest =
          try Unix.readlink path
          with Unix.Unix_error (e, _, _) -> failed "%s: %s" name (Unix.error_message e)
        in
        resolve name
          (if Filename.is_relative dest then Filename.concat (Filename.dirname path) dest else dest)
          (links + 1)
  | { Unix.st_kind = Unix.S_REG; _ } as st -> Replace { path; old = Some st }
  | { Unix.st_kind = Unix.S_DIR; _ } -> failed "%s is a directory" name
  | _ -> In_place path

let replaces path = match resolve path path 0 with Replace _ -> true | In_place _ -> false

(* A new file beside [path], which no one else can have opened. *)
let create_temp name path =
  let dir = Filename.dirname path in
  let base = Filename.basename path in
  let base = if String.length base > 100 then String.sub base 0 100 else base in
  let rand = Random.State.make_self_init () in
  let rec attempt n =
    let temp =
      Filename.concat dir
        (Printf.sprintf ".%s.%d-%06x.nx-dtype-tmp" base (Unix.getpid ())
           (Random.State.bits rand land 0xffffff))
    in
    (* The signals wait while the file is made and named for the
       handlers: one between the two would leave the file behind. *)
    let mask = Thread.sigmask Unix.SIG_BLOCK signals in
    let made =
      match Unix.openfile temp Unix.[ O_WRONLY; O_CREAT; O_EXCL; O_CLOEXEC ] 0o666 with
      | fd -> pending := temp :: !pending; Fault.temp temp; Ok fd
      | exception Unix.Unix_error (e, _, _) -> Error e
    in
    ignore (Thread.sigmask Unix.SIG_SETMASK mask);
    match made with
    | Ok fd -> (temp, fd)
    | Error Unix.EEXIST when n < 100 -> attempt (n + 1)
    | Error e ->
        failed "%s: cannot create a temporary file in %s: %s (nx-dtype writes a new file, then \
                renames it over %s)" name dir (Unix.error_message e) name
  in
  watch_signals ();
  match attempt 0 with
  | temp, fd -> (temp, fd)
  | exception e -> unwatch_if_idle (); raise e

(* A thread that syncs the file being written every [flush_period]
   seconds: its pages go to the disk while the next ones are made, and
   the sync of [commit] finds few left instead of all of them. A byte on
   its pipe stops it at once. *)
let flush_period = 0.05

let flush_behind fd =
  let stop_r, stop_w = Unix.pipe ~cloexec:true () in
  let rec loop () =
    match Unix.select [ stop_r ] [] [] flush_period with
    | [], _, _ ->
        (try Unix.fsync fd with Unix.Unix_error _ -> ());
        loop ()
    | _ -> Unix.close stop_r
    | exception Unix.Unix_error (Unix.EINTR, _, _) -> loop ()
  in
  (stop_w, Thread.create loop ())

let create ?(also = []) ~(input : Unix.stats) name =
  let same (st : Unix.stats) (i : Unix.stats) = st.st_dev = i.st_dev && st.st_ino = i.st_ino in
  (match Unix.stat name with
   | st when same st input -> failed "%s is the input file: nx-dtype does not write over its input" name
   | st when List.exists (same st) also ->
       failed "%s is an input file: nx-dtype does not write over its input" name
   | _ | (exception Unix.Unix_error _) -> ());
  let target = resolve name name 0 in
  let temp, fd =
    match target with
    | In_place path -> (
        (* A descriptor of this process is written through, where it is
           (appending if it appends, as after a shell's >>): opening its
           name again would start a new file position, at 0. *)
        let open_fd () =
          match own_descriptor path with
          | Some n -> Unix.dup ~cloexec:true (Obj.magic (n : int) : Unix.file_descr)
          | None -> Unix.openfile path Unix.[ O_WRONLY; O_TRUNC; O_CLOEXEC ] 0
        in
        match open_fd () with
        | fd -> (None, fd)
        | exception Unix.Unix_error (e, _, _) ->
            failed "%s: cannot open: %s" name (Unix.error_message e))
    | Replace { path; old } ->
        (match old with
         | Some _ -> (
             try Unix.access path [ Unix.W_OK ]
             with Unix.Unix_error (e, _, _) ->
               failed "%s: cannot write: %s" name (Unix.error_message e))
         | None -> ());
        let temp, fd = create_temp name path in
        (try
           Option.iter
             (fun (st : Unix.stats) ->
               if Unix.geteuid () = 0 then Unix.fchown fd st.st_uid st.st_gid;
               Unix.fchmod fd (st.st_perm land 0o777))
             old
         with Unix.Unix_error (e, _, _) ->
           Unix.close fd;
           Unix.unlink temp;
           release temp;
           failed "%s: cannot give the new file the old one's permissions: %s" name
             (Unix.error_message e));
        (Some temp, fd)
  in
  { name; target; temp; fd; closed = false; flusher = Option.map (fun _ -> flush_behind fd) temp }

let descr o = o.fd
let temp_of o = o.temp

let stop_flushing o =
  Option.iter
    (fun f ->
      o.flusher <- None;
      stop_flusher f)
    o.flusher

let close o =
  stop_flushing o;
  if not o.closed then begin
    o.closed <- true;
    Unix.close o.fd
  end

let abort o =
  (try close o with Unix.Unix_error _ -> ());
  Option.iter (fun t -> try Unix.unlink t with Unix.Unix_error _ -> ()) o.temp;
  Option.iter release o.temp

let fate o =
  match o.target with
  | Replace { old = Some _; _ } -> Printf.sprintf "%s is unchanged" o.name
  | Replace { old = None; _ } -> Printf.sprintf "%s was not created" o.name
  | In_place _ -> Printf.sprintf "what was written to %s before the error stays there" o.name

let commit o =
  let fail msg = abort o; failed "%s: cannot write: %s; %s" o.name msg (fate o) in
  match
    match o.target, o.temp with
    | Replace { path; _ }, Some temp ->
        stop_flushing o;
        Unix.fsync o.fd;
        close o;
        Unix.rename temp path
    | _ -> close o
  with
  | () -> Option.iter release o.temp
  | exception Unix.Unix_error (e, _, _) -> fail (Unix.error_message e)

(* A writer that renames [temp]'s file itself closes its descriptor
   before: the flusher syncs a descriptor of its own, closed by
   [release]. *)
let temp path =
  let temp, fd = create_temp path path in
  let own = Unix.dup ~cloexec:true fd in
  Hashtbl.replace temp_flushers temp (own, flush_behind own);
  (temp, fd)
