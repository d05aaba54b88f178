(* Hostile inputs for the library: dimensions past Bigarray's
   limit, printing bounded by what is shown, checks before allocation with
   the called function's name, overlapping bytes, OCaml's 63-bit int in
   memory, and views made from several domains at once. *)

open Nx_array
open Check

let rng = Random.State.make [| 2026; 15 |]

(* [f ()] raises Invalid_argument whose message begins with
   "Nx_array.<fn>:". *)
let raises_named ~fn name f =
  let prefix = "Nx_array." ^ fn ^ ":" in
  match f () with
  | _ -> check false "%s: no Invalid_argument" name
  | exception Invalid_argument m ->
      check (String.starts_with ~prefix m) "%s: message %S does not name %s" name m fn
  | exception e -> check false "%s: raised %s" name (Printexc.to_string e)

(* {1 More dimensions than Bigarray allows} *)

let dims17 = Array.init 17 (fun i -> if i = 3 then 2 else 1)

let test_many_dims () =
  let a = create Dtype.Float32 dims17 in
  check (ndims a = 17 && size a = 2) "17 dims: create";
  let idx = Array.make 17 0 in
  idx.(3) <- 1;
  set a idx 1.5;
  check (get a idx = 1.5) "17 dims: set and get";
  check (get_bits a idx = 0x3fc00000L) "17 dims: get_bits";
  check (to_bigarray_view a = None) "17 dims: to_bigarray_view is None";
  raises_named ~fn:"to_bigarray" "17 dims: to_bigarray" (fun () ->
      to_bigarray Bigarray.float32 a);
  raises_named ~fn:"to_bigarray" "17 dims: to_bigarray char" (fun () ->
      to_bigarray Bigarray.char a);
  let r = reshape (create Dtype.Bfloat16 [| 2 |]) dims17 in
  check (dims r = dims17) "17 dims: reshape";
  check (to_bigarray_view r = None) "17 dims: a reshaped view is None";
  let s = of_string Dtype.Int16 dims17 "\001\000\002\000" in
  check (to_array s = [| 1; 2 |]) "17 dims: of_string";
  check (to_string s = "\001\000\002\000") "17 dims: to_string";
  let b = of_buffer Dtype.Uint8 dims17 (buffer (of_array Dtype.Uint8 [| 2 |] [| 7; 9 |])) in
  check (to_array b = [| 7; 9 |]) "17 dims: of_buffer";
  let o = of_array Dtype.Int4 dims17 [| -3; 5 |] in
  check (to_array o = [| -3; 5 |]) "17 dims: of_array";
  let c = cast Dtype.Float64 o in
  check (to_array c = [| -3.; 5. |]) "17 dims: cast";
  check (equal (copy c) c) "17 dims: copy";
  let d = create Dtype.Float64 dims17 in
  cast_into o d;
  check (equal c d) "17 dims: cast_into";
  fill d 2.;
  check (to_array d = [| 2.; 2. |]) "17 dims: fill";
  let text = Format.asprintf "%a" pp c in
  check (String.length text > 34 && String.sub text 0 17 = String.make 17 '[')
    "17 dims: pp %S" text;
  (* 16 dimensions still make a bigarray, view and copy alike. *)
  let a16 = create Dtype.Int8 (Array.make 16 1) in
  check (Bigarray.Genarray.num_dims (to_bigarray Bigarray.int a16) = 16) "16 dims: to_bigarray";
  check (to_bigarray_view a16 <> None) "16 dims: to_bigarray_view"

(* {1 Printing is bounded by what is shown} *)

let test_pp_bounded () =
  let shows dims want =
    let a = reshape (create Dtype.Float32 [| 0 |]) dims in
    let t = Format.asprintf "%a" pp a in
    check (t = want) "pp of %d dims: %S, want %S" (Array.length dims) t want
  in
  shows [| 1 lsl 40; 0 |] "[]";
  shows [| 0; 1 lsl 40 |] "[]";
  shows [| 1 lsl 20; 1 lsl 20; 0; 1 lsl 20 |] "[]";
  shows [| 0 |] "[]";
  shows [| 2; 0 |] "[]";
  (* A huge array with elements is summarised: only the edges are read. *)
  let a = reshape (create Dtype.Bit [| 1 lsl 30 |]) [| 1 lsl 10; 1 lsl 10; 1 lsl 10 |] in
  let t = Format.asprintf "%a" pp a in
  check (String.length t < 2000) "pp of 2^30 bits is short (%d bytes)" (String.length t)

(* {1 Check before you allocate; name the function called} *)

let test_checks_first () =
  raises_named ~fn:"of_array" "of_array huge dims, wrong count" (fun () ->
      of_array Dtype.Float64 [| 1 lsl 40 |] [| 1.; 2.; 3. |]);
  raises_named ~fn:"of_array" "of_array huge dims, wrong count, 2 dims" (fun () ->
      of_array Dtype.Int8 [| 1 lsl 31; 1 lsl 31 |] [||]);
  raises_named ~fn:"of_array" "of_array bytes overflow" (fun () ->
      of_array Dtype.Complex128 [| max_int / 8 |] [||]);
  raises_named ~fn:"of_array" "of_array negative" (fun () -> of_array Dtype.Int8 [| -1 |] [||]);
  raises_named ~fn:"of_array" "of_array range" (fun () ->
      of_array Dtype.Uint4 [| 2 |] [| 1; 16 |]);
  raises_named ~fn:"create" "create overflow" (fun () -> create Dtype.Float32 [| max_int; 2 |]);
  raises_named ~fn:"of_string" "of_string overflow" (fun () ->
      of_string Dtype.Float64 [| max_int / 4 |] "");
  raises_named ~fn:"of_buffer" "of_buffer overflow" (fun () ->
      of_buffer Dtype.Float64 [| max_int / 4 |] (buffer (create Dtype.Uint8 [| 1 |])));
  raises_named ~fn:"reshape" "reshape overflow" (fun () ->
      reshape (create Dtype.Uint8 [| 1 |]) [| max_int; max_int |]);
  raises_named ~fn:"of_bigarray" "of_bigarray nan into int" (fun () ->
      of_bigarray ~overflow:Nan Dtype.Int8 (Bigarray.genarray_of_array1
        (Bigarray.Array1.create Bigarray.float32 Bigarray.c_layout 1)));
  raises_named ~fn:"cast" "cast nan into float4" (fun () ->
      cast ~overflow:Nan Dtype.Float4_e2m1fn (create Dtype.Float32 [| 1 |]));
  raises_named ~fn:"to_bigarray" "to_bigarray nan into int" (fun () ->
      to_bigarray ~overflow:Nan Bigarray.int (create Dtype.Float32 [| 1 |]));
  raises_named ~fn:"cast_into" "cast_into nan into bool" (fun () ->
      cast_into ~overflow:Nan (create Dtype.Float32 [| 1 |]) (create Dtype.Bool [| 1 |]))

(* {1 Overlapping bytes} *)

let test_overlap () =
  let a = of_array Dtype.Float32 [| 4 |] [| 1.; 2.; 3.; 4. |] in
  let before = to_string a in
  let same_bytes_other_value = Option.get (of_bigarray_view (Option.get (to_bigarray_view a))) in
  raises_named ~fn:"cast_into" "cast_into a view of the same bytes" (fun () ->
      cast_into a same_bytes_other_value);
  raises_named ~fn:"cast_into" "cast_into itself" (fun () -> cast_into a a);
  let buf = buffer a in
  let shifted = of_buffer Dtype.Int16 [| 4 |] (Bigarray.Array1.sub buf 4 8) in
  raises_named ~fn:"cast_into" "cast_into a partly overlapping view" (fun () ->
      cast_into a shifted);
  raises_named ~fn:"cast_into" "cast_into from a partly overlapping view" (fun () ->
      cast_into shifted a);
  let bytes_view = of_buffer Dtype.Uint8 [| 4 |] (Bigarray.Array1.sub buf 12 4) in
  raises_named ~fn:"cast_into" "cast_into the last byte shared" (fun () ->
      cast_into (of_buffer Dtype.Uint8 [| 4 |] (Bigarray.Array1.sub buf 9 4)) bytes_view);
  check (to_string a = before) "overlap: the bytes are unchanged";
  (* Neighbours that share no byte convert. *)
  let lo = of_buffer Dtype.Uint8 [| 8 |] (Bigarray.Array1.sub buf 0 8) in
  let hi = of_buffer Dtype.Uint8 [| 8 |] (Bigarray.Array1.sub buf 8 8) in
  cast_into lo hi;
  check (Bigarray.Array1.sub buf 0 8 = Bigarray.Array1.sub buf 8 8) "adjacent views convert";
  let e = create Dtype.Float32 [| 0 |] in
  cast_into e (reshape e [| 0 |]);
  check true "empty arrays share no byte"

(* {1 OCaml's int is 63 bits, in memory too} *)

(* [x] modulo 2^63, sign-extended: OCaml's own conversion. *)
let wrap63 x = Int64.to_int x

(* A finite float truncated toward zero, modulo 2^63, by exact integer
   steps apart from the library: t = m 2^e with m of 53 bits. *)
let wrap63_float f =
  let t = Float.trunc f in
  if Float.is_nan t || Float.is_integer t = false then 0
  else if Float.abs t < 0x1p62 then int_of_float t
  else
    let fr, ex = Float.frexp t in
    let m = Int64.of_float (Float.ldexp fr 53) and e = ex - 53 in
    if e >= 63 then 0 else Int64.to_int (Int64.shift_left m e)

let random_int64 () =
  match Random.State.int rng 4 with
  | 0 -> Random.State.bits64 rng
  | 1 -> Int64.shift_right (Random.State.bits64 rng) (Random.State.int rng 64)
  | 2 -> Int64.add 0x4000000000000000L (Int64.of_int (Random.State.int rng 5 - 2))
  | _ -> Int64.add Int64.max_int (Int64.of_int (Random.State.int rng 5))

let random_float () =
  match Random.State.int rng 3 with
  | 0 -> Int64.float_of_bits (Random.State.bits64 rng)
  | 1 -> Float.ldexp (Random.State.float rng 2. -. 1.) (Random.State.int rng 130)
  | _ -> Float.ldexp (float (Random.State.int rng 2048 - 1024)) (50 + Random.State.int rng 20)

let genarray_ints ga = Array.init (Bigarray.Genarray.nth_dim ga 0) (fun i -> Bigarray.Genarray.get ga [| i |])

let test_ocaml_int () =
  let n = 4096 in
  let i64 = Array.init n (fun _ -> random_int64 ()) in
  let check_wrap name dt vs want =
    let ga = to_bigarray ~overflow:Wrap Bigarray.int (of_array dt [| n |] vs) in
    let got = genarray_ints ga in
    let bad = ref 0 in
    Array.iteri
      (fun i g ->
        if g <> want i then begin
          incr bad;
          if !bad <= 3 then check false "%s: element %d gives %d, want %d" name i g (want i)
        end)
      got;
    check (!bad = 0) "%s: %d elements differ" name !bad;
    (* Read back, the words are what Genarray.get says they are. *)
    let back = to_array (of_bigarray Dtype.Int64 ga) in
    check (Array.for_all2 (fun b g -> Int64.equal b (Int64.of_int g)) back got)
      "%s: of_bigarray Int64 reads as Genarray.get" name
  in
  check_wrap "wrap int64" Dtype.Int64 i64 (fun i -> wrap63 i64.(i));
  check_wrap "wrap uint64" Dtype.Uint64 i64 (fun i -> wrap63 i64.(i));
  let fs = Array.init n (fun _ -> random_float ()) in
  check_wrap "wrap float64" Dtype.Float64 fs (fun i -> wrap63_float fs.(i));
  (* Saturation keeps the 63-bit range. *)
  let ga = to_bigarray Bigarray.int (of_array Dtype.Int64 [| 2 |] [| Int64.max_int; Int64.min_int |]) in
  check (genarray_ints ga = [| max_int; min_int |]) "int saturates to 63 bits";
  (* A word whose top two bits differ reads as Genarray.get reads it. *)
  let file = Filename.temp_file "nx_trust" ".bin" in
  Fun.protect ~finally:(fun () -> Sys.remove file) (fun () ->
      let words = [| Int64.max_int; Int64.min_int; 0x4000000000000000L; -1L |] in
      Out_channel.with_open_bin file (fun oc ->
          Out_channel.output_string oc (to_string (of_array Dtype.Int64 [| 4 |] words)));
      let fd = Unix.openfile file [ Unix.O_RDONLY ] 0 in
      Fun.protect ~finally:(fun () -> Unix.close fd) (fun () ->
          let ga = Unix.map_file fd Bigarray.int Bigarray.c_layout false [| 4 |] in
          let got = to_array (of_bigarray Dtype.Int64 ga) in
          let want = Array.map Int64.of_int (genarray_ints ga) in
          check (got = want) "words read as Genarray.get: %s"
            (String.concat " " (Array.to_list (Array.map Int64.to_string got)));
          check (want.(0) = -1L) "the word 0x7fff... is -1 to Genarray.get"))

(* {1 Views from several domains} *)

(* Two domains make the first view of the same array at once, many times.
   A proxy attached twice would free the data under a live view: views
   filled afterwards would then lose their bytes to later allocations. *)
let test_views_from_domains () =
  let rounds = 3000 in
  let go = Atomic.make 0 and arrived = Atomic.make 0 and finished = Atomic.make 0 in
  let slot = ref None in
  let target = ref (create Dtype.Uint8 [| 1 |]) in
  let wait c n = while Atomic.get c < n do Domain.cpu_relax () done in
  let worker () =
    for r = 1 to rounds do
      Atomic.incr arrived;
      wait go r;
      slot := to_bigarray_view !target;
      Atomic.incr finished
    done
  in
  let kept = ref [] in
  let d = Domain.spawn worker in
  for r = 1 to rounds do
    target := create Dtype.Uint8 [| 64 |];
    wait arrived r;
    Atomic.set go r;
    let mine = Option.get (to_bigarray_view !target) in
    wait finished r;
    let theirs = Option.get !slot in
    if r mod 8 = 0 then kept := (mine, theirs, r land 0xff) :: !kept;
    Bigarray.Genarray.fill mine (r land 0xff)
  done;
  Domain.join d;
  target := create Dtype.Uint8 [| 1 |];
  Gc.full_major ();
  (* Fresh allocations reuse any freed storage. *)
  let fresh =
    List.init 500 (fun _ ->
        Bigarray.Array1.init Bigarray.int8_unsigned Bigarray.c_layout 64 (fun _ -> 0xa5))
  in
  let all v b =
    let r = ref true in
    for i = 0 to 63 do if Bigarray.Genarray.get v [| i |] <> b then r := false done;
    !r
  in
  let ok = List.for_all (fun (v0, v1, b) -> all v0 b && all v1 b) !kept in
  ignore (Sys.opaque_identity fresh);
  check ok "views made from two domains keep their bytes"

(* {1 Padding bits}

   An of_buffer array of elements of fewer than 8 bits may have its last
   byte's unused bits set: no function reads them, and every function that
   makes bytes (copy, of_string, to_string, cast, the file writers) makes
   them zero, while those that write into an array (set, fill, blit,
   cast_into) write its elements alone. *)

let dirty_buffer dt size =
  let a = create dt [| size |] in
  for i = 0 to size - 1 do set_bits a [| i |] (Int64.of_int (i land if Dtype.bits dt = 1 then 1 else 7)) done;
  let b = buffer (copy a) in
  let last = Bigarray.Array1.dim b - 1 in
  let used = size * Dtype.bits dt mod 8 in
  Bigarray.Array1.set b last (Char.chr (Char.code (Bigarray.Array1.get b last) lor (0xff lsl used land 0xff)));
  (b, used)

let padding_of_bytes ~used s = Char.code s.[String.length s - 1] lsr used
let padding ~used a =
  let b = buffer a in
  Char.code (Bigarray.Array1.get b (Bigarray.Array1.dim b - 1)) lsr used

let test_padding () =
  let one : type v s. (v, s) Dtype.t -> int -> unit = fun dt size ->
    let name = Printf.sprintf "%s[%d]" (Dtype.name dt) size in
    let b, used = dirty_buffer dt size in
    let a = of_buffer dt [| size |] b in
    check (padding ~used a <> 0) "%s: the test's buffer has padding" name;
    let clean = of_array dt [| size |] (to_array a) in
    check (equal a clean) "%s: equal ignores padding" name;
    check (padding ~used (copy a) = 0) "%s: copy" name;
    check (padding_of_bytes ~used (to_string a) = 0) "%s: to_string" name;
    check (padding_of_bytes ~used (to_string ~byte_order:Big_endian a) = 0) "%s: to_string big-endian" name;
    let raw = String.init (Bigarray.Array1.dim b) (Bigarray.Array1.get b) in
    check (padding ~used (of_string dt [| size |] raw) = 0) "%s: of_string" name;
    check (padding ~used (cast dt a) = 0) "%s: cast" name;
    check (padding ~used (cast dt (cast Dtype.Float32 a)) = 0) "%s: cast back" name;
    let into = create dt [| size |] in
    blit a into;
    check (padding ~used into = 0 && equal into a) "%s: blit keeps its destination's padding" name;
    let into = create dt [| size |] in
    cast_into a into;
    check (padding ~used into = 0 && equal into a) "%s: cast_into keeps its destination's padding" name;
    let dirty_dst = of_buffer dt [| size |] (fst (dirty_buffer dt size)) in
    let before = padding ~used dirty_dst in
    blit clean dirty_dst;
    check (padding ~used dirty_dst = before && equal dirty_dst clean)
      "%s: blit into a dirty destination writes its elements alone" name;
    (* Safetensors refuses elements that do not fill whole bytes: no
       padding reaches its files. *)
    raises_invalid_arg ~name:(name ^ ": Safetensors.to_string") (fun () ->
        Safetensors.to_string [ ("t", Safetensors.Tensor a) ]);
    match Npy.of_string_as dt (Npy.to_string a) with
    | Ok r -> check (padding ~used r = 0 && equal r a) "%s: Npy round trip" name
    | Error e -> check false "%s: Npy: %s" name e
  in
  List.iter (fun n -> one Dtype.Int4 n; one Dtype.Uint4 n; one Dtype.Float4_e2m1fn n) [ 1; 3; 5 ];
  List.iter (fun n -> one Dtype.Bit n) [ 1; 3; 7; 9; 15 ]

(* {1 Names of descriptors}

   /dev/stdout, /dev/fd/N, /proc/self/fd/N and /proc/<pid>/fd/N name a
   descriptor of this process: the writers write through it, where it is
   (appending if it appends: a shell's >>), instead of replacing the file
   it has open. *)

let test_descriptor_paths () =
  let a = of_array Dtype.Float32 [| 3 |] [| 1.; 2.; -3.5 |] in
  let npz_reads name rest =
    match Result.bind (Npy.Npz.of_string rest) (fun z -> Npy.Npz.read z "a") with
    | Ok (Npy.Any r) -> check (equal r a) "%s: the archive's array" name
    | Error e -> check false "%s: the archive: %s" name e
  in
  let writers =
    [ ( "Safetensors",
        (fun p -> Safetensors.write_file p [ ("a", Safetensors.Tensor a) ]),
        fun name rest ->
          check (rest = Safetensors.to_string [ ("a", Safetensors.Tensor a) ]) "%s: bytes" name );
      ("Npy", (fun p -> Npy.write_file p a), fun name rest -> check (rest = Npy.to_string a) "%s: bytes" name);
      ("Npz", (fun p -> Npy.Npz.write_file p [ ("a", Npy.Any a) ]), npz_reads);
      ("Npz deflated", (fun p -> Npy.Npz.write_file ~compress:true p [ ("a", Npy.Any a) ]), npz_reads) ]
  in
  let modes =
    [ ("appending after a prefix", "prefix", Unix.[ O_WRONLY; O_APPEND ]);
      ("appending to an empty file", "", Unix.[ O_WRONLY; O_APPEND ]);
      ("after a prefix", "prefix", Unix.[ O_WRONLY ]);
      ("truncated", "", Unix.[ O_WRONLY; O_TRUNC ]) ]
  in
  let paths n =
    [ Printf.sprintf "/dev/fd/%d" n; Printf.sprintf "/proc/self/fd/%d" n;
      Printf.sprintf "/proc/%d/fd/%d" (Unix.getpid ()) n; "/dev/stdout" ]
  in
  List.iter
    (fun (writer, write, judge) ->
      List.iter
        (fun (mode, prefix, flags) ->
          List.iter
            (fun path_of ->
              let file = Filename.temp_file "nx_fd" ".out" in
              Out_channel.with_open_bin file (fun oc -> output_string oc prefix);
              let ino = (Unix.stat file).Unix.st_ino in
              let fd = Unix.openfile file flags 0 in
              if not (List.mem Unix.O_APPEND flags) then
                ignore (Unix.lseek fd (String.length prefix) Unix.SEEK_SET);
              let n = (Obj.magic fd : int) in
              let path = path_of n in
              let name = Printf.sprintf "%s to %s, %s" writer path mode in
              (* /dev/stdout: this process's stdout is the file meanwhile. *)
              let saved = Unix.dup Unix.stdout in
              if path = "/dev/stdout" then Unix.dup2 fd Unix.stdout;
              let r = write path in
              Unix.dup2 saved Unix.stdout;
              Unix.close saved;
              Unix.close fd;
              check (r = Ok ()) "%s: written" name;
              check ((Unix.stat file).Unix.st_ino = ino) "%s: the same file, not replaced" name;
              let got = In_channel.with_open_bin file In_channel.input_all in
              let k = String.length prefix in
              check (String.length got >= k && String.sub got 0 k = prefix) "%s: prefix kept" name;
              if String.length got >= k then judge name (String.sub got k (String.length got - k));
              Sys.remove file)
            (List.map (fun p -> fun n -> List.nth (paths n) p) [ 0; 1; 2; 3 ]))
        modes)
    writers

let () =
  test_many_dims ();
  test_descriptor_paths ();
  test_padding ();
  test_pp_bounded ();
  test_checks_first ();
  test_overlap ();
  test_ocaml_int ();
  test_views_from_domains ();
  finish "test_trust"
