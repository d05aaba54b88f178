(* Nx_array.Npy against numpy: files numpy, ml_dtypes and Python's zipfile
   wrote (gen_files.py) read to the bytes and dimensions they hold, mapped,
   from strings and a piece at a time; numpy's own files written again
   byte for byte; every array written by every writer and read back; a
   catalogue of broken archives, each refused with what is wrong; the
   writers' refusals and their atomic replacement. Writes, in ours/, the
   files check_python.py reads back with numpy when python3 has it. *)

open Nx_array
open Files
open Npy_files

let check = Check.check

(* {1 What the files hold} *)

type expected = {
  file : string;
  member : string option;
  as_ : Dtype.any option;  (* the dtype named when reading *)
  dtype : string;
  dims : int array;
  data : string;  (* hex, or "md5:" and the MD5 *)
}

let expected =
  List.filter_map
    (fun l ->
      match words l with
      | [ file; member; as_; dtype; dims; data ] ->
          Some
            { file; member = (if member = "-" then None else Some member);
              as_ = (if as_ = "-" then None else Dtype.of_name as_); dtype;
              dims = dims_of dims; data }
      | _ -> None)
    (lines "expected.txt")

let ok what = function
  | Ok v -> Some v
  | Error m -> check false "%s: %s" what m; None

(* An array read is the one expected: dtype, dimensions, bytes. *)
let check_array what e (Npy.Any a as any) =
  let got = bytes_of any in
  check
    (Dtype.name (dtype a) = e.dtype && dims a = e.dims && same_data e.data got)
    "%s: %s [%s] %s, expected %s [%s] %s" what (Dtype.name (dtype a)) (pp_dims (dims a))
    (show got) e.dtype (pp_dims e.dims) (show_data e.data)

(* The pieces [iter] gives, of at most 8 elements, joined: 8 elements of
   4 bits or 1 fill whole bytes, so they are the array's bytes. *)
let check_pieces what e iter =
  let b = Buffer.create 64 and k = ref 0 in
  match
    iter (fun (Npy.Any a as any) ->
        check (ndims a = 1 && size a <= 8) "%s: a piece of %d elements" what (size a);
        check (Dtype.name (dtype a) = e.dtype) "%s: a piece of %s" what (Dtype.name (dtype a));
        Buffer.add_string b (bytes_of any);
        k := !k + size a)
  with
  | Error m -> check false "%s: %s" what m
  | Ok () ->
      check (same_data e.data (Buffer.contents b)) "%s: the pieces' bytes %s" what
        (show (Buffer.contents b));
      check (!k = Array.fold_left ( * ) 1 e.dims) "%s: %d elements in the pieces" what !k

let typed r = Result.map (fun a -> Npy.Any a) r

(* {1 Reading} *)

let test_npy_files () =
  List.iter
    (fun e ->
      if e.member = None then begin
        let what = e.file and b = buffer_of_string (read e.file) in
        let dtype = e.as_ in
        check_pieces (what ^ " pieces") e (fun f -> Npy.iter_pieces ?dtype ~piece:8 b f);
        match e.as_ with
        | None ->
            Option.iter (check_array (what ^ " mapped") e) (ok what (Npy.map_file e.file));
            Option.iter (check_array (what ^ " string") e) (ok what (Npy.of_string (read e.file)))
        | Some (Dtype.Any dt) ->
            let what = Printf.sprintf "%s as %s" what (Dtype.name dt) in
            Option.iter (check_array (what ^ " mapped") e) (ok what (typed (Npy.map_file_as dt e.file)));
            Option.iter (check_array (what ^ " buffer") e) (ok what (typed (Npy.of_buffer_as dt b)));
            (* np.save's descriptors of ml_dtypes' arrays: only as named. *)
            if e.dtype <> "bit" then
              check
                (match Npy.map_file e.file with
                 | Error m -> contains m "name their dtype"
                 | Ok _ -> false)
                "%s: read without its dtype named" e.file
      end)
    expected

let test_npz_files () =
  let archives = List.sort_uniq compare (List.filter_map (fun e -> Option.map (fun _ -> e.file) e.member) expected) in
  List.iter
    (fun file ->
      let mine = List.filter (fun e -> e.file = file && e.member <> None) expected in
      Option.iter
        (fun z ->
          let names = List.map (fun (m : Npy.Npz.member) -> m.name) (Npy.Npz.members z) in
          List.iter
            (fun e ->
              let m = Option.get e.member in
              let what = Printf.sprintf "%s: %s" file m in
              check (List.mem m names) "%s: listed" what;
              let dtype = e.as_ in
              (match e.as_ with
               | None ->
                   Option.iter (check_array what e) (ok what (Npy.Npz.read z m));
                   Option.iter (check_array (what ^ " .npy") e) (ok what (Npy.Npz.read ~crc:false z (m ^ ".npy")))
               | Some (Dtype.Any dt) ->
                   Option.iter (check_array what e) (ok what (typed (Npy.Npz.read_as dt z m))));
              check_pieces (what ^ " pieces") e (fun f -> Npy.Npz.iter_pieces ?dtype ~piece:8 z m f);
              (match Npy.Npz.header z m with
               | Ok (h, _) -> check (Array.length h.shape = Array.length e.dims) "%s: header" what
               | Error msg -> check false "%s: header: %s" what msg);
              (* get_as and get_bigarray: a float member's values in
                 float64, as cast gives them; another member refused,
                 naming it. *)
              (match (e.as_, Npy.Npz.read z m) with
               | None, Ok (Npy.Any a) ->
                   let floats = Dtype.is Dtype.Float (Nx_array.dtype a) in
                   let same x y = to_string x = to_string y in
                   (match Npy.Npz.get_as Dtype.Float64 z m with
                    | Ok g ->
                        check (floats && same g (cast Dtype.Float64 a)) "%s: get_as" what
                    | Error msg ->
                        check ((not floats) && contains msg "not floats" && contains msg m)
                          "%s: get_as: %s" what msg);
                   (match Npy.Npz.get_bigarray Bigarray.float64 z m with
                    | Ok b ->
                        check (floats && same (of_bigarray Dtype.Float64 b) (cast Dtype.Float64 a))
                          "%s: get_bigarray" what
                    | Error msg ->
                        check ((not floats) || ndims a > 16) "%s: get_bigarray: %s" what msg)
               | _ -> ());
              (* members gives the header and dtype with no other call. *)
              match List.find_opt (fun (x : Npy.Npz.member) -> x.name = m) (Npy.Npz.members z) with
              | Some { contents = Array { header; dtype = d; _ }; _ } ->
                  check (header.shape = e.dims || header.fortran_order) "%s: members' shape" what;
                  check
                    (match (d, e.as_) with
                     | Some _, None | None, Some _ -> true
                     | Some (Dtype.Any a), Some (Dtype.Any b) -> Dtype.code a = Dtype.code b
                     | None, None -> false)
                    "%s: members' dtype" what
              | _ -> check false "%s: members' contents" what)
            mine;
          check (List.length names >= List.length mine) "%s: members" file;
          (* Read into memory instead of mapped: the same members, each
             read to the same bytes or refused the same way. *)
          match Npy.Npz.read_file file with
          | Error m -> check false "%s: read_file: %s" file m
          | Ok r ->
              check (Npy.Npz.members r = Npy.Npz.members z) "%s: read_file's members" file;
              List.iter
                (fun (m : Npy.Npz.member) ->
                  let bytes x =
                    Result.map (fun (Npy.Any a) -> to_string a) (Npy.Npz.read x m.file_name)
                  in
                  check (bytes r = bytes z) "%s: %s read_file and map_file" file m.file_name)
                (Npy.Npz.members z))
        (ok file (Npy.Npz.map_file file)))
    ("npz/empty.npz" :: archives);
  (* A member that is not a .npy file is listed, and refused when read. *)
  match Npy.Npz.map_file "npz/extras.npz" with
  | Error m -> check false "extras: %s" m
  | Ok z ->
      check
        (List.exists
           (fun (m : Npy.Npz.member) -> m.file_name = "readme.txt" && m.contents = Npy.Npz.Not_npy)
           (Npy.Npz.members z))
        "extras: readme.txt listed, not .npy";
      check
        (match Npy.Npz.read z "readme.txt" with Error m -> contains m "not a .npy file" | Ok _ -> false)
        "extras: readme.txt refused";
      check (match Npy.Npz.read z "nope" with Error m -> contains m "no member" | Ok _ -> false)
        "extras: no member nope"

(* Arrays over the file's bytes where they are little-endian and stored. *)
let test_sharing () =
  let shared file member =
    let s = read file in
    let b = buffer_of_string s in
    let first = match member with
      | None -> Npy.of_buffer b
      | Some m -> Result.bind (Npy.Npz.of_buffer b) (fun z -> Npy.Npz.read ~crc:false z m)
    in
    match first with
    | Error m -> check false "%s: %s" file m; false
    | Ok (Npy.Any a) ->
        let before = bytes_of (Npy.Any a) in
        Bigarray.Array1.fill b '\x55';
        bytes_of (Npy.Any a) <> before
  in
  check (shared "npy/le_float32.npy" None) "le_float32: shares the file's bytes";
  check (not (shared "npy/be_float32.npy" None)) "be_float32: a copy";
  check (not (shared "npy/named_int4.npy" None)) "named_int4: a copy";
  check (shared "npz/savez.npz" (Some "float64")) "savez float64: shares the archive's bytes";
  check (not (shared "npz/savez_compressed.npz" (Some "float64"))) "compressed: a copy"

(* {1 Writing} *)

(* The array of an expected line, built from its bytes. *)
let array_of e =
  let (Dtype.Any dt) = dtype_of_name e.dtype in
  let s = of_hex e.data in
  Npy.Any (of_string dt e.dims s)

(* numpy's files, written again byte for byte. *)
let test_same () =
  List.iter
    (fun l ->
      match words l with
      | [ "same"; file; "-"; how ] -> (
          let mine = List.filter (fun e -> e.file = file) expected in
          let got =
            match how, mine with
            | "stored", _ ->
                Npy.Npz.to_string (List.map (fun e -> (Option.get e.member, array_of e)) mine)
            | _, [ e ] ->
                let (Npy.Any a) = array_of e in
                if how = "be" then Npy.to_string ~byte_order:Big_endian a
                else Npy.to_string ~fortran_order:(how = "fortran") a
            | _ -> "?"
          in
          let want = read file in
          check (got = want) "%s: written %s, numpy wrote %s" file (show got) (show want))
      | _ -> ())
    (lines "expected.txt")

let mkdir d = try Sys.mkdir d 0o755 with Sys_error _ -> ()

(* A file's array read back, its dtype named as the expected line names
   it (Bit is written as numpy's bool). *)
type 'a reader = {
  any : 'a -> (Npy.any, string) result;
  typed : 'v 's. ('v, 's) Dtype.t -> 'a -> (('v, 's) Nx_array.t, string) result;
}

let read_back e r x = match e.as_ with None -> r.any x | Some (Dtype.Any dt) -> typed (r.typed dt x)

let npz_reader z = { any = (fun n -> Npy.Npz.read z n); typed = (fun dt n -> Npy.Npz.read_as dt z n) }

(* Every array through every writer, read back; the files for
   check_python.py in ours/. *)
let test_round_trips () =
  mkdir "ours";
  let listing = Buffer.create 4096 in
  let list file member e =
    Printf.bprintf listing "%s %s %s %s %s\n" file member e.dtype
      (if e.dims = [||] then "-" else pp_dims e.dims) (if e.data = "" then "-" else e.data)
  in
  let small = List.filter (fun e -> not (String.starts_with ~prefix:"md5:" e.data)) expected in
  let arrays = List.mapi (fun i e -> (Printf.sprintf "a%d_%s" i e.dtype, e)) small in
  List.iter
    (fun (name, e) ->
      let (Npy.Any a) = array_of e in
      List.iter
        (fun (how, byte_order, fortran_order) ->
          let big = byte_order = Big_endian && Dtype.code (dtype a) = Dtype.code Dtype.Bfloat16 in
          match Npy.to_string ~byte_order ~fortran_order a with
          | exception Invalid_argument m ->
              check (big && contains m "big-endian") "%s %s: %s" name how m
          | s ->
              check (not big) "%s %s: written" name how;
              let file = Printf.sprintf "ours/%s_%s.npy" name how in
              Out_channel.with_open_bin file (fun oc -> output_string oc s);
              list file "-" e;
              Option.iter (check_array (name ^ " " ^ how) e)
                (ok name (read_back e { any = Npy.of_string; typed = Npy.of_string_as } s));
              Option.iter (check_array (name ^ " " ^ how ^ " mapped") e)
                (ok name (read_back e { any = Npy.map_file; typed = Npy.map_file_as } file)))
        [ ("le", Little_endian, false); ("be", Big_endian, false); ("fortran", Little_endian, true) ])
    arrays;
  let npz how ?compress ?zip64 ?byte_order () =
    let members =
      List.filter
        (fun (_, e) -> not (byte_order = Some Big_endian && e.dtype = "bfloat16"))
        arrays
    in
    let file = Printf.sprintf "ours/all_%s.npz" how in
    (match Npy.Npz.write_file ?compress ?zip64 ?byte_order file
             (List.map (fun (n, e) -> (n, array_of e)) members) with
     | Error m -> check false "%s: %s" file m
     | Ok () -> ());
    Option.iter
      (fun z ->
        List.iter
          (fun (n, e) ->
            list file n e;
            Option.iter (check_array (file ^ ": " ^ n) e)
              (ok n (read_back e (npz_reader z) n)))
          members)
      (ok file (Npy.Npz.map_file file))
  in
  npz "stored" ();
  npz "compressed" ~compress:true ();
  npz "zip64" ~zip64:true ~compress:true ();
  npz "be" ~byte_order:Big_endian ();
  (* To a pipe: data descriptors instead of sizes written back. *)
  let r, w = Unix.pipe () in
  let some = List.filteri (fun i _ -> i < 6) arrays in
  Npy.Npz.output ~compress:true w
    (List.map (fun (n, e) -> let (Npy.Any a) = array_of e in Npy.stream n a) some);
  Unix.close w;
  let ic = Unix.in_channel_of_descr r in
  let s = In_channel.input_all ic in
  close_in ic;
  Out_channel.with_open_bin "ours/all_pipe.npz" (fun oc -> output_string oc s);
  check (Char.code s.[6] land 8 = 8) "pipe: the data descriptor flag";
  Option.iter
    (fun z ->
      List.iter
        (fun (n, e) ->
          list "ours/all_pipe.npz" n e;
          Option.iter (check_array ("pipe: " ^ n) e)
            (ok n (read_back e (npz_reader z) n)))
        some)
    (ok "pipe" (Npy.Npz.of_string s));
  Out_channel.with_open_bin "ours/listing.txt" (fun oc -> Buffer.output_buffer oc listing)

(* {1 Broken archives} *)

let test_malformed () =
  let numpy_reads = ref 0 and n = ref 0 and read = ref 0 in
  List.iter
    (fun l ->
      match words l with
      | [ name; h; verdict; must ] ->
          incr n;
          if verdict = "reads" && must <> "-" then incr numpy_reads;
          let must = String.map (function '_' -> ' ' | c -> c) must in
          let first_error =
            match Npy.Npz.of_string (of_hex h) with
            | Error m -> Some m
            | Ok z ->
                List.find_map
                  (fun (m : Npy.Npz.member) ->
                    let r = Npy.Npz.read z m.file_name in
                    let pieces = Npy.Npz.iter_pieces z m.file_name ignore in
                    check (Result.is_ok r = Result.is_ok pieces) "%s: %s: read and iter_pieces differ" name m.file_name;
                    match r with Error e -> Some e | Ok _ -> None)
                  (Npy.Npz.members z)
          in
          (match first_error with
           | Some m when must = "-" -> check false "%s: refused (numpy %s it): %s" name verdict m
           | Some m -> check (contains m must) "%s: %S does not say %S" name m must
           | None when must = "-" -> incr read
           | None -> check false "%s: read (numpy %s it)" name verdict)
      | _ -> check false "malformed.txt: a bad line %S" l)
    (lines "malformed.txt");
  Printf.printf "npz malformed: %d archives refused, %d of which numpy reads; %d read as numpy reads them\n"
    (!n - !read) !numpy_reads !read

(* {1 The writers' refusals} *)

let raises ~name ~substring f =
  match f () with
  | _ -> check false "%s: no Invalid_argument" name
  | exception Invalid_argument m ->
      check (String.starts_with ~prefix:"Nx_array.Npy." m && contains m substring)
        "%s: message %S does not name the function or say %S" name m substring
  | exception e -> check false "%s: raised %s" name (Printexc.to_string e)

let test_refusals () =
  let bf = create Dtype.Bfloat16 [| 2 |] and f = create Dtype.Float32 [| 3 |] in
  raises ~name:"descr big bfloat16" ~substring:"big-endian" (fun () ->
      Npy.descr ~byte_order:Big_endian Dtype.Bfloat16);
  raises ~name:"to_string big bfloat16" ~substring:"big-endian" (fun () ->
      Npy.to_string ~byte_order:Big_endian bf);
  raises ~name:"65 dimensions" ~substring:"to_string: 65 dimensions" (fun () ->
      Npy.to_string (create Dtype.Uint8 (Array.make 65 1)));
  raises ~name:"npz twice" ~substring:"twice" (fun () ->
      Npy.Npz.to_string [ ("x", Npy.Any f); ("x", Npy.Any bf) ]);
  raises ~name:"npz not UTF-8" ~substring:"UTF-8" (fun () -> Npy.Npz.to_string [ ("\xff", Npy.Any f) ]);
  let short = { (Npy.stream "s" f) with write = (fun emit -> emit (Bigarray.Array1.sub (buffer f) 0 4)) } in
  let long = { (Npy.stream "l" f) with write = (fun emit -> emit (buffer f); emit (buffer f)) } in
  let partial = { (Npy.stream "p" f) with write = (fun emit -> emit (Bigarray.Array1.sub (buffer f) 0 6)) } in
  (* A failing write leaves an old file as it was, and nothing beside. *)
  mkdir "w";
  let old = "w/old.npz" in
  Out_channel.with_open_bin old (fun oc -> output_string oc "old");
  List.iter
    (fun (name, s, substring) ->
      raises ~name ~substring (fun () -> Npy.Npz.write_streams old [ s ]);
      check (read old = "old") "%s: the old file changed" name)
    [ ("short stream", short, "gives 4 bytes, not 12"); ("long stream", long, "more than its 12 bytes");
      ("partial element", partial, "part of a 4-byte element") ];
  check (Sys.readdir "w" = [| "old.npz" |]) "no temporary file left: %s"
    (String.concat " " (Array.to_list (Sys.readdir "w")));
  check (match Npy.write_file "w" f with Error m -> contains m "directory" | Ok () -> false) "to a directory";
  check (match Npy.Npz.write_file "nodir/x.npz" [] with Error m -> contains m "nodir" | Ok () -> false) "to no directory";
  (match Npy.write_file old f with
   | Ok () -> check (Result.is_ok (Npy.map_file old)) "replaced"
   | Error m -> check false "replace: %s" m);
  check (match Npy.of_string "" with Error m -> contains m "cut short" || contains m "magic" | Ok _ -> false) "an empty .npy";
  check (match Npy.of_buffer_as Dtype.Float32 (buffer_of_string (read "npy/le_float64.npy")) with
         | Error m -> contains m "are not float32 elements" | Ok _ -> false) "float64 as float32"

(* np.save's header: room for the growth axis to reach 21 digits, then
   its alignment. Sizes from numpy 2.4's np.save of float32 zeros. *)
(* np.save's headers (headers.txt, gen_files.py): every rank 0-32, a
   first axis of 1 and of 1000, numpy's dtypes, byte for byte, spare
   padding and all. *)
let test_header_padding () =
  let n = ref 0 in
  List.iter
    (fun l ->
      match words l with
      | [ dt; order; dims; h ] -> (
          let dims =
            if dims = "-" then [||]
            else Array.of_list (List.map int_of_string (String.split_on_char ',' dims))
          in
          match Dtype.of_name dt with
          | None -> check false "headers.txt: no dtype %s" dt
          | Some (Dtype.Any d) ->
              incr n;
              let s = Npy.to_string ~fortran_order:(order = "F") (create d dims) in
              let want = of_hex h in
              let got = String.sub s 0 (min (String.length s) (String.length want)) in
              check (got = want) "%s %s %d dimensions: header %S, np.save's %S" dt order
                (Array.length dims) got want)
      | _ -> check false "headers.txt: a bad line %S" l)
    (lines "headers.txt");
  check (!n > 900) "headers.txt: %d headers" !n

(* A member's error names the archive's file, when it was mapped from one. *)
let test_errors_name_the_archive () =
  let h =
    List.find_map
      (fun l -> match words l with [ "stored_bad_crc"; h; _; _ ] -> Some h | _ -> None)
      (lines "malformed.txt")
  in
  let path = Filename.temp_file "bad_crc" ".npz" in
  Out_channel.with_open_bin path (fun oc -> output_string oc (of_hex (Option.get h)));
  (match Npy.Npz.map_file path with
   | Error m -> check false "stored_bad_crc: %s" m
   | Ok z ->
       let errors =
         List.filter_map
           (fun (m : Npy.Npz.member) ->
             match Npy.Npz.read z m.file_name with Error e -> Some e | Ok _ -> None)
           (Npy.Npz.members z)
       in
       check (errors <> []) "stored_bad_crc: no member refused";
       List.iter
         (fun e -> check (String.starts_with ~prefix:(path ^ ": member") e) "%S does not name %s" e path)
         errors);
  Sys.remove path

let () =
  test_header_padding ();
  test_npy_files ();
  test_npz_files ();
  test_sharing ();
  test_same ();
  test_round_trips ();
  test_malformed ();
  test_refusals ();
  test_errors_name_the_archive ();
  Check.finish "npy"
